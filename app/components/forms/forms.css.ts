/** The partner and newsletter forms: dark fields, magenta focus, errors beside each field. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

const errorInk = "#ff6b8b";

export const form = style({ display: "grid", gap: vars.space.lg });

/** Two columns from tablet width up; `wide` fields span both. */
export const grid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "(min-width: 720px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", columnGap: vars.space.lg } },
});

export const wide = style({ "@media": { "(min-width: 720px)": { gridColumn: "1 / -1" } } });

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

const control = style({
  width: "100%",
  minHeight: "48px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.page,
  color: vars.color.ink,
  font: "inherit",
  // Focused fields (first error, the next application) stay clear of the sticky header.
  scrollMarginTop: "120px",
  transition: "border-color 120ms ease, box-shadow 120ms ease",
  selectors: {
    "&::placeholder": { color: "#77727a" },
    "&:hover": { borderColor: "#4a4a5a" },
    "&:focus-visible": {
      outline: "none",
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 3px rgba(255, 46, 136, 0.35)`,
    },
    '&[aria-invalid="true"]': { borderColor: errorInk },
    // The checkout disables every field while the payment is processing.
    "&:disabled": { opacity: 0.55, cursor: "not-allowed" },
  },
});

export const input = style([control]);

export const textarea = style([control, { minHeight: "132px", paddingBlock: vars.space.sm, resize: "vertical", lineHeight: 1.5 }]);

export const select = style([
  control,
  {
    appearance: "none",
    paddingInlineEnd: "2.5rem",
    backgroundImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='14' height='14' viewBox='0 0 24 24' fill='none' stroke='%23ff2e88' stroke-width='3' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
    backgroundRepeat: "no-repeat",
    backgroundPosition: "right 1rem center",
  },
]);

export const error = style({
  margin: 0,
  display: "flex",
  gap: vars.space.xs,
  alignItems: "baseline",
  minHeight: "1.4em",
  lineHeight: 1.4,
  color: errorInk,
  fontSize: vars.size.sm,
  fontWeight: 600,
  selectors: {
    "&::before": { content: '"!"', fontWeight: 900, flexShrink: 0 },
    "&:empty::before": { content: "none" },
  },
});

/** The form-level error (the store failed) and the no-JavaScript confirmations. */
export const banner = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${errorInk}`,
  background: "rgba(255, 107, 139, 0.08)",
  color: vars.color.ink,
  fontWeight: 600,
});

export const successBanner = style([
  banner,
  { borderColor: vars.color.gold, background: "rgba(245, 194, 66, 0.08)" },
]);

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
  selectors: { "&:hover": { borderColor: "#4a4a5a" } },
});

export const choiceInput = style({
  flexShrink: 0,
  width: "20px",
  height: "20px",
  marginTop: "1px",
  accentColor: vars.color.accent,
  cursor: "pointer",
});

globalStyle(`${choice}:has(input:checked)`, { borderColor: vars.color.accent, background: "rgba(255, 46, 136, 0.08)" });
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
  "@media": { "(min-width: 720px)": { padding: vars.space.xl } },
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

export const confirmation = style({ display: "grid", gap: vars.space.md, justifyItems: "start", paddingBlock: vars.space.lg });

export const confirmationMark = style({
  display: "grid",
  placeItems: "center",
  width: "64px",
  height: "64px",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: "2rem",
  fontWeight: 900,
});

export const confirmationHeading = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(2rem, 5vw, 3rem)",
  lineHeight: 1.05,
  textTransform: "uppercase",
  margin: 0,
  outline: "none",
  // Focused when it appears: keep it clear of the sticky header.
  scrollMarginTop: "140px",
});

// ---------------------------------------------------------------- newsletter

export const newsletter = style({
  position: "relative",
  overflow: "hidden",
  paddingBlock: vars.space.xxl,
  borderTop: `1px solid ${vars.color.line}`,
  background: `radial-gradient(ellipse at 15% 0%, rgba(255, 46, 136, 0.28), transparent 55%),
    radial-gradient(ellipse at 90% 100%, rgba(245, 194, 66, 0.16), transparent 50%), ${vars.color.page}`,
  scrollMarginTop: "80px",
});

export const newsletterInner = style({
  display: "grid",
  gap: vars.space.lg,
  alignItems: "center",
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "1.1fr 1fr", gap: vars.space.xxl } },
});

export const newsletterEyebrow = style({
  margin: 0,
  color: vars.color.gold,
  fontWeight: 800,
  fontSize: vars.size.xs,
  letterSpacing: "0.18em",
  textTransform: "uppercase",
});

export const newsletterHeading = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(2.5rem, 7vw, 4.5rem)",
  lineHeight: 0.95,
  textTransform: "uppercase",
  margin: `${vars.space.sm} 0`,
});

export const newsletterRow = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": { "(min-width: 520px)": { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "start" } },
});

export const newsletterFine = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.inkMuted });

/** The /newsletter page (a failed post without JavaScript): a short intro above the block. */
export const newsletterPageIntro = style({ paddingBlock: `${vars.space.xl} ${vars.space.lg}` });
