/** The discount code's block in the order summary, on the cart and the checkout. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

/** Where a form posted without JavaScript comes back to (its fragment), clear of the sticky header. */
export const block = style({ display: "grid", gap: vars.space.xs, scrollMarginTop: "120px" });

/** The field and APPLY on one row, at every width: the panel is narrow on a desktop too. */
export const applyRow = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: vars.space.sm, alignItems: "center" });

// The field reads as the code is kept: upper case.
globalStyle(`${applyRow} input`, { textTransform: "uppercase", letterSpacing: "0.06em" });
globalStyle(`${applyRow} input::placeholder`, { textTransform: "none", letterSpacing: 0 });

/**
 * A code the cart holds: its name and what became of it (a <p> of label, code and state),
 * with REMOVE. `data-refused`: it takes nothing off now, in the danger colour.
 */
export const held = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px dashed ${vars.color.gold}`,
  background: vars.tint.gold.faint,
  selectors: { "&[data-refused]": { borderColor: vars.color.danger, background: vars.tint.danger.faint } },
});

globalStyle(`${held} > p`, { margin: 0, display: "grid", gap: "2px", minWidth: 0, outline: "none" });
globalStyle(`${held} > p > span:first-child`, {
  fontSize: vars.size.xs,
  color: vars.color.inkMuted,
  textTransform: "uppercase",
  letterSpacing: "0.08em",
  fontWeight: 700,
});
globalStyle(`${held} > p > strong`, { fontWeight: 800, letterSpacing: "0.08em", overflowWrap: "anywhere" });
globalStyle(`${held} > p > span:last-child`, { fontWeight: 600, color: vars.color.gold });
globalStyle(`${held}[data-refused] > p > span:last-child`, { color: vars.color.danger });
