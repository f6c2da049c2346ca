/**
 * A modal dialog on the native <dialog> element: it traps focus, closes on Escape and
 * returns focus to the control that opened it. Closed by its Close button (spec section 4).
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { button } from "../../styles/ui.css";
import * as css from "./dialog.css";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className={css.dialog} aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <>
          <div className={css.header}>
            <h2 id={titleId} className={css.title}>
              {title}
            </h2>
            <button type="button" className={button.ghost} onClick={onClose}>
              Close
            </button>
          </div>
          <div className={css.body}>{children}</div>
        </>
      )}
    </dialog>
  );
}

export type VideoSource = { src: string; poster: string; captions: string; title: string; description: string };

/** A video with its poster and captions; the text inside shows where video is unsupported. */
export function Video({ video, autoPlay = false }: { video: VideoSource; autoPlay?: boolean }) {
  return (
    <video className={css.video} controls preload="none" poster={video.poster} autoPlay={autoPlay} playsInline width={640} height={360}>
      <source src={video.src} type="video/mp4" />
      <track kind="captions" src={video.captions} srcLang="en" label="English" default />
      Your browser does not support the video tag.
    </video>
  );
}
