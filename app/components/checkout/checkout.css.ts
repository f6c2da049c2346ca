/** The checkout: demo notice, the form's frame and card row (its fields are forms.css's), the order panel, the end states. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr) 380px" } },
});

export const notice = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  marginBottom: vars.space.xl,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid rgba(245, 194, 66, 0.55)`,
  background: "rgba(245, 194, 66, 0.08)",
  fontSize: vars.size.sm,
});

export const noticeTitle = style({
  display: "block",
  color: vars.color.gold,
  fontWeight: 900,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  fontSize: vars.size.xs,
});

export const noticeText = style({ margin: 0 });

export const noticeIcon = style({ color: vars.color.gold, flexShrink: 0, marginTop: "2px" });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

/** The fieldset that disables every field and button at once while processing. */
export const busyGroup = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const cardRow = style({
  gridColumn: "1 / -1",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: vars.space.md,
  "@media": { "(min-width: 600px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" } },
});

export const cardNumber = style({ gridColumn: "1 / -1", "@media": { "(min-width: 600px)": { gridColumn: "auto" } } });

export const pay = style({ width: "100%", minHeight: "56px", fontSize: vars.size.md, letterSpacing: "0.1em" });

// ---------------------------------------------------------------- order panel

export const panelLines = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const panelLine = style({ display: "grid", gridTemplateColumns: "56px minmax(0, 1fr) auto", gap: vars.space.md, alignItems: "center" });

export const panelThumbWrap = style({ position: "relative" });

export const panelThumb = style({
  width: 56,
  height: 56,
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
});

export const panelQty = style({
  position: "absolute",
  top: -8,
  right: -8,
  minWidth: 22,
  height: 22,
  paddingInline: 5,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: "0.75rem",
  fontWeight: 900,
});

export const panelName = style({ margin: 0, fontWeight: 800, lineHeight: 1.25, overflowWrap: "anywhere" });

export const panelMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const panelPrice = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums" });

// ---------------------------------------------------------------- end states

export const state = style({
  maxWidth: "640px",
  marginInline: "auto",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: `radial-gradient(ellipse at top, rgba(255, 46, 136, 0.18), transparent 65%), ${vars.color.surface}`,
});

export const stateSuccess = style([
  state,
  { background: `radial-gradient(ellipse at top, rgba(245, 194, 66, 0.2), transparent 65%), ${vars.color.surface}` },
]);

export const stateIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 84,
  height: 84,
  borderRadius: vars.radius.pill,
  border: `2px solid currentColor`,
  color: vars.color.accent,
});

export const stateIconGold = style([stateIcon, { color: vars.color.gold }]);

export const stateHeading = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  textTransform: "uppercase",
  letterSpacing: "0.02em",
  lineHeight: 1,
  fontSize: "clamp(2.25rem, 8vw, 3.75rem)",
  selectors: { "&:focus": { outline: "none" } },
});

export const stateText = style({ margin: 0, color: vars.color.inkMuted, maxWidth: "46ch" });

export const stateEmail = style({ color: vars.color.ink, overflowWrap: "anywhere" });

export const orderNumber = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px dashed ${vars.color.line}`,
  fontSize: vars.size.xs,
  letterSpacing: "0.08em",
  color: vars.color.inkMuted,
  fontVariantNumeric: "tabular-nums",
});
