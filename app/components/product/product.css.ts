import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/tokens.css";
import type { ProductThemeName } from "~/lib/product-display";

/** One accent per signature product; everything else uses the brand magenta. */
const themeAccents: Record<ProductThemeName, { accent: string; glow: string }> = {
  plainJane: { accent: "#f4f1ec", glow: "rgba(244, 241, 236, 0.18)" },
  tropicalSlush: { accent: "#ff8a3d", glow: "rgba(255, 138, 61, 0.22)" },
  silverSurfer: { accent: "#c9ced6", glow: "rgba(201, 206, 214, 0.2)" },
  blueMagic: { accent: "#2e7dff", glow: "rgba(46, 125, 255, 0.25)" },
  gold: { accent: "#f5c242", glow: "rgba(245, 194, 66, 0.25)" },
  fantasia: { accent: "#c56bff", glow: "rgba(197, 107, 255, 0.25)" },
  default: { accent: "#ff2e88", glow: "rgba(255, 46, 136, 0.18)" },
};

export const theme = styleVariants(themeAccents, ({ accent, glow }) => ({
  vars: { "--accent": accent, "--glow": glow },
}));

export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "1fr",
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": {
    "(min-width: 520px)": { gridTemplateColumns: "repeat(2, 1fr)" },
    "(min-width: 860px)": { gridTemplateColumns: "repeat(3, 1fr)" },
    "(min-width: 1100px)": { gridTemplateColumns: "repeat(4, 1fr)" },
  },
});

const rise = keyframes({
  from: { opacity: 0, transform: "translateY(12px)" },
  to: { opacity: 1, transform: "none" },
});

export const card = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  height: "100%",
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  animation: `${rise} 420ms ease both`,
  transition: "border-color 160ms ease, box-shadow 160ms ease",
  selectors: {
    "&:hover": { borderColor: "var(--accent)", boxShadow: "0 0 0 4px var(--glow)" },
  },
});

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

export const footerRow = style({ marginTop: "auto", display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });

export const badge = style({
  position: "absolute",
  top: vars.space.sm,
  left: vars.space.sm,
  padding: "0.2rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: "var(--accent)",
  color: vars.color.accentInk,
  fontSize: "0.7rem",
  fontWeight: 900,
  letterSpacing: "0.08em",
});

const shimmer = keyframes({
  "0%": { backgroundPosition: "-200% 0" },
  "100%": { backgroundPosition: "200% 0" },
});

export const skeleton = style({
  background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceRaised} 50%, ${vars.color.surface} 75%)`,
  backgroundSize: "200% 100%",
  animation: `${shimmer} 1.4s linear infinite`,
  borderRadius: vars.radius.sm,
});

export const skeletonCard = style([card, { animation: "none" }]);
export const skeletonImage = style([skeleton, { aspectRatio: "1 / 1", borderRadius: 0 }]);
export const skeletonLine = style([skeleton, { height: "1rem" }]);

export const placeholderCard = style({
  aspectRatio: "3 / 4",
  borderRadius: vars.radius.md,
  background: "#2a2a33",
});

export const empty = style({
  textAlign: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  border: `1px dashed ${vars.color.line}`,
  borderRadius: vars.radius.md,
});
