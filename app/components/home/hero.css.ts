import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const hero = style({
  position: "relative",
  isolation: "isolate",
  overflow: "hidden",
  display: "flex",
  alignItems: "flex-end",
  // A fixed height per breakpoint, so nothing below moves when the art arrives.
  height: "640px",
  "@media": {
    "(min-width: 768px)": { height: "680px" },
    "(min-width: 1280px)": { height: "720px" },
  },
});

export const art = style({
  position: "absolute",
  inset: 0,
  zIndex: -2,
  width: "100%",
  height: "100%",
  objectFit: "cover",
  objectPosition: "center",
});

export const scrim = style({
  position: "absolute",
  inset: 0,
  zIndex: -1,
  background:
    "linear-gradient(180deg, rgba(11,11,15,0.2) 0%, rgba(11,11,15,0.55) 45%, rgba(11,11,15,0.96) 100%), radial-gradient(80% 60% at 15% 80%, rgba(255,46,136,0.28), transparent 70%)",
});

export const content = style({
  display: "grid",
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
});

export const kicker = style({
  margin: 0,
  color: vars.color.gold,
  fontWeight: 800,
  fontSize: vars.size.xs,
  letterSpacing: "0.24em",
  textTransform: "uppercase",
});

export const headline = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(3.25rem, 11vw, 8.5rem)",
  lineHeight: 0.88,
  letterSpacing: "0.005em",
  maxWidth: "12ch",
  textShadow: "0 6px 40px rgba(0,0,0,0.6)",
});

export const accentWord = style({ color: vars.color.accent });

export const lede = style({ margin: 0, maxWidth: "34rem", fontSize: vars.size.lg, color: vars.color.ink, opacity: 0.88 });

export const ctas = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const quickNav = style({ marginTop: vars.space.sm });

export const quickList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.sm,
  maxWidth: "46rem",
});

export const quickLink = style({
  display: "grid",
  gap: "2px",
  height: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `3px solid ${vars.color.accent}`,
  background: "rgba(22, 22, 29, 0.85)",
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  textDecoration: "none",
  fontWeight: 800,
  fontSize: vars.size.sm,
  lineHeight: 1.2,
  transition: "background-color 140ms ease",
  selectors: { "&:hover": { background: "rgba(31, 31, 41, 0.95)" } },
});

export const quickNote = style({
  color: vars.color.inkMuted,
  fontSize: "0.7rem",
  fontWeight: 700,
  letterSpacing: "0.14em",
  textTransform: "uppercase",
});
