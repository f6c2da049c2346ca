import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";
import { visuallyHidden } from "../../styles/ui.css";

export const tiles = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  marginBottom: vars.space.xl,
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    "(min-width: 1100px)": { gridTemplateColumns: "repeat(6, minmax(0, 1fr))" },
  },
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  textDecoration: "none",
  transition: "border-color 160ms ease",
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});

export const tileMedia = style({ display: "block", aspectRatio: "1 / 1", overflow: "hidden", background: vars.color.surfaceRaised });

export const tileImage = style({
  width: "100%",
  height: "100%",
  objectFit: "cover",
  transition: "transform 300ms ease",
  selectors: { [`${tile}:hover &`]: { transform: "scale(1.05)" } },
});

export const tag = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: "0.7rem",
  fontWeight: 800,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

export const newTab = style([visuallyHidden]);

export const profiles = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
});

export const profile = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "56px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  textDecoration: "none",
  transition: "border-color 120ms ease",
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});

export const profileIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "36px",
  height: "36px",
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
});

export const profileText = style({ display: "grid", lineHeight: 1.2 });

export const profileName = style({ fontWeight: 800 });

export const handle = style({ color: vars.color.inkMuted, fontSize: vars.size.sm });
