/** Pieces every home section shares: the band, its header, the eyebrow line, chips. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const section = style({
  paddingBlock: `clamp(3rem, 8vw, 6rem)`,
  scrollMarginTop: "80px",
});

export const sectionAlt = style([
  section,
  {
    background: `linear-gradient(180deg, ${vars.color.page} 0%, #111118 18%, #111118 82%, ${vars.color.page} 100%)`,
  },
]);

export const sectionHeader = style({
  display: "grid",
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  maxWidth: "46rem",
});

export const eyebrow = style({
  margin: 0,
  color: vars.color.accent,
  fontSize: vars.size.xs,
  fontWeight: 900,
  letterSpacing: "0.22em",
  textTransform: "uppercase",
});

export const heading = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(2.25rem, 6vw, 4rem)",
  lineHeight: 0.95,
  letterSpacing: "0.01em",
  textTransform: "uppercase",
  margin: 0,
});

export const lede = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.lg, maxWidth: "40rem" });

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: "0.2rem 0.65rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surfaceRaised,
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
});

export const newBadge = style({
  display: "inline-block",
  padding: "0.2rem 0.7rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.size.xs,
  fontWeight: 900,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const dialogText = style({ margin: 0, color: vars.color.inkMuted });

export const dialogImage = style({ width: "100%", height: "auto", aspectRatio: "2 / 1", objectFit: "cover", borderRadius: vars.radius.sm });
