/** The community forum: search, board, topic cards, members, the join box and the rating widget. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 1fr) 340px" } },
});

export const sidebar = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });

export const search = style({ position: "relative", maxWidth: "640px", width: "100%" });

export const searchLabel = style({
  display: "block",
  marginBottom: vars.space.xs,
  fontWeight: 800,
  fontSize: vars.size.xs,
  letterSpacing: "0.14em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

export const searchInput = style({
  width: "100%",
  minHeight: "52px",
  padding: `0 ${vars.space.md} 0 2.75rem`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.ink,
  font: "inherit",
  fontSize: vars.size.md,
  selectors: {
    "&::placeholder": { color: vars.color.inkMuted },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px", borderColor: vars.color.accent },
  },
});

export const searchIcon = style({
  position: "absolute",
  left: vars.space.md,
  bottom: "17px",
  color: vars.color.inkMuted,
  lineHeight: 0,
  pointerEvents: "none",
});

export const boardHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const boardTitle = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(1.75rem, 4vw, 2.5rem)",
  letterSpacing: "0.02em",
  textTransform: "uppercase",
  color: vars.color.ink,
});

export const board = style({ display: "grid", gap: vars.space.lg, scrollMarginTop: "88px", minWidth: 0 });

export const status = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

export const topics = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const topic = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: `linear-gradient(180deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
  transition: "border-color 150ms ease",
  selectors: {
    "&:hover": { borderColor: "rgba(255, 46, 136, 0.55)" },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const topicTitle = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 800, lineHeight: 1.3, color: vars.color.ink });

export const topicFooter = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  color: vars.color.inkMuted,
  fontSize: vars.size.sm,
});

export const counts = style({ display: "flex", gap: vars.space.md, margin: 0 });

export const count = style({ display: "inline-flex", alignItems: "center", gap: "0.35em", fontWeight: 700, color: vars.color.ink });

export const loadMore = style({ display: "flex", justifyContent: "center", marginTop: vars.space.lg });

export const empty = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.line}`,
  textAlign: "center",
});

export const emptyIcon = style({ color: vars.color.accent });

export const members = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const member = style({
  display: "grid",
  gridTemplateColumns: "48px minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "center",
});

export const avatar = style({ width: "48px", height: "48px", borderRadius: "50%", background: vars.color.surfaceRaised });

export const memberName = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  fontWeight: 800,
  color: vars.color.ink,
});

export const memberCity = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const field = style({ display: "grid", gap: vars.space.xs });

export const fieldLabel = style({ fontWeight: 700, fontSize: vars.size.sm });

export const input = style({
  width: "100%",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.page,
  color: vars.color.ink,
  font: "inherit",
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" } },
});

export const note = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const bigStars = style({ display: "flex", gap: vars.space.xs, color: vars.color.line });
