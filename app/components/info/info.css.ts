/** The informational pages' shared look: hero band, text layout, cards, badges, callouts. */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { cardGrid, twoColumns } from "../../styles/layout";
import { bareList, eyebrow as eyebrowLine, liftHover, pill, raisedCard, sideRule, smallCaps, surface } from "../../styles/recipes.css";
import { displayCh } from "../../styles/display-font";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

// ------------------------------------------------------------------ hero

export const hero = style({
  position: "relative",
  overflow: "hidden",
  borderBottom: `1px solid ${vars.color.line}`,
  background: [
    `radial-gradient(60rem 24rem at 85% -10%, ${vars.tint.accent.strong}, transparent 60%)`,
    `radial-gradient(40rem 20rem at 0% 120%, ${vars.tint.gold.soft}, transparent 60%)`,
    vars.color.page,
  ].join(", "),
});

export const heroInner = style({
  display: "grid",
  gap: vars.space.md,
  paddingBlock: `clamp(2.5rem, 7vw, 5rem) clamp(2rem, 5vw, 3.5rem)`,
});

export const eyebrow = style([eyebrowLine, { letterSpacing: "0.22em" }]);

export const heroTitle = style([
  displayHeading,
  { fontSize: vars.size.xxl, lineHeight: 0.95, letterSpacing: "0.01em", maxWidth: displayCh(18), overflowWrap: "anywhere" },
]);

export const heroLede = style({
  margin: 0,
  maxWidth: "62ch",
  color: vars.color.inkMuted,
  fontSize: "clamp(1rem, 1.6vw, 1.2rem)",
});

export const heroActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginTop: vars.space.sm });

// ------------------------------------------------------------------ page body

export const body = style({
  display: "grid",
  gap: "clamp(2.5rem, 6vw, 4.5rem)",
  paddingBlock: "clamp(2rem, 5vw, 4rem)",
});

/** Text pages: an "On this page" list beside the text on wide screens, above it on phones. */
export const textLayout = style([twoColumns("220px 1fr"), { alignItems: "start", "@media": { [media.desktop]: { gap: vars.space.xxl } } }]);

export const toc = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": { [media.desktop]: { position: "sticky", top: "96px" } },
});

export const tocTitle = style([smallCaps, { margin: 0, letterSpacing: "0.18em" }]);

export const tocList = style([
  bareList,
  { display: "flex", flexWrap: "wrap", gap: vars.space.xs, "@media": { [media.desktop]: { flexDirection: "column", flexWrap: "nowrap" } } },
]);

export const tocLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.ink,
  fontSize: vars.size.sm,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.accent, color: vars.color.accent } },
  "@media": {
    [media.desktop]: {
      border: 0,
      borderLeft: `2px solid ${vars.color.line}`,
      borderRadius: 0,
      minHeight: "36px",
    },
  },
});

export const textColumn = style({ display: "grid", gap: "clamp(2.5rem, 5vw, 3.5rem)", minWidth: 0 });

export const section = style({
  display: "grid",
  gap: vars.space.md,
  // Anchors (#values, #safety, …) land below the sticky header.
  scrollMarginTop: "96px",
});

export const sectionTitle = style([displayHeading, { fontSize: "clamp(1.75rem, 4vw, 2.5rem)", color: vars.color.ink }]);

export const subTitle = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: vars.size.lg,
  fontWeight: 800,
  letterSpacing: "0.02em",
});

/** Running text: readable measure, spaced paragraphs and lists, accent links. */
export const prose = style({ display: "grid", gap: vars.space.md, maxWidth: "70ch", color: vars.color.inkMuted });
globalStyle(`${prose} p, ${prose} ul, ${prose} ol, ${prose} dl`, { margin: 0 });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: "1.25rem", display: "grid", gap: vars.space.sm });
globalStyle(`${prose} li::marker`, { color: vars.color.accent });
globalStyle(`${prose} strong`, { color: vars.color.ink });
globalStyle(`${prose} a`, { color: vars.color.accent, fontWeight: 600, textUnderlineOffset: "3px" });
globalStyle(`${prose} code`, {
  color: vars.color.gold,
  background: vars.color.surfaceRaised,
  padding: "0.1em 0.4em",
  borderRadius: vars.radius.sm,
  fontSize: "0.92em",
});

// ------------------------------------------------------------------ cards and grids

export const grid = style([bareList, cardGrid("250px")]);

export const gridWide = style([bareList, cardGrid("300px")]);

/** Two columns on wide screens, for cards with longer text. */
export const gridHalf = style([bareList, cardGrid("420px")]);

export const card = style([raisedCard, { display: "grid", alignContent: "start", gap: vars.space.sm, minWidth: 0 }]);

/** A link card's list item: the card fills it, so cards in a row share the row's height. */
export const linkCardItem = style({ display: "grid" });

/**
 * A card that is one link: the whole card lifts and lights up. Its text takes the space left
 * over, so the cues of cards in a row sit on one line at their feet.
 */
