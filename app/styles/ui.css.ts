/** Shared building blocks: page container, buttons, headings, visually hidden text (in the recipes layer). */
import { style, styleVariants } from "@vanilla-extract/css";
import { recipe } from "./layout";
import { round, surface } from "./recipes.css";
import { media, vars } from "./tokens.css";

export const container = style(
  recipe({
    width: "100%",
    maxWidth: "1200px",
    marginInline: "auto",
    paddingInline: vars.space.md,
    "@media": { [media.tablet]: { paddingInline: vars.space.lg } },
  }),
);

export const pageMain = style(recipe({ minHeight: "60vh", paddingBlock: vars.space.xl }));

export const visuallyHidden = style(
  recipe({
    position: "absolute",
    width: 1,
    height: 1,
    padding: 0,
    margin: -1,
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
    border: 0,
  }),
);

const buttonBase = style(
  recipe({
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space.sm,
    minHeight: "44px",
    paddingInline: vars.space.lg,
    borderRadius: vars.radius.pill,
    border: "2px solid transparent",
    fontFamily: vars.font.body,
    fontWeight: 800,
    fontSize: vars.size.sm,
    letterSpacing: "0.06em",
    textTransform: "uppercase",
    textDecoration: "none",
    cursor: "pointer",
    transition: "transform 120ms ease, background-color 120ms ease, border-color 120ms ease",
    selectors: {
      "&:hover:not(:disabled)": { transform: "translateY(-1px)" },
      "&:disabled": { opacity: 0.55, cursor: "not-allowed" },
    },
  }),
);

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.accentInk }],
  secondary: [buttonBase, { background: "transparent", color: vars.color.ink, borderColor: vars.color.ink }],
  gold: [buttonBase, { background: vars.color.gold, color: vars.color.accentInk }],
  ghost: [buttonBase, { background: vars.color.surfaceRaised, color: vars.color.ink, borderColor: vars.color.line }],
});

/** The error screen's heading (404 and the rest). */
export const errorHeading = style({ fontSize: "clamp(2rem, 6vw, 3.5rem)" });

/** A smaller button where space is short (a product card's ADD). */
export const compactButton = style({ paddingInline: vars.space.md, minHeight: "40px" });

export const iconButton = style([
  round,
  recipe({
    width: "44px",
    height: "44px",
    border: `1px solid ${vars.color.line}`,
    background: vars.color.surface,
    color: vars.color.ink,
    cursor: "pointer",
    selectors: { "&:disabled": { opacity: 0.45, cursor: "not-allowed" } },
  }),
]);

export const displayHeading = style(
  recipe({
    fontFamily: vars.font.display,
    fontWeight: 400,
    letterSpacing: "0.02em",
    lineHeight: 1.05,
    textTransform: "uppercase",
    margin: 0,
  }),
);

export const sectionHeading = style([displayHeading, recipe({ fontSize: "clamp(1.75rem, 4vw, 2.75rem)", marginBottom: vars.space.lg })]);

export const muted = style(recipe({ color: vars.color.inkMuted }));

/** A category tab drawn as a pill (the catalog's tabs and the home page's apparel tabs). */
export const pillTab = style([
  surface,
  recipe({
    display: "inline-flex",
    alignItems: "center",
    minHeight: "44px",
    paddingInline: vars.space.lg,
    borderRadius: vars.radius.pill,
    color: vars.color.ink,
    fontWeight: 800,
    fontSize: vars.size.sm,
    letterSpacing: "0.06em",
    textTransform: "uppercase",
    textDecoration: "none",
    whiteSpace: "nowrap",
    transition: "background-color 120ms ease, border-color 120ms ease, color 120ms ease",
  }),
]);
