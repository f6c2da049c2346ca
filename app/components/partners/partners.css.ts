/** The partners' sign-in on /login and their own page at /partner. */
import { globalStyle, style } from "@vanilla-extract/css";
import { cardGrid, twoColumns } from "../../styles/layout";
import { raisedCard, smallCaps, surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";

/** The sign-in panel: what to do beside the form, stacked on phones. */
export const signIn = style([raisedCard, twoColumns("2fr 3fr", { at: "tablet" }), { padding: "clamp(1.25rem, 4vw, 2rem)", alignItems: "start" }]);

export const signInForm = style({ display: "grid", gap: vars.space.md, minWidth: 0 });

/** A form's button under its fields, as wide as it needs. */
export const submitRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });

export const fine = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.inkMuted });

// ------------------------------------------------------------------ the partner's page

export const panels = style([cardGrid("300px"), { gap: vars.space.md }]);

export const panel = style([raisedCard, { display: "grid", gap: vars.space.sm, alignContent: "start", padding: vars.space.lg, minWidth: 0 }]);

export const panelTitle = style({ margin: 0, color: vars.color.ink, fontSize: vars.size.lg, fontWeight: 800 });

/** A link or code to copy: selectable in one click without JavaScript, with a Copy button with it. */
export const copyRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", minWidth: 0 });

export const copyText = style([
  surface,
  {
    flex: "1 1 12rem",
    minWidth: 0,
    margin: 0,
    padding: `${vars.space.sm} ${vars.space.md}`,
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    fontSize: vars.size.md,
    color: vars.color.ink,
    overflowWrap: "anywhere",
    userSelect: "all",
  },
]);

export const copied = style({ fontSize: vars.size.sm, color: vars.color.gold, minHeight: "1.5em" });

/** Figures: label over value. */
export const figures = style([cardGrid("150px"), { gap: vars.space.sm, margin: 0 }]);

export const figure = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  minWidth: 0,
});

export const figureLabel = style([smallCaps, { margin: 0, fontWeight: 700, letterSpacing: "0.08em", order: 1 }]);

export const figureValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: "clamp(1.5rem, 4vw, 2rem)",
  lineHeight: 1.1,
  color: vars.color.gold,
  order: 2,
});

/** The tier's progress to the next bracket. */
export const meter = style({ width: "100%", height: "0.75rem", accentColor: vars.color.accent });

export const tableWrap = style([surface, { overflowX: "auto" }]);

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.size.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.line}`,
  verticalAlign: "top",
  whiteSpace: "nowrap",
});
globalStyle(`${table} th`, { color: vars.color.ink, fontWeight: 800 });
globalStyle(`${table} td`, { color: vars.color.inkMuted });
globalStyle(`${table} .num`, { textAlign: "right", fontVariantNumeric: "tabular-nums" });

// On phones each row is a small card, each cell its column's name beside its value (`data-label`).
globalStyle(`${table}, ${table} tbody, ${table} caption`, { "@media": { [media.phone]: { display: "block" } } });
globalStyle(`${table} thead`, {
  "@media": { [media.phone]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" } },
});
globalStyle(`${table} tr`, {
  "@media": { [media.phone]: { display: "block", padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.line}` } },
});
globalStyle(`${table} td`, {
  "@media": {
    [media.phone]: {
      display: "flex",
      justifyContent: "space-between",
      gap: vars.space.md,
      border: 0,
      padding: `${vars.space.xs} ${vars.space.md}`,
      whiteSpace: "normal",
      textAlign: "right",
    },
  },
});
globalStyle(`${table} td[data-label]::before`, {
  "@media": { [media.phone]: { content: "attr(data-label)", color: vars.color.ink, fontWeight: 700, textAlign: "left" } },
});

export const caption = style([
  smallCaps,
  { captionSide: "top", textAlign: "left", padding: `${vars.space.sm} ${vars.space.md}`, fontWeight: 700, letterSpacing: "0.08em" },
]);

export const empty = style({ margin: 0, color: vars.color.inkMuted });