export const linkCard = style([card, liftHover, { gridTemplateRows: "auto 1fr auto", color: vars.color.ink, textDecoration: "none" }]);

export const cardTitle = style({ margin: 0, color: vars.color.ink, fontSize: vars.size.lg, fontWeight: 800, lineHeight: 1.25 });

export const cardText = style({ margin: 0, color: vars.color.inkMuted });

export const cardMeta = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.inkMuted,
  fontSize: vars.size.xs,
  fontWeight: 600,
  letterSpacing: "0.04em",
});

export const cardFooter = style({
  marginTop: "auto",
  paddingTop: vars.space.sm,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});

/** An intro card: a bordered, glowing band that opens a page. */
export const introCard = style([
  twoColumns("1.4fr 1fr", { gap: vars.space.md }),
  {
    alignItems: "center",
    padding: "clamp(1.5rem, 4vw, 2.5rem)",
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.tint.accent.line}`,
    background: `radial-gradient(30rem 12rem at 100% 0%, ${vars.tint.accent.glow}, transparent 70%), ${vars.color.surface}`,
  },
]);

export const statList = style({
  display: "grid",
  gap: vars.space.sm,
  margin: 0,
  "@media": { [media.largePhone]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: vars.space.md } },
});

/** Label beside value on phones, label above value from 560 px. */
export const stat = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  "@media": { [media.largePhone]: { display: "grid", alignContent: "start", gap: vars.space.xs } },
});

export const statValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: "clamp(1.75rem, 4vw, 2.25rem)",
  lineHeight: 1,
  color: vars.color.gold,
});

export const statLabel = style([smallCaps, { margin: 0, fontWeight: 700, letterSpacing: "0.08em" }]);

const badgeBase = style([pill, { width: "fit-content", padding: "0 0.6em", minHeight: "1.7em", lineHeight: 1, whiteSpace: "nowrap" }]);

export const badge = styleVariants({
  accent: [badgeBase, { background: vars.tint.accent.soft, color: vars.color.accent, border: `1px solid ${vars.tint.accent.line}` }],
  gold: [badgeBase, { background: vars.tint.gold.soft, color: vars.color.gold, border: `1px solid ${vars.tint.gold.line}` }],
  plain: [badgeBase, { background: vars.color.surfaceRaised, color: vars.color.ink, border: `1px solid ${vars.color.line}` }],
  verified: [badgeBase, { background: vars.tint.focus.soft, color: vars.color.focus, border: `1px solid ${vars.tint.focus.line}` }],
});

/** A boxed note, e.g. "orders on this site are demo orders". */
export const callout = style([
  sideRule,
  {
    display: "grid",
    gap: vars.space.xs,
    padding: `${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    borderLeftWidth: "4px",
    color: vars.color.ink,
    maxWidth: "70ch",
  },
]);
globalStyle(`${callout} p`, { margin: 0 });

export const calloutTitle = style({
  margin: 0,
  fontWeight: 800,
  color: vars.color.gold,
  textTransform: "uppercase",
  letterSpacing: "0.08em",
  fontSize: vars.size.sm,
});

/** A numbered list of steps (onboarding, how it works). */
export const steps = style([bareList, { display: "grid", gap: vars.space.md, counterReset: "step" }]);

export const step = style([
  surface,
  {
    position: "relative",
    display: "grid",
    gap: vars.space.sm,
    padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.lg} calc(${vars.space.lg} + 3.25rem)`,
    counterIncrement: "step",
    selectors: {
      "&::before": {
        content: "counter(step, decimal-leading-zero)",
        position: "absolute",
        left: vars.space.lg,
        top: vars.space.lg,
        fontFamily: vars.font.display,
        fontSize: "1.75rem",
        lineHeight: 1,
        color: vars.color.accent,
      },
    },
  },
]);

export const list = style({ margin: 0, paddingLeft: "1.2rem", display: "grid", gap: vars.space.xs, color: vars.color.inkMuted });
globalStyle(`${list} li::marker`, { color: vars.color.accent });

export const buttonRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const stars = style({ display: "inline-flex", gap: "2px", color: vars.color.gold, lineHeight: 0 });
export const starEmpty = style({ color: vars.color.line });

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.size.sm,
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.line}`,
  verticalAlign: "top",
});
globalStyle(`${table} th`, { color: vars.color.ink, fontWeight: 800 });
globalStyle(`${table} td`, { color: vars.color.inkMuted });

export const tableWrap = style([surface, { overflowX: "auto" }]);

export const tableCaption = style([
  smallCaps,
  { captionSide: "top", textAlign: "left", padding: `${vars.space.sm} ${vars.space.md}`, fontWeight: 700, letterSpacing: "0.08em" },
]);
globalStyle(`${prose} h3`, { margin: `${vars.space.sm} 0 0`, color: vars.color.ink, fontSize: vars.size.lg, fontWeight: 800 });
