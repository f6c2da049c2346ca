/**
 * The order's own page (app/routes/order.tsx): the info pages' hero, then the checkout's
 * look: a column of panels (timeline, cancel, downloads, where it goes) beside the order
 * summary panel.
 */
import { style, styleVariants } from "@vanilla-extract/css";
import { twoColumns } from "../../styles/layout";
import { alertBox, bareList, smallCaps, surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const layout = style([twoColumns("1fr 380px"), { alignItems: "start", paddingBlock: "clamp(2rem, 5vw, 3.5rem)" }]);

export const column = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });

export const panel = style([surface, { display: "grid", gap: vars.space.md, padding: vars.space.lg, minWidth: 0 }]);

export const panelHeading = style([displayHeading, { margin: 0, letterSpacing: "0.04em", fontSize: vars.size.xl, lineHeight: 1.1 }]);

export const text = style({ margin: 0, color: vars.color.inkMuted });

export const strong = style({ color: vars.color.ink });

/** The status in the hero, as a pill beside the date: gold on its way, the danger colour once cancelled. */
const statusPillBase = style([
  smallCaps,
  {
    display: "inline-block",
    marginInlineStart: vars.space.sm,
    padding: `2px ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.tint.gold.line}`,
    background: vars.tint.gold.faint,
    color: vars.color.gold,
    fontWeight: 800,
    letterSpacing: "0.08em",
  },
]);

export const statusPill = styleVariants({
  live: [statusPillBase],
  cancelled: [statusPillBase, { borderColor: vars.color.danger, background: vars.tint.danger.faint, color: vars.color.danger }],
});

// ------------------------------------------------------------------ timeline

export const timeline = style([bareList, { display: "grid", gap: 0 }]);

const stepBase = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "28px minmax(0, 1fr)",
  columnGap: vars.space.md,
  paddingBottom: vars.space.lg,
  selectors: {
    // The rail between one step's dot and the next.
    "&::before": { content: '""', position: "absolute", left: "13px", top: "28px", bottom: 0, width: "2px", background: vars.color.line },
    "&:last-child": { paddingBottom: 0 },
    "&:last-child::before": { display: "none" },
  },
});

export const step = styleVariants({
  done: [stepBase],
  current: [stepBase],
  todo: [stepBase, { color: vars.color.inkMuted }],
  cancelled: [stepBase],
});

const dotBase = style({
  width: "28px",
  height: "28px",
  borderRadius: vars.radius.pill,
  display: "grid",
  placeItems: "center",
  border: `2px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.accentInk,
});

export const dot = styleVariants({
  done: [dotBase, { borderColor: vars.color.gold, background: vars.color.gold }],
  current: [dotBase, { borderColor: vars.color.accent, background: vars.color.accent, boxShadow: `0 0 0 4px ${vars.tint.accent.soft}` }],
  todo: [dotBase],
  cancelled: [dotBase, { borderColor: vars.color.danger, background: vars.color.danger }],
});

export const stepBody = style({ display: "grid", gap: vars.space.xs, minWidth: 0, paddingTop: "2px" });

export const stepTitle = style({ margin: 0, fontWeight: 800, color: "inherit" });

export const stepMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm, overflowWrap: "anywhere" });

export const tracking = style({ color: vars.color.accent, fontWeight: 800 });

/** The reason of a cancel, as its owner wrote it: quoted, one line. */
export const reason = style({ margin: 0, paddingInlineStart: vars.space.md, borderInlineStart: `2px solid ${vars.color.danger}`, overflowWrap: "anywhere" });

// ------------------------------------------------------------------ cancel

export const cancelPanel = style([panel, { borderColor: vars.tint.accent.line }]);

export const confirm = style([alertBox, { display: "grid", gap: vars.space.md, borderColor: vars.color.accent, background: vars.tint.accent.faint }]);

export const confirmHeading = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 800, selectors: { "&:focus": { outline: "none" } } });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const form = style({ margin: 0 });

// ------------------------------------------------------------------ lines, address, downloads

export const lines = style([bareList, { display: "grid", gap: vars.space.md, paddingBottom: vars.space.md, borderBottom: `1px solid ${vars.color.line}` }]);

export const line = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: vars.space.md, alignItems: "baseline" });

export const lineName = style({ margin: 0, fontWeight: 800, lineHeight: 1.25, overflowWrap: "anywhere" });

export const lineMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

export const linePrice = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums" });

export const address = style({ margin: 0, fontStyle: "normal", lineHeight: 1.6 });

export const downloads = style([bareList, { display: "grid", gap: vars.space.md }]);

export const download = style({ display: "grid", gap: vars.space.sm });
