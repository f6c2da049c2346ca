/**
 * The product page's frame, shared by the page and by its loading skeleton. The skeleton
 * shows on any page a visitor leaves for a product (the footer hosts it), so these rules
 * come with every page; the rest of the product page's styles stay in productDetail.css.
 */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { skeleton } from "../../styles/recipes.css";
// `media` is this page's image box here, so the breakpoints go by another name.
import { media as breakpoint, vars } from "../../styles/tokens.css";

// Phone: image, then the product, then reactions. Wide: reactions sit under the image.
export const detail = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  gridTemplateAreas: '"media" "info" "reactions"',
  "@media": {
    [breakpoint.desktop]: {
      gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
      gridTemplateRows: "auto 1fr",
      gridTemplateAreas: '"media info" "reactions info"',
      columnGap: vars.space.xxl,
      rowGap: vars.space.lg,
    },
  },
});

export const mediaBox = style({ gridArea: "media", position: "relative", aspectRatio: "1 / 1", borderRadius: vars.radius.md, overflow: "hidden" });

export const info = style({ gridArea: "info", display: "grid", gap: vars.space.md, alignContent: "start", minWidth: 0 });

// ------------------------------------------------------------------ skeletons

export const mediaSkeleton = style([skeleton, mediaBox]);

export const skeletonLine = styleVariants({
  short: [skeleton, { height: "0.9rem", width: "35%" }],
  title: [skeleton, { height: "1.6rem", width: "60%" }],
  heading: [skeleton, { height: "4rem", width: "80%" }],
  long: [skeleton, { height: "1rem", width: "95%" }],
});

/** The product page to come, in the place of the page being left (which is hidden meanwhile). */
export const pendingPage = style({});

globalStyle(`main:has(+ ${pendingPage})`, { display: "none" });
