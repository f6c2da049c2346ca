/**
 * A partner's link or code with a Copy button. Without JavaScript there is no button: the text
 * itself is selected whole by one click (user-select: all), to copy as usual. With it, the
 * button copies to the clipboard and says so in a live region.
 */
import { useState } from "react";
import { useHydrated } from "~/components/forms/use-hydrated";
import { button, compactButton } from "~/styles/ui.css";
import * as css from "./partners.css";

/** `label`: what it is, one word ("Link", "Code"): the button says "Copy link". */
export function CopyField({ label, value }: { label: string; value: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(`${label} copied.`);
    } catch {
      setSaid("Couldn't copy: select the text and copy it.");
    }
  };
  return (
    <div className={css.copyRow}>
      <p className={css.copyText} data-testid={`partner-${label.toLowerCase()}`}>
        {value}
      </p>
      {hydrated ? (
        <button type="button" className={`${button.secondary} ${compactButton}`} onClick={copy}>
          Copy {label.toLowerCase()}
        </button>
      ) : null}
      <span className={css.copied} role="status">
        {said}
      </span>
    </div>
  );
}
