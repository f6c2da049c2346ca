/**
 * The product page. Colours come from the product's theme (product.css.ts `theme[...]`
 * sets --accent and --glow on an ancestor), so every signature product wears its own.
 */
import { style } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { bareList, eyebrow, pill, quiet, round, skeleton, smallCaps, surface } from "../../styles/recipes.css";
// `media` is this page's image box here, so the breakpoints go by another name.
import { media as breakpoint, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";
import { mediaBox } from "./productLayout.css";

export { detail, info, skeletonLine } from "./productLayout.css";

export const reactionsArea = style({ gridArea: "reactions", minWidth: 0 });

export const media = style([
  mediaBox,
  {
    background: `radial-gradient(circle at 50% 40%, var(--glow, ${vars.tint.accent.glow}), transparent 70%), ${vars.color.surface}`,
    border: `1px solid ${vars.color.line}`,
    boxShadow: `0 30px 80px ${vars.shade.shadow}, 0 0 0 1px var(--glow, transparent)`,
  },
]);

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const badge = style([
  pill,
  { justifySelf: "start", padding: "0.3rem 0.85rem", background: "var(--accent)", color: vars.color.accentInk, fontWeight: 900, letterSpacing: "0.14em" },
]);

export const name = style([
  displayHeading,
  {
    fontSize: "clamp(2.75rem, 10vw, 5.5rem)",
    lineHeight: 0.92,
    overflowWrap: "anywhere",
    color: vars.color.ink,
    textShadow: "0 0 48px var(--glow, transparent)",
  },
]);

export const price = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: "clamp(1.75rem, 4vw, 2.5rem)",
  color: "var(--accent)",
  letterSpacing: "0.02em",
});

export const description = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.md, maxWidth: "60ch" });

export const features = style([surface, { padding: vars.space.lg, borderLeft: "4px solid var(--accent)" }]);

export const featuresTitle = style([displayHeading, { fontSize: vars.size.xl, marginBottom: vars.space.sm }]);

export const featureList = style([bareList, { display: "grid", gap: vars.space.xs }]);

export const featureItem = style({
  position: "relative",
  paddingLeft: vars.space.lg,
  selectors: {
    "&::before": {
      content: '""',
      position: "absolute",
      left: 0,
      top: "0.6em",
      width: "8px",
      height: "8px",
      borderRadius: "2px",
      background: "var(--accent)",
      transform: "rotate(45deg)",
    },
  },
});

export const featureLabel = style({ fontWeight: 800 });

export const buy = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md, paddingTop: vars.space.sm });

// ------------------------------------------------------------------ reactions

export const reactions = style({ display: "grid", gap: vars.space.sm });

export const reactionsLabel = style([smallCaps, { margin: 0 }]);

export const reactionList = style([bareList, columns(3, { largePhone: 6 }, vars.space.sm)]);

export const reactionButton = style([
  surface,
  round,
  {
    gap: vars.space.xs,
    width: "100%",
    minHeight: "48px",
    padding: `0 ${vars.space.sm}`,
    color: vars.color.ink,
    fontFamily: vars.font.body,
    cursor: "pointer",
    transition: "transform 120ms ease, border-color 120ms ease, background-color 120ms ease",
    selectors: {
      "&:hover:not(:disabled)": { borderColor: "var(--accent)", transform: "translateY(-2px)" },
      "&:disabled": { cursor: "progress" },
      "&[data-pending]": { borderColor: "var(--accent)", background: vars.color.surfaceRaised },
    },
  },
]);

export const reactionEmoji = style({ fontSize: "1.25rem", lineHeight: 1 });

export const reactionCount = style({
  fontWeight: 800,
  fontSize: vars.size.sm,
  fontVariantNumeric: "tabular-nums",
  "::after": { content: "attr(data-count)" },
});

// ------------------------------------------------------------------ recommendation

const recommendationFrame = style([
  surface,
  {
    display: "grid",
    gap: vars.space.md,
    alignItems: "center",
    marginTop: vars.space.xxl,
    padding: vars.space.lg,
    minHeight: "196px",
    "@media": { [breakpoint.largePhone]: { gridTemplateColumns: "auto 1fr auto", gap: vars.space.lg } },
  },
]);

export const recommendation = style([
  recommendationFrame,
  {
    background: `linear-gradient(120deg, var(--glow, ${vars.tint.accent.glow}), transparent 60%), ${vars.color.surface}`,
    borderColor: "var(--accent)",
  },
]);

export const recommendationSkeleton = recommendationFrame;

const recommendationImageBox = style({
  width: "120px",
  height: "120px",
  borderRadius: vars.radius.md,
  "@media": { [breakpoint.largePhone]: { width: "148px", height: "148px" } },
});

export const recommendationImage = style([recommendationImageBox, { objectFit: "cover", background: vars.color.surfaceRaised }]);

export const recommendationImageSkeleton = style([skeleton, recommendationImageBox]);

export const recommendationBody = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });

export const recommendationEyebrow = style([eyebrow, { color: "var(--accent)", letterSpacing: "0.16em" }]);

export const recommendationName = style([displayHeading, { fontSize: vars.size.xl }]);

export const recommendationReason = quiet;

export const recommendationPrice = style({ margin: 0, fontWeight: 800 });

export const recommendationAction = style({ justifySelf: "start" });

// ------------------------------------------------------------------ not found

export const notFound = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: "center",
});

export const notFoundCode = style([
  displayHeading,
  {
    fontSize: "clamp(5rem, 22vw, 11rem)",
    lineHeight: 0.85,
    color: "transparent",
    WebkitTextStroke: `2px ${vars.color.accent}`,
  },
]);

export const notFoundTitle = style([displayHeading, { fontSize: "clamp(2rem, 7vw, 3.5rem)" }]);

export const notFoundText = style({ margin: 0, maxWidth: "44ch", color: vars.color.inkMuted });

export const related = style({ marginTop: vars.space.xxl });
