/**
 * The shop's one toast helper (sonner): one toast visible at a time, 5 s each, swipe
 * right to dismiss, F8 to reach the toasts from the keyboard (spec section 9).
 */
import { Toaster as SonnerToaster, toast } from "sonner";

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  return (
    <SonnerToaster
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      swipeDirections={["right"]}
      hotkey={["F8"]}
      position="bottom-right"
      theme="dark"
      richColors
    />
  );
}

/** A success toast: a title and a description. */
export const notifySuccess = (title: string, description?: string) => {
  toast.dismiss();
  toast.success(title, { description });
};

/** A destructive toast, for failures. */
export const notifyError = (title: string, description?: string) => {
  toast.dismiss();
  toast.error(title, { description });
};
