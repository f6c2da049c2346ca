/**
 * A button that opens a dialog (promo, video and entertainment dialogs of the home page);
 * the dialog's Close button, Escape or a video ending do not change anything else.
 */
import { useState, type ReactNode } from "react";
import { Dialog } from "~/components/ui/Dialog";
import { button } from "~/styles/ui.css";

type Props = {
  /** The button's text. */
  label: string;
  /** The button's accessible name when the text alone is ambiguous on the page. */
  ariaLabel?: string;
  title: string;
  variant?: keyof typeof button;
  children: ReactNode;
};

export function DialogButton({ label, ariaLabel, title, variant = "ghost", children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={button[variant]} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        {children}
      </Dialog>
    </>
  );
}
