/** The discount code's block in the order summary, on the cart and the checkout. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

/** Where a form posted without JavaScript comes back to (its fragment), clear of the sticky header. */
export const block = style({ display: "grid", gap: vars.space.xs, scrollMarginTop: "120px" });

/** The field and APPLY on one row, at every width: the panel is narrow on a desktop too. */
export const applyRow = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: vars.space.sm, alignItems: "center" });

/** The input's own letters as the code is kept: upper case. */
export const input = style({ textTransform: "uppercase", letterSpacing: "0.06em", selectors: { "&::placeholder": { textTransform: "none", letterSpacing: 0 } } });

/** A code the cart holds: its name and what became of it, with REMOVE. */
export const held = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px dashed ${vars.color.gold}`,
  background: vars.tint.gold.faint,
});

/** A held code that takes nothing off now: in the danger colour, its message under it. */
export const heldRefused = style([held, { borderColor: vars.color.danger, background: vars.tint.danger.faint }]);

export const heldText = style({ margin: 0, display: "grid", gap: "2px", minWidth: 0, outline: "none" });

export const heldLabel = style({ fontSize: vars.size.xs, color: vars.color.inkMuted, textTransform: "uppercase", letterSpacing: "0.08em", fontWeight: 700 });

export const heldCode = style({ fontWeight: 800, letterSpacing: "0.08em", overflowWrap: "anywhere" });

export const heldState = style({ fontWeight: 600, color: vars.color.gold });

export const heldStateRefused = style({ fontWeight: 600, color: vars.color.danger });
