import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const band = style({
  paddingBlock: "clamp(3rem, 8vw, 6rem)",
  background:
    "radial-gradient(60% 80% at 20% 50%, rgba(245, 194, 66, 0.16), transparent 70%), linear-gradient(180deg, #0b0b0f, #14110a 50%, #0b0b0f)",
  borderBlock: "1px solid rgba(245, 194, 66, 0.18)",
});

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "center",
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 6fr)" } },
});

export const media = style({
  aspectRatio: "1 / 1",
  width: "100%",
  maxWidth: "520px",
  justifySelf: "center",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  boxShadow: "0 30px 90px rgba(245, 194, 66, 0.18)",
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const body = style({ display: "grid", gap: vars.space.md, alignContent: "start" });

export const eyebrow = style({
  margin: 0,
  color: vars.color.gold,
  fontSize: vars.size.xs,
  fontWeight: 900,
  letterSpacing: "0.22em",
  textTransform: "uppercase",
});

export const heading = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(3rem, 9vw, 6rem)",
  lineHeight: 0.9,
  textTransform: "uppercase",
  color: vars.color.gold,
});

export const description = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.lg, maxWidth: "36rem" });

export const features = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const feature = style({
  display: "flex",
  alignItems: "baseline",
  gap: vars.space.sm,
  fontWeight: 700,
  "::before": {
    content: "''",
    flexShrink: 0,
    width: "10px",
    height: "10px",
    transform: "rotate(45deg)",
    background: vars.color.gold,
  },
});

export const prices = style({ margin: 0, display: "flex", alignItems: "baseline", gap: vars.space.md });

export const price = style({ fontFamily: vars.font.display, fontSize: "clamp(2.5rem, 6vw, 3.5rem)", color: vars.color.ink, lineHeight: 1 });

export const oldPrice = style({ fontSize: vars.size.xl, color: vars.color.inkMuted, textDecorationThickness: "2px" });

export const cta = style({ display: "flex" });

const shimmer = keyframes({
  "0%": { backgroundPosition: "-200% 0" },
  "100%": { backgroundPosition: "200% 0" },
});

export const skeleton = style({
  background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceRaised} 50%, ${vars.color.surface} 75%)`,
  backgroundSize: "200% 100%",
  animation: `${shimmer} 1.4s linear infinite`,
  borderRadius: vars.radius.sm,
  boxShadow: "none",
});

export const skeletonLine = style({ height: "1.1rem" });
export const skeletonHeading = style({ height: "clamp(3rem, 9vw, 5.4rem)", width: "70%" });
export const skeletonButton = style({ height: "44px", width: "180px", borderRadius: vars.radius.pill });
