/**
 * The product page. Colours come from the product's theme (product.css.ts `theme[...]`
 * sets --accent and --glow on an ancestor), so every signature product wears its own.
 */
import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

// Phone: image, then the product, then reactions. Wide: reactions sit under the image.
export const detail = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  gridTemplateAreas: '"media" "info" "reactions"',
  "@media": {
    "(min-width: 900px)": {
      gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
      gridTemplateRows: "auto 1fr",
      gridTemplateAreas: '"media info" "reactions info"',
      columnGap: vars.space.xxl,
      rowGap: vars.space.lg,
    },
  },
});

export const reactionsArea = style({ gridArea: "reactions", minWidth: 0 });

export const media = style({
  gridArea: "media",
  position: "relative",
  aspectRatio: "1 / 1",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: `radial-gradient(circle at 50% 40%, var(--glow, rgba(255, 46, 136, 0.18)), transparent 70%), ${vars.color.surface}`,
  border: `1px solid ${vars.color.line}`,
  boxShadow: "0 30px 80px rgba(0, 0, 0, 0.45), 0 0 0 1px var(--glow, transparent)",
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const info = style({ gridArea: "info", display: "grid", gap: vars.space.md, alignContent: "start", minWidth: 0 });

export const badge = style({
  justifySelf: "start",
  padding: "0.3rem 0.85rem",
  borderRadius: vars.radius.pill,
  background: "var(--accent)",
  color: vars.color.accentInk,
  fontSize: vars.size.xs,
  fontWeight: 900,
  letterSpacing: "0.14em",
});

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

export const features = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderLeft: "4px solid var(--accent)",
  borderRadius: vars.radius.md,
});

export const featuresTitle = style([
  displayHeading,
  { fontSize: vars.size.xl, marginBottom: vars.space.sm },
]);

export const featureList = style({ display: "grid", gap: vars.space.xs, margin: 0, padding: 0, listStyle: "none" });

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

export const reactionsLabel = style({
  margin: 0,
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

export const reactionList = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { "(min-width: 520px)": { gridTemplateColumns: "repeat(6, minmax(0, 1fr))" } },
});

export const reactionButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  width: "100%",
  minHeight: "48px",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.ink,
  fontFamily: vars.font.body,
  cursor: "pointer",
  transition: "transform 120ms ease, border-color 120ms ease, background-color 120ms ease",
  selectors: {
    "&:hover:not(:disabled)": { borderColor: "var(--accent)", transform: "translateY(-2px)" },
    "&:disabled": { cursor: "progress" },
    "&[data-pending]": { borderColor: "var(--accent)", background: vars.color.surfaceRaised },
  },
});

export const reactionEmoji = style({ fontSize: "1.25rem", lineHeight: 1 });

export const reactionCount = style({
  fontWeight: 800,
  fontSize: vars.size.sm,
  fontVariantNumeric: "tabular-nums",
  "::after": { content: "attr(data-count)" },
});

export const inlineError = style({ margin: 0, color: vars.color.accent, fontWeight: 700 });

// ------------------------------------------------------------------ recommendation

const recommendationFrame = style({
  display: "grid",
  gap: vars.space.md,
  alignItems: "center",
  marginTop: vars.space.xxl,
  padding: vars.space.lg,
  minHeight: "196px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "auto 1fr auto", gap: vars.space.lg },
  },
});

export const recommendation = style([
  recommendationFrame,
  {
    background: `linear-gradient(120deg, var(--glow, rgba(255, 46, 136, 0.18)), transparent 60%), ${vars.color.surface}`,
    borderColor: "var(--accent)",
  },
]);

export const recommendationSkeleton = style([recommendationFrame, { background: vars.color.surface }]);

export const recommendationImage = style({
  width: "120px",
  height: "120px",
  borderRadius: vars.radius.md,
  objectFit: "cover",
  background: vars.color.surfaceRaised,
  "@media": { "(min-width: 640px)": { width: "148px", height: "148px" } },
});

export const recommendationBody = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });

export const recommendationEyebrow = style({
  margin: 0,
  color: "var(--accent)",
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.16em",
  textTransform: "uppercase",
});

export const recommendationName = style([displayHeading, { fontSize: vars.size.xl }]);

export const recommendationReason = style({ margin: 0, color: vars.color.inkMuted });

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

// ------------------------------------------------------------------ skeletons

const shimmer = keyframes({
  "0%": { backgroundPosition: "-200% 0" },
  "100%": { backgroundPosition: "200% 0" },
});

export const skeletonBlock = style({
  background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceRaised} 50%, ${vars.color.surface} 75%)`,
  backgroundSize: "200% 100%",
  animation: `${shimmer} 1.4s linear infinite`,
  borderRadius: vars.radius.sm,
});

export const skeletonLine = styleVariants({
  short: [skeletonBlock, { height: "0.9rem", width: "35%" }],
  title: [skeletonBlock, { height: "1.6rem", width: "60%" }],
  heading: [skeletonBlock, { height: "4rem", width: "80%" }],
  long: [skeletonBlock, { height: "1rem", width: "95%" }],
});

export const related = style({ marginTop: vars.space.xxl });
