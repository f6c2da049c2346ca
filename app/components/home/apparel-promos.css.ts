import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const promos = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const block = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  "@media": { "(min-width: 560px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)" } },
});

/** The men's block: a full-width banner with its text beside it on wide screens. */
export const wide = style({
  "@media": {
    "(min-width: 560px)": { gridTemplateColumns: "1fr" },
    "(min-width: 860px)": { gridColumn: "1 / -1", gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" },
  },
});

export const media = style({ position: "relative", background: vars.color.surfaceRaised, minHeight: "100%" });

export const image = style({ width: "100%", height: "100%", objectFit: "cover", aspectRatio: "auto" });

export const badge = style({ position: "absolute", top: vars.space.sm, left: vars.space.sm });

export const body = style({ display: "grid", gap: vars.space.sm, alignContent: "center", padding: vars.space.lg });

export const title = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(1.6rem, 3vw, 2.1rem)",
  lineHeight: 1,
  textTransform: "uppercase",
});

export const text = style({ margin: 0, color: vars.color.inkMuted });

export const shopLink = style({ paddingRight: vars.space.xs });

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

export const swatch = style({ width: "12px", height: "12px", borderRadius: vars.radius.pill, border: "1px solid rgba(255,255,255,0.4)" });

export const platforms = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const streamLink = style({
  justifySelf: "start",
  color: vars.color.accent,
  fontWeight: 700,
  selectors: { "&:hover": { color: vars.color.ink } },
});
