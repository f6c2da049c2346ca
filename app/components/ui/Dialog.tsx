/**
 * A modal dialog that the browser runs itself, so it works before and without JavaScript
 * (decision 0017; a home section's code may not have loaded yet, see LazySection): a native
 * <dialog>, opened by a button that names it (HTML invoker commands: `commandfor` and
 * `command="show-modal"`) and closed by its Close button (a `method="dialog"` form) or
 * Escape (spec section 4). While it is open the browser keeps the focus inside it (the page
 * behind is inert), and on closing it gives the focus back to the opener.
 *
 * JavaScript adds what the browser does not: it opens the dialog where the browser has no
 * invoker commands yet, plays its video on opening (`playOnOpen`) and pauses it on closing.
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { button } from "../../styles/ui.css";
import * as css from "./dialog.css";

type OpenerProps = {
  /** The id of the <Dialog> it opens. */
  dialogId: string;
  className: string;
  /** The accessible name, when the text alone is ambiguous on the page. */
  ariaLabel?: string;
  children: ReactNode;
};

/** The button that opens a dialog. */
export function DialogOpener({ dialogId, className, ariaLabel, children }: OpenerProps) {
  // A browser with invoker commands has opened it already (its buttons have `command`).
  const openWithoutInvokers = (event: MouseEvent<HTMLButtonElement>) => {
    if ("command" in event.currentTarget) return;
    document.getElementById(dialogId)?.closest("dialog")?.showModal();
  };
  return (
    <button
      type="button"
      className={className}
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      commandfor={dialogId}
      command="show-modal"
      onClick={openWithoutInvokers}
    >
      {children}
    </button>
  );
}

type DialogProps = {
  /** Unique on the page: its opener names it. */
  id: string;
  title: string;
  /** Play the dialog's video as it opens (with JavaScript; without it, its controls play it). */
  playOnOpen?: boolean;
  children: ReactNode;
};

export function Dialog({ id, title, playOnOpen = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const videos = () => [...dialog.querySelectorAll("video")];
    // A browser may refuse to start it: the video's own controls are there.
    const play = () =>
      void videos()[0]
        ?.play()
        .catch(() => {});
    const onToggle = (event: Event) => {
      if (playOnOpen && (event as ToggleEvent).newState === "open") play();
    };
    const onClose = () => videos().forEach((video) => video.pause());
    dialog.addEventListener("toggle", onToggle);
    dialog.addEventListener("close", onClose);
    // Opened before this code came (the browser opens it by itself): it plays now.
    if (playOnOpen && dialog.open) play();
    return () => {
      dialog.removeEventListener("toggle", onToggle);
      dialog.removeEventListener("close", onClose);
    };
  }, [playOnOpen]);

  return (
    <dialog ref={ref} id={id} className={css.dialog} aria-labelledby={titleId}>
      <div className={css.header}>
        <h2 id={titleId} className={css.title}>
          {title}
        </h2>
        <form method="dialog">
          <button type="submit" className={button.ghost}>
            Close
          </button>
        </form>
      </div>
      <div className={css.body}>{children}</div>
    </dialog>
  );
}

export type VideoSource = { src: string; poster: string; captions: string; title: string; description: string };

/**
 * A dialog's video with its captions; the text inside shows where video is unsupported. Its
 * poster is a lazily loaded image behind it rather than the `poster` attribute, which the
 * browser fetches at once, with the page, even while the dialog is closed and may never open.
 */
export function Video({ video }: { video: VideoSource }) {
  return (
    <div className={css.videoFrame}>
      <img className={css.videoPoster} src={video.poster} alt="" width={640} height={360} loading="lazy" decoding="async" />
      <video className={css.video} controls preload="none" playsInline width={640} height={360}>
        <source src={video.src} type="video/mp4" />
        {/* Not `default`: shown when it first plays (captions.ts). */}
        <track kind="captions" src={video.captions} srcLang="en" label="English" />
        Your browser does not support the video tag.
      </video>
    </div>
  );
}
