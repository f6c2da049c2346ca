/**
 * A toast's words written on the page: what a visitor without JavaScript sees where, with
 * it, a toast would say them (the same constants, app/content/toasts.ts). A page renders it
 * from its action's answer or from the query parameter its action redirected with.
 */
import { failureToast, type ToastWords } from "~/content/toasts";
import * as css from "./forms.css";

type Props = { toast: ToastWords; kind?: "success" | "error"; id?: string };

export function ToastBanner({ toast, kind = "success", id }: Props) {
  const success = kind === "success";
  return (
    <p id={id} className={success ? css.successBanner : css.banner} role={success ? "status" : "alert"} data-testid="toast-banner">
      <strong className={css.bannerTitle}>{toast.title}</strong> {toast.description}
    </p>
  );
}

/**
 * A form's own message (the shop refused or failed it), above the fields. A failure the spec
 * toasts (e.g. 'Submission Failed') is written as its toast: title and text.
 */
export function FormMessage({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  const toast = failureToast(message);
  if (toast) return <ToastBanner id={id} toast={toast} kind="error" />;
  return (
    <p id={id} className={css.banner} role="alert">
      {message}
    </p>
  );
}
