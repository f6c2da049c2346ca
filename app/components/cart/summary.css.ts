/** The order summary panel shared by the cart and the checkout. */
import { style } from "@vanilla-extract/css";
import { surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const panel = style([
  surface,
  {
    background: `linear-gradient(160deg, ${vars.color.surfaceRaised} 0%, ${vars.color.surface} 60%)`,
    padding: vars.space.lg,
    display: "flex",
    flexDirection: "column",
    gap: vars.space.md,
    "@media": { [media.desktop]: { position: "sticky", top: "96px" } },
  },
]);

export const panelHeading = style([displayHeading, { letterSpacing: "0.04em", fontSize: vars.size.xl, lineHeight: 1.1 }]);

export const rows = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const row = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.md,
});

export const term = style({ color: vars.color.inkMuted, margin: 0 });

export const value = style({ margin: 0, fontWeight: 700, fontVariantNumeric: "tabular-nums" });

export const free = style({ color: vars.color.gold, textTransform: "uppercase", letterSpacing: "0.06em", fontSize: vars.size.sm });

export const totalRow = style([
  row,
  {
    marginTop: vars.space.sm,
    paddingTop: vars.space.md,
    borderTop: `1px solid ${vars.color.line}`,
    fontSize: vars.size.lg,
  },
]);

export const totalTerm = style({ margin: 0, fontWeight: 800, textTransform: "uppercase", letterSpacing: "0.06em" });

export const totalValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: vars.size.xl,
  color: vars.color.accent,
  fontVariantNumeric: "tabular-nums",
});

/** A bundle saving: money off, in the brand's gold. */
export const saving = style({ color: vars.color.gold });

/** Which bundles the saving is for, under its label. */
export const savingsNote = style({ display: "block", fontSize: vars.size.xs, marginTop: vars.space.xs });

/** The cart page's word on the tax checkout adds, under its total. */
export const taxNote = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm, lineHeight: 1.45 });
