/**
 * A tooltip for an icon-only control (decision 0017): its text shows after the pointer or the
 * keyboard focus rests on the control for 700 ms, at once when a neighbour's tooltip has
 * just shown (the 300 ms skip delay), and goes on Escape (spec section 9). Screen readers
 * read it as the control's description.
 *
 * No JavaScript: the control names the tooltip in `interestfor` (HTML interest invokers)
 * and the browser shows it, a `popover="hint"`, with the delays from tooltip.css. A browser
 * without interest invokers shows no tooltip; the control keeps its name and description.
 *
 *   <Tooltip text="Next commercial">{(tip) => <button {...tip} aria-label="Next commercial">…</button>}</Tooltip>
 */
import { useId, type ReactNode } from "react";
import * as css from "./tooltip.css";

/** What the control carries to show its tooltip. */
export type TooltipTrigger = { interestfor: string; "aria-describedby": string };

export function Tooltip({ text, children }: { text: string; children: (trigger: TooltipTrigger) => ReactNode }) {
  const id = useId();
  return (
    <>
      {children({ interestfor: id, "aria-describedby": id })}
      <span id={id} popover="hint" role="tooltip" className={css.tip}>
        {text}
      </span>
    </>
  );
}
