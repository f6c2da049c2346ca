import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";
import { visuallyHidden } from "../../styles/ui.css";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "center",
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)" } },
});

export const art = style({ width: "100%", maxWidth: "420px", justifySelf: "center", aspectRatio: "1 / 1" });

export const image = style({ width: "100%", height: "100%", filter: "drop-shadow(0 20px 60px rgba(245, 194, 66, 0.25))" });

export const body = style({ display: "grid", gap: vars.space.md });

export const facts = style({
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(8.5rem, 1fr))",
  gap: vars.space.sm,
});

export const fact = style({
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  display: "grid",
  gap: "2px",
});

export const newTab = style([visuallyHidden]);

export const disclaimer = style({
  padding: vars.space.md,
  borderLeft: `3px solid ${vars.color.gold}`,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  background: "rgba(245, 194, 66, 0.07)",
  color: vars.color.inkMuted,
  fontSize: vars.size.sm,
});

globalStyle(`${fact} dt`, { fontSize: vars.size.xs, fontWeight: 800, letterSpacing: "0.12em", textTransform: "uppercase", color: vars.color.inkMuted });
globalStyle(`${fact} dd`, { margin: 0, fontFamily: vars.font.display, fontSize: vars.size.xl, lineHeight: 1.1 });
