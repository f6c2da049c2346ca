import { style } from "@vanilla-extract/css";
import { bareList, eyebrowGold, sideRule } from "../../styles/recipes.css";
import { displayCh } from "../../styles/display-font";
import { media, vars } from "../../styles/tokens.css";

export const hero = style({
  position: "relative",
  isolation: "isolate",
  overflow: "hidden",
  display: "flex",
  alignItems: "flex-end",
  // A fixed height per breakpoint, so nothing below moves when the art arrives.
  height: "640px",
  "@media": {
    [media.tablet]: { height: "680px" },
    [media.wide]: { height: "720px" },
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
  background: [
    `linear-gradient(180deg, ${vars.shade.pageClear} 0%, ${vars.shade.pageHalf} 45%, ${vars.shade.pageSolid} 100%)`,
    `radial-gradient(80% 60% at 15% 80%, ${vars.tint.accent.strong}, transparent 70%)`,
  ].join(", "),
});

export const content = style({
  display: "grid",
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
});

export const kicker = style([eyebrowGold, { letterSpacing: "0.24em" }]);

export const headline = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(3.25rem, 11vw, 8.5rem)",
  lineHeight: 0.88,
  letterSpacing: "0.005em",
  // Anton's 12ch, so the fallback face wraps the headline as Anton does (display-font.ts).
  maxWidth: displayCh(12),
  textShadow: `0 6px 40px ${vars.shade.shadow}`,
});

export const accentWord = style({ color: vars.color.accent });

export const lede = style({ margin: 0, maxWidth: "34rem", fontSize: vars.size.lg, color: vars.color.ink, opacity: 0.88 });

export const ctas = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const quickNav = style({ marginTop: vars.space.sm });

export const quickList = style([
  bareList,
  {
    display: "grid",
    gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
    gap: vars.space.sm,
    maxWidth: "46rem",
  },
]);

export const quickLink = style([
  sideRule,
  {
    display: "grid",
    gap: "2px",
    height: "100%",
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderLeftColor: vars.color.accent,
    background: vars.shade.surfaceGlass,
    textDecoration: "none",
    fontWeight: 800,
    fontSize: vars.size.sm,
    lineHeight: 1.2,
    transition: "background-color 140ms ease",
    selectors: { "&:hover": { background: vars.shade.raisedGlass } },
  },
]);

export const quickNote = style({
  color: vars.color.inkMuted,
  fontSize: "0.7rem",
  fontWeight: 700,
  letterSpacing: "0.14em",
  textTransform: "uppercase",
});
