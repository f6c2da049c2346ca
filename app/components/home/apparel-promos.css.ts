import { style, styleVariants } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { bareList, quiet, surface } from "../../styles/recipes.css";
import { garmentColours, media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const promos = style(columns(1, { desktop: 2 }));

export const block = style([
  surface,
  {
    display: "grid",
    gridTemplateColumns: "1fr",
    overflow: "hidden",
    "@media": { [media.largePhone]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)" } },
  },
]);

/** The men's block: a full-width banner with its text beside it on wide screens. */
export const wide = style({
  "@media": {
    [media.largePhone]: { gridTemplateColumns: "1fr" },
    [media.desktop]: { gridColumn: "1 / -1", gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" },
  },
});

export const art = style({ position: "relative", background: vars.color.surfaceRaised, minHeight: "100%" });

export const image = style({ width: "100%", height: "100%", objectFit: "cover", aspectRatio: "auto" });

export const badge = style({ position: "absolute", top: vars.space.sm, left: vars.space.sm });

export const body = style({ display: "grid", gap: vars.space.sm, alignContent: "center", padding: vars.space.lg });

export const title = style([displayHeading, { fontSize: "clamp(1.6rem, 3vw, 2.1rem)", lineHeight: 1 }]);

export const text = quiet;

/** A shop link with a price pill at its end: the pill, not the text, sits near the right edge. */
export const pricedShopLink = style({ paddingRight: vars.space.xs });

export const priceTag = style({
  display: "inline-block",
  padding: "0.3rem 0.7rem",
  borderRadius: vars.radius.pill,
  background: vars.color.page,
  color: vars.color.ink,
  fontWeight: 900,
  letterSpacing: "0.02em",
});

export const options = style({ margin: 0, display: "grid", gap: vars.space.sm });

export const optionRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const optionLabel = style({ fontSize: vars.size.xs, fontWeight: 800, letterSpacing: "0.1em", textTransform: "uppercase", minWidth: "4.5rem" });

export const optionValues = style({ margin: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });

const swatchBase = style({ width: "12px", height: "12px", borderRadius: vars.radius.pill, border: `1px solid ${vars.tint.light}` });

/** One swatch per colour the tank comes in. */
export const swatch = styleVariants(garmentColours, (colour) => [swatchBase, { background: colour }]);

export const platforms = style([bareList, { display: "flex", flexWrap: "wrap", gap: vars.space.xs }]);

export const streamLink = style({
  justifySelf: "start",
  color: vars.color.accent,
  fontWeight: 700,
  selectors: { "&:hover": { color: vars.color.ink } },
});
