/** The partner and newsletter forms: dark fields, magenta focus, errors beside each field. */
import { globalStyle, style } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { alertBox, eyebrowGold, field as fieldControl, round, selectField } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const form = style({ display: "grid", gap: vars.space.lg });

/** Two columns from tablet width up; `wide` fields span both. */
export const grid = style([columns(1, { tablet: 2 }, vars.space.md), { "@media": { [media.tablet]: { columnGap: vars.space.lg } } }]);

export const wide = style({ "@media": { [media.tablet]: { gridColumn: "1 / -1" } } });

export const field = style({ display: "grid", gap: vars.space.xs, alignContent: "start", minWidth: 0 });

export const label = style({
  fontWeight: 700,
  fontSize: vars.size.sm,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
});

export const optional = style({
  marginInlineStart: vars.space.sm,
  fontWeight: 500,
  textTransform: "none",
  letterSpacing: 0,
  color: vars.color.inkMuted,
});

export const hint = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.inkMuted });

// Focused fields (first error, the next application) stay clear of the sticky header.
const control = style([fieldControl, { scrollMarginTop: "120px" }]);

export const input = style([control]);

export const textarea = style([control, { minHeight: "132px", paddingBlock: vars.space.sm, resize: "vertical", lineHeight: 1.5 }]);

export const select = style([selectField, { scrollMarginTop: "120px" }]);

export const error = style({
  margin: 0,
  display: "flex",
  gap: vars.space.xs,
  alignItems: "baseline",
  minHeight: "1.4em",
  lineHeight: 1.4,
  color: vars.color.danger,
  fontSize: vars.size.sm,
  fontWeight: 600,
  selectors: {
    "&::before": { content: '"!"', fontWeight: 900, flexShrink: 0 },
    "&:empty::before": { content: "none" },
  },
});

/** The form-level error (the store failed) and the no-JavaScript confirmations. */
export const banner = style([alertBox, { padding: vars.space.md, borderRadius: vars.radius.sm }]);

/**
 * What a submission came to, above a partner form: where a post without JavaScript lands
 * (its fragment's target, focused), clear of the sticky header.
 */
export const result = style({ display: "grid", gap: vars.space.sm, scrollMarginTop: "120px", outline: "none" });

export const successBanner = style([banner, { borderColor: vars.color.gold, background: vars.tint.gold.faint }]);

/** A banner's title (a toast's), on its own line above the text. */
export const bannerTitle = style({ display: "block", fontWeight: 800 });

/** Any group of fields: a grid, without the browser's fieldset margins. */
const group = { margin: 0, minWidth: 0, display: "grid", gap: vars.space.sm } as const;

export const fieldset = style({ ...group, border: 0, padding: 0 });

/** A numbered step's group (see FieldGroup): its frame is ui.css's card, so it sets no border or padding. */
export const stepFieldset = style(group);

export const legend = style([label, { padding: 0, marginBottom: vars.space.sm }]);

/** The step's legend: floated, so that it sits inside the card's padding like any other child. */
export const stepLegend = style({
  float: "left",
  width: "100%",
  padding: 0,
  marginBottom: vars.space.sm,
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontFamily: vars.font.display,
  fontSize: vars.size.xl,
  lineHeight: 1.1,
  textTransform: "uppercase",
  letterSpacing: "0.03em",
});

export const step = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "1.9rem",
  height: "1.9rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontFamily: vars.font.body,
  fontWeight: 900,
  fontSize: vars.size.sm,
});

export const choiceRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** A checkbox or radio with its label, as one large target. */
export const choice = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.page,
  cursor: "pointer",
  lineHeight: 1.4,
  selectors: { "&:hover": { borderColor: vars.color.lineStrong } },
});

export const choiceInput = style({
  flexShrink: 0,
  width: "20px",
  height: "20px",
  marginTop: "1px",
  accentColor: vars.color.accent,
  cursor: "pointer",
});

globalStyle(`${choice}:has(input:checked)`, { borderColor: vars.color.accent, background: vars.tint.accent.faint });
globalStyle(`${choice}:has(input:focus-visible)`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });

export const submit = style({ minWidth: "min(100%, 260px)" });

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill it. */
export const honeypot = style({
  position: "absolute",
  left: "-10000px",
  top: "auto",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});

// ---------------------------------------------------------------- application panel

/** The card that holds an application form or its confirmation. */
export const panel = style({
  position: "relative",
  background: `linear-gradient(180deg, ${vars.color.surfaceRaised} 0%, ${vars.color.surface} 100%)`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  "@media": { [media.tablet]: { padding: vars.space.xl } },
  selectors: {
    "&::before": {
      content: '""',
      position: "absolute",
      insetInline: 0,
      top: 0,
      height: "4px",
      borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
      background: `linear-gradient(90deg, ${vars.color.accent}, ${vars.color.gold})`,
    },
  },
});

// Where a post without JavaScript lands (see `result`), the written toast above the heading included.
export const confirmation = style({
  display: "grid",
  gap: vars.space.md,
  justifyItems: "start",
  paddingBlock: vars.space.lg,
  scrollMarginTop: "120px",
  outline: "none",
});

export const confirmationMark = style([
  round,
  { width: "64px", height: "64px", background: vars.color.accent, color: vars.color.accentInk, fontSize: "2rem", fontWeight: 900 },
]);

export const confirmationHeading = style([
  displayHeading,
  {
    fontSize: "clamp(2rem, 5vw, 3rem)",
    outline: "none",
    // Focused when it appears: keep it clear of the sticky header.
    scrollMarginTop: "140px",
  },
]);

// ---------------------------------------------------------------- newsletter

export const newsletter = style({
  position: "relative",
  overflow: "hidden",
  paddingBlock: vars.space.xxl,
  borderTop: `1px solid ${vars.color.line}`,
  background: [
    `radial-gradient(ellipse at 15% 0%, ${vars.tint.accent.strong}, transparent 55%)`,
    `radial-gradient(ellipse at 90% 100%, ${vars.tint.gold.soft}, transparent 50%)`,
    vars.color.page,
  ].join(", "),
  scrollMarginTop: "80px",
});

export const newsletterInner = style({
  display: "grid",
  gap: vars.space.lg,
  alignItems: "center",
  "@media": { [media.desktop]: { gridTemplateColumns: "1.1fr 1fr", gap: vars.space.xxl } },
});

export const newsletterEyebrow = style([eyebrowGold, { letterSpacing: "0.18em" }]);

export const newsletterHeading = style([displayHeading, { fontSize: "clamp(2.5rem, 7vw, 4.5rem)", lineHeight: 0.95, margin: `${vars.space.sm} 0` }]);

export const newsletterRow = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": { [media.largePhone]: { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "start" } },
});

export const newsletterFine = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.inkMuted });

/** The /newsletter page (a failed post without JavaScript): a short intro above the block. */
export const newsletterPageIntro = style({ paddingBlock: `${vars.space.xl} ${vars.space.lg}` });
