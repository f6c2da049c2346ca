/**
 * A button and the dialog it opens (the home page's promo, video and entertainment
 * dialogs): both are the browser's own, so they work before the section's code has loaded
 * and without JavaScript (see ui/Dialog.tsx).
 */
import type { ReactNode } from "react";
import { Dialog, DialogOpener } from "~/components/ui/Dialog";
import { button } from "~/styles/ui.css";

type Props = {
  /** The dialog's id, unique on the page. */
  id: string;
  /** The button's text. */
  label: string;
  /** The button's accessible name when the text alone is ambiguous on the page. */
  ariaLabel?: string;
  title: string;
  variant?: keyof typeof button;
  /** Play the dialog's video as it opens. */
  playOnOpen?: boolean;
  children: ReactNode;
};

export function DialogButton({ id, label, ariaLabel, title, variant = "ghost", playOnOpen, children }: Props) {
  return (
    <>
      <DialogOpener dialogId={id} className={button[variant]} ariaLabel={ariaLabel}>
        {label}
      </DialogOpener>
      <Dialog id={id} title={title} playOnOpen={playOnOpen}>
        {children}
      </Dialog>
    </>
  );
}
