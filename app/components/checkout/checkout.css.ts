/** The checkout: demo notice, the form's frame and card row (its fields are forms.css's), the order panel, the end states. */
import { style } from "@vanilla-extract/css";
import { twoColumns } from "../../styles/layout";
import { alertBox, bareList, emptyState, errorText, eyebrowGold, round } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const layout = style([twoColumns("1fr 380px"), { alignItems: "start" }]);

export const notice = style([
  alertBox,
  {
    display: "flex",
    gap: vars.space.md,
    alignItems: "flex-start",
    marginBottom: vars.space.xl,
    borderColor: vars.tint.gold.line,
    background: vars.tint.gold.faint,
    fontSize: vars.size.sm,
    fontWeight: 400,
  },
]);

export const noticeTitle = style([eyebrowGold, { display: "block", fontWeight: 900, letterSpacing: "0.12em" }]);

export const noticeText = style({ margin: 0 });

/** One line of a notice that lists several (the prices that changed). */
export const noticeLine = style({ display: "block" });

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
  "@media": { [media.largePhone]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" } },
});

export const cardNumber = style({ gridColumn: "1 / -1", "@media": { [media.largePhone]: { gridColumn: "auto" } } });

export const pay = style({ width: "100%", minHeight: "56px", fontSize: vars.size.md, letterSpacing: "0.1em" });

// ---------------------------------------------------------------- order panel

export const panelLines = style([
  bareList,
  {
    display: "flex",
    flexDirection: "column",
    gap: vars.space.md,
    paddingBottom: vars.space.md,
    borderBottom: `1px solid ${vars.color.line}`,
  },
]);

export const panelLine = style({ display: "grid", gridTemplateColumns: "56px minmax(0, 1fr) auto", gap: vars.space.md, alignItems: "center" });

/** A line that stands between the cart and its order: marked in the danger colour, its fix under it. */
export const panelLineFlagged = style([
  panelLine,
  {
    padding: vars.space.sm,
    marginInline: `calc(-1 * ${vars.space.sm})`,
    borderRadius: vars.radius.sm,
    border: `1px solid ${vars.color.danger}`,
    background: vars.tint.danger.faint,
  },
]);

export const panelVariant = style({ margin: 0, color: vars.color.ink, fontSize: vars.size.xs, fontWeight: 700 });

export const lineProblem = style({ gridColumn: "1 / -1", display: "grid", gap: vars.space.sm });

export const lineProblemText = style([errorText, { fontSize: vars.size.sm }]);

export const lineFixes = style({ display: "grid", gap: vars.space.sm });

export const lineFixButtons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** Above PAY: what still stands between the cart and its order. */
export const problemSummary = style([alertBox, { fontSize: vars.size.sm }]);

/** Where "Fix it in the Order Summary" lands: clear of the sticky header. */
export const jumpTarget = style({ scrollMarginTop: "120px" });

export const problemLink = style({ color: vars.color.accent, fontWeight: 800, whiteSpace: "nowrap" });

export const panelThumbWrap = style({ position: "relative" });

export const panelThumb = style({
  width: 56,
  height: 56,
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
});

export const panelQty = style([
  round,
  {
    position: "absolute",
    top: -8,
    right: -8,
    minWidth: 22,
    height: 22,
    paddingInline: 5,
    background: vars.color.accent,
    color: vars.color.accentInk,
    fontSize: "0.75rem",
    fontWeight: 900,
  },
]);

export const panelName = style({ margin: 0, fontWeight: 800, lineHeight: 1.25, overflowWrap: "anywhere" });

export const panelMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const panelPrice = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums" });

// ---------------------------------------------------------------- end states

export const state = style([
  emptyState,
  {
    maxWidth: "640px",
    marginInline: "auto",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: vars.space.md,
    paddingInline: vars.space.lg,
    borderStyle: "solid",
    background: `radial-gradient(ellipse at top, ${vars.tint.accent.glow}, transparent 65%), ${vars.color.surface}`,
  },
]);

export const stateSuccess = style([state, { background: `radial-gradient(ellipse at top, ${vars.tint.gold.glow}, transparent 65%), ${vars.color.surface}` }]);

export const stateIcon = style([round, { width: 84, height: 84, border: `2px solid currentColor`, color: vars.color.accent }]);

export const stateIconGold = style([stateIcon, { color: vars.color.gold }]);

export const stateHeading = style([displayHeading, { lineHeight: 1, fontSize: "clamp(2.25rem, 8vw, 3.75rem)", selectors: { "&:focus": { outline: "none" } } }]);

/** The success state's ways on: the order's page and the shop. */
export const stateActions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space.sm });

export const stateText = style({ margin: 0, color: vars.color.inkMuted, maxWidth: "46ch" });

export const stateEmail = style({ color: vars.color.ink, overflowWrap: "anywhere" });

/** The code's discount on the success state: money off, in the brand's gold (as the summary's rows). */
export const stateSaving = style({ color: vars.color.gold, fontVariantNumeric: "tabular-nums" });

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
