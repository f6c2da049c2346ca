/**
 * Tooltips (ui/Tooltip.tsx) with the spec's delays (section 9), all in CSS: the browser
 * shows a hint popover for the control that names it in `interestfor`.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

/** Spec section 9: the pointer or the focus rests this long before a tooltip shows. */
export const TOOLTIP_DELAY = "700ms";
/** Spec section 9: within this long of one tooltip going, its neighbour shows at once. */
export const TOOLTIP_SKIP_DELAY = "300ms";

export const tip = style({
  // The browser centres a popover in the window: this one sits by its control (the
  // popover's anchor), above it, or below where there is no room above.
  inset: "auto",
  margin: `0 0 ${vars.space.xs}`,
  positionArea: "top",
  positionTryFallbacks: "flip-block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  boxShadow: `0 8px 24px ${vars.shade.shadow}`,
  fontSize: vars.size.xs,
  fontWeight: 700,
  whiteSpace: "nowrap",
  overflow: "visible",
  // A bridge over the gap to the control, so the pointer can move onto the tooltip.
  "::before": { content: '""', position: "absolute", inset: `calc(-1 * ${vars.space.sm}) 0` },
});

// The control keeps the tooltip this long after the pointer or the focus has left it: no
// longer seen (below), it is still open, and a neighbour's tooltip then shows at once.
globalStyle("[interestfor]", { interestDelayStart: TOOLTIP_DELAY, interestDelayEnd: TOOLTIP_SKIP_DELAY });
globalStyle(`:root:has(${tip}:popover-open) [interestfor]`, { interestDelayStart: "0s" });
globalStyle(`[interestfor]:not(:hover):not(:focus-visible) + ${tip}:not(:hover)`, { visibility: "hidden" });
