/**
 * The product page's choice and ADD TO CART: option groups whose values are chips (a
 * native radio under each, so it works and reads as a radio without JavaScript), the stock
 * note, the picker's message and the size guide's tables.
 */
import { style, styleVariants } from "@vanilla-extract/css";
import { bareList, smallCaps } from "../../styles/recipes.css";
import { garmentColours, vars } from "../../styles/tokens.css";

export const form = style({ display: "grid", gap: vars.space.md, width: "100%" });

export const group = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legendRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.md, width: "100%" });

export const legend = style([smallCaps, { padding: 0, float: "left", width: "100%" }]);

export const legendValue = style({ color: vars.color.ink, textTransform: "none", letterSpacing: 0, fontWeight: 800 });

export const values = style([bareList, { display: "flex", flexWrap: "wrap", gap: vars.space.sm, clear: "both" }]);

export const value = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minWidth: "52px",
  minHeight: "44px",
  paddingInline: vars.space.md,
  justifyContent: "center",
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.ink,
  fontWeight: 800,
  cursor: "pointer",
  transition: "border-color 120ms ease, background-color 120ms ease",
  selectors: {
    "&:hover:not(:has(input:disabled))": { borderColor: vars.color.lineStrong },
    "&:has(input:checked)": { borderColor: "var(--accent)", background: vars.color.surfaceRaised },
    "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&:has(input:disabled)": { cursor: "not-allowed", color: vars.color.inkFaint, borderStyle: "dashed" },
  },
});

/** The radio itself, over the whole chip: clicks and focus are the browser's own. */
export const radio = style({ position: "absolute", inset: 0, margin: 0, opacity: 0, cursor: "inherit" });

export const valueText = style({ selectors: { [`${value}:has(input:disabled) &`]: { textDecoration: "line-through" } } });

export const soldOutNote = style({ fontSize: vars.size.xs, fontWeight: 700, textTransform: "lowercase" });

const swatchBase = style({
  width: "14px",
  height: "14px",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.tint.light}`,
  flex: "none",
});

/** A colour value's dot: the garment colours the shop sells (a stylesheet's, as the CSP allows no inline style). */
export const swatch = styleVariants({ ...garmentColours, white: "#f4f1ec" }, (colour) => [swatchBase, { background: colour }]);

export const problem = style({ margin: 0, color: vars.color.danger, fontWeight: 800 });

export const stock = style({ margin: 0, minHeight: "1.5em", fontWeight: 800, letterSpacing: "0.04em" });

export const stockLow = style({ color: vars.color.orange });

export const stockOut = style({ color: vars.color.danger });

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });

// ------------------------------------------------------------------ size guide

export const guideTable = style({ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums", fontSize: vars.size.sm });

export const guideCell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.line}`, textAlign: "right" });

export const guideHead = style([guideCell, { color: vars.color.inkMuted, fontWeight: 700 }]);

export const guideSize = style([guideCell, { textAlign: "left", fontWeight: 800 }]);

export const guideSizeHead = style([guideHead, { textAlign: "left" }]);

export const guideScroll = style({ overflowX: "auto" });

export const guideNote = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });
