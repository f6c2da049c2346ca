import { style, styleVariants } from "@vanilla-extract/css";
import { columns } from "~/styles/layout";
import { bareList, emptyState, mediaCard, pill, riseIn, skeleton as shimmering } from "~/styles/recipes.css";
import { productAccents, vars } from "~/styles/tokens.css";
import type { ProductThemeName } from "~/lib/product-display";

/** Each signature product's accent and glow, as --accent and --glow for everything inside. */
export const theme = styleVariants(productAccents satisfies Record<ProductThemeName, unknown>, ({ accent, glow }) => ({
  vars: { "--accent": accent, "--glow": glow },
}));

export const grid = style([bareList, columns(1, { largePhone: 2, desktop: 3, wide: 4 })]);

export const card = style([
  mediaCard,
  riseIn,
  {
    position: "relative",
    height: "100%",
    transition: "border-color 160ms ease, box-shadow 160ms ease",
    selectors: {
      "&:hover": { borderColor: "var(--accent)", boxShadow: "0 0 0 4px var(--glow)" },
    },
  },
]);

export const imageLink = style({ display: "block", aspectRatio: "1 / 1", background: vars.color.surfaceRaised });

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, padding: vars.space.md, flex: 1 });

export const name = style({
  margin: 0,
  fontSize: vars.size.lg,
  fontWeight: 800,
  lineHeight: 1.2,
});

export const nameLink = style({ textDecoration: "none", selectors: { "&:hover": { color: "var(--accent)" } } });

export const price = style({ fontWeight: 800, color: "var(--accent)", fontSize: vars.size.lg });

/** A card's SOLD OUT, where its ADD would be. */
export const soldOut = style({ fontWeight: 900, letterSpacing: "0.08em", color: vars.color.danger, fontSize: vars.size.sm });

export const footerRow = style({ marginTop: "auto", display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });

export const badge = style([
  pill,
  {
    position: "absolute",
    top: vars.space.sm,
    left: vars.space.sm,
    padding: "0.2rem 0.6rem",
    background: "var(--accent)",
    color: vars.color.accentInk,
    fontSize: "0.7rem",
    fontWeight: 900,
  },
]);

export const skeletonCard = style([card, { animation: "none" }]);
export const skeletonImage = style([shimmering, { aspectRatio: "1 / 1", borderRadius: 0 }]);
export const skeletonLine = style([shimmering, { height: "1rem" }]);
/** The two lines of a card's skeleton: a name, then a shorter price. */
export const skeletonName = style([skeletonLine, { width: "70%" }]);
export const skeletonPrice = style([skeletonLine, { width: "40%" }]);

export const empty = emptyState;
