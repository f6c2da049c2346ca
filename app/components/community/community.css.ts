/** The community forum: search, board, topic cards, members, the join box and the rating widget. */
import { style } from "@vanilla-extract/css";
import { bareList, emptyState, field as fieldControl, raisedCard, searchField, smallCaps } from "../../styles/recipes.css";
import { twoColumns } from "../../styles/layout";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const layout = style([twoColumns("1fr 340px", { at: "wide" }), { alignItems: "start" }]);

export const sidebar = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });

export const search = style({ position: "relative", maxWidth: "640px", width: "100%" });

export const searchLabel = style([smallCaps, { display: "block", marginBottom: vars.space.xs, letterSpacing: "0.14em" }]);

export const searchInput = style([
  searchField,
  { minHeight: "52px", paddingLeft: "2.75rem", selectors: { "&:focus-visible": { borderColor: vars.color.accent } } },
]);

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

export const boardTitle = style([displayHeading, { fontSize: "clamp(1.75rem, 4vw, 2.5rem)", lineHeight: 1.55, color: vars.color.ink }]);

export const board = style({ display: "grid", gap: vars.space.lg, scrollMarginTop: "88px", minWidth: 0 });

export const status = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

export const topics = style([bareList, { display: "grid", gap: vars.space.sm }]);

export const topic = style([
  raisedCard,
  {
    display: "grid",
    gap: vars.space.sm,
    transition: "border-color 150ms ease",
    selectors: { "&:hover": { borderColor: vars.tint.accent.line } },
  },
]);

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

export const empty = style([emptyState, { display: "grid", justifyItems: "center", gap: vars.space.md, paddingInline: vars.space.lg }]);

export const emptyIcon = style({ color: vars.color.accent });

export const members = topics;

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

export const input = style([fieldControl, { minHeight: "44px" }]);

export const note = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const bigStars = style({ display: "flex", gap: vars.space.xs, color: vars.color.line });
