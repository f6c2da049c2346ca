/** The partner programme pages: hero, sections, steps, tiers, FAQ, creator cards. */
import { globalStyle, style } from "@vanilla-extract/css";
import { cardGrid, twoColumns } from "../../styles/layout";
import {
  bareList,
  card,
  eyebrowGold,
  intro,
  liftHover,
  mediaCard,
  pill,
  quiet,
  riseIn,
  sectionHeader,
  sideRule,
  smallCaps,
  surface,
} from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

// ---------------------------------------------------------------- hero

export const hero = style({
  position: "relative",
  overflow: "hidden",
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.line}`,
  background: [
    `radial-gradient(ellipse 70% 90% at 85% 10%, ${vars.tint.accent.strong}, transparent 60%)`,
    `radial-gradient(ellipse 50% 70% at 0% 100%, ${vars.tint.gold.soft}, transparent 60%)`,
    vars.color.page,
  ].join(", "),
  "@media": { [media.desktop]: { paddingBlock: "6rem 5rem" } },
});

export const heroGrid = style([twoColumns("1.45fr 1fr"), { alignItems: "end" }]);

/** The gold eyebrow with a short magenta rule before it. */
export const eyebrow = style([
  eyebrowGold,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space.sm,
    selectors: { "&::before": { content: '""', width: "28px", height: "2px", background: vars.color.accent } },
  },
]);

export const heroTitle = style([
  displayHeading,
  { fontSize: "clamp(3rem, 10vw, 6.5rem)", lineHeight: 0.92, letterSpacing: "0.01em", margin: `${vars.space.md} 0` },
]);

export const heroAccent = style({
  display: "block",
  background: `linear-gradient(90deg, ${vars.color.accent}, ${vars.color.gold})`,
  WebkitBackgroundClip: "text",
  backgroundClip: "text",
  color: "transparent",
});

export const heroLead = style([intro, { maxWidth: "38rem" }]);

export const heroActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, marginTop: vars.space.xl });

/** Key numbers: a row of tiles on phones, a stacked list beside the headline on desktop. */
export const stats = style([bareList, cardGrid("150px", vars.space.sm), { "@media": { [media.desktop]: { gridTemplateColumns: "minmax(0, 1fr)" } } }]);

export const stat = style([
  surface,
  {
    display: "grid",
    gap: vars.space.xs,
    padding: vars.space.md,
    background: vars.shade.surfaceGlass,
    "@media": {
      [media.desktop]: {
        gridTemplateColumns: "minmax(0, 1.1fr) minmax(0, 1fr)",
        alignItems: "center",
        gap: vars.space.md,
        paddingInline: vars.space.lg,
      },
    },
  },
]);

export const statValue = style({
  fontFamily: vars.font.display,
  fontSize: "clamp(1.75rem, 4vw, 2.5rem)",
  lineHeight: 1,
  color: vars.color.accent,
  whiteSpace: "nowrap",
});

export const statLabel = style([smallCaps, { fontWeight: 700, letterSpacing: "0.08em", color: vars.color.ink }]);

// ---------------------------------------------------------------- sections

export const section = style({
  paddingBlock: vars.space.xxl,
  scrollMarginTop: "72px",
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.line}` } },
});

export const sectionAlt = style({ background: vars.color.surface });

export const sectionHead = style([sectionHeader, { maxWidth: "44rem" }]);

export const sectionTitle = style([displayHeading, { fontSize: "clamp(2.25rem, 6vw, 3.5rem)", lineHeight: 1 }]);

export const sectionIntro = style([intro, { maxWidth: "none" }]);

export const split = style([twoColumns("1fr 1fr"), { "@media": { [media.desktop]: { gap: vars.space.xxl } } }]);

// ---------------------------------------------------------------- feature cards

export const features = style([bareList, cardGrid("300px"), { gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))" }]);

export const feature = style([card, liftHover, { display: "grid", gap: vars.space.sm, alignContent: "start" }]);

export const featureMark = style({ fontFamily: vars.font.display, fontSize: "2.25rem", lineHeight: 1, color: vars.color.gold });

export const featureTitle = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 800 });

export const featureText = quiet;

// ---------------------------------------------------------------- checklists

export const checklist = style([bareList, { display: "grid", gap: vars.space.sm }]);

export const checkItem = style({
  display: "grid",
  gridTemplateColumns: "28px minmax(0, 1fr)",
  gap: vars.space.sm,
  alignItems: "start",
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px dashed ${vars.color.line}`,
  selectors: {
    "&::before": {
      content: '"✓"',
      display: "grid",
      placeItems: "center",
      width: "24px",
      height: "24px",
      marginTop: "1px",
      borderRadius: vars.radius.pill,
      background: vars.color.accent,
      color: vars.color.accentInk,
      fontWeight: 900,
      fontSize: vars.size.xs,
    },
  },
});

export const dontItem = style([checkItem, { selectors: { "&::before": { content: '"✕"', background: vars.color.surfaceRaised, color: vars.color.ink } } }]);

// ---------------------------------------------------------------- steps

export const steps = style([bareList, cardGrid("220px"), { counterReset: "step" }]);

export const step = style([
  card,
  {
    position: "relative",
    display: "grid",
    gap: vars.space.sm,
    alignContent: "start",
    paddingTop: vars.space.xl,
    background: `linear-gradient(160deg, ${vars.color.surfaceRaised}, ${vars.color.page})`,
  },
]);

export const stepNumber = style({
  fontFamily: vars.font.display,
  fontSize: "4rem",
  lineHeight: 0.8,
  color: "transparent",
  WebkitTextStroke: `2px ${vars.color.accent}`,
});

export const stepTitle = style([displayHeading, { fontSize: vars.size.xl, lineHeight: 1.55 }]);

// ---------------------------------------------------------------- commission tiers

export const tiersCard = style([surface, { overflow: "hidden" }]);

export const tiersTable = style({ width: "100%", borderCollapse: "collapse" });

export const tiersCaption = style({ captionSide: "bottom", padding: vars.space.md, textAlign: "left", fontSize: vars.size.xs, color: vars.color.inkMuted });

globalStyle(`${tiersTable} th, ${tiersTable} td`, {
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: "left",
  borderBottom: `1px solid ${vars.color.line}`,
});

export const tiersHead = style([smallCaps, { fontWeight: 700, background: vars.color.surfaceRaised }]);

globalStyle(`${tiersTable} tbody th`, { fontWeight: 700, fontSize: vars.size.lg });

export const tierRate = style({ fontFamily: vars.font.display, fontSize: "2.25rem", lineHeight: 1, textAlign: "right", color: vars.color.accent });

export const tierRateHead = style([tiersHead, {}]);
globalStyle(`${tiersTable} thead th${tierRateHead}`, { textAlign: "right" });

export const tierTop = style({ background: vars.tint.gold.faint });
globalStyle(`${tierTop} td`, { color: vars.color.gold });

// ---------------------------------------------------------------- FAQ

export const faq = style({ display: "grid", gap: vars.space.sm, maxWidth: "52rem" });

export const faqItem = style([surface, { selectors: { "&[open]": { borderColor: vars.color.accent } } }]);

export const faqQuestion = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  minHeight: "56px",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontWeight: 800,
  fontSize: vars.size.md,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&::after": { content: '"+"', fontSize: "1.5rem", color: vars.color.accent, transition: "transform 160ms ease" },
    [`${faqItem}[open] > &::after`]: { transform: "rotate(45deg)" },
  },
});

export const faqAnswer = style([quiet, { padding: `0 ${vars.space.lg} ${vars.space.lg}` }]);

// ---------------------------------------------------------------- info blocks (payment schedule, bulk orders)

export const facts = style([cardGrid("200px"), { margin: 0 }]);

export const fact = style([
  sideRule,
  {
    display: "grid",
    gap: vars.space.xs,
    alignContent: "start",
    padding: vars.space.lg,
    borderRadius: vars.radius.md,
    borderLeft: `4px solid ${vars.color.accent}`,
    background: vars.color.surfaceRaised,
  },
]);

export const factTerm = smallCaps;

export const factValue = style([displayHeading, { fontSize: "clamp(1.6rem, 3.5vw, 2rem)", letterSpacing: "normal" }]);

export const factNote = style([quiet, { fontSize: vars.size.sm }]);

// ---------------------------------------------------------------- creators

export const creators = style([bareList, cardGrid("160px")]);

export const creatorCard = style([mediaCard, riseIn, { display: "grid", gridTemplateRows: "auto 1fr" }]);

export const creatorImage = style({ width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", background: vars.color.surfaceRaised });

/** A creator without a picture the shop can show: their initial, where the picture would be. */
export const creatorMonogram = style([
  creatorImage,
  displayHeading,
  { display: "grid", placeItems: "center", fontSize: "clamp(3rem, 10vw, 5rem)", color: vars.color.accent },
]);

export const creatorBody = style({
  display: "grid",
  gap: vars.space.xs,
  alignContent: "start",
  padding: vars.space.sm,
  "@media": { [media.largePhone]: { padding: vars.space.md } },
});

export const creatorName = style([displayHeading, { fontSize: "clamp(1.3rem, 3vw, 1.6rem)", lineHeight: 1.55 }]);

export const creatorBio = factNote;

export const creatorHandles = style([bareList, { display: "flex", flexWrap: "wrap", gap: vars.space.xs, marginTop: vars.space.xs }]);

export const handle = style([
  pill,
  {
    gap: "4px",
    padding: `2px ${vars.space.sm}`,
    border: `1px solid ${vars.color.line}`,
    fontWeight: 700,
    letterSpacing: "normal",
    textTransform: "none",
    color: vars.color.gold,
  },
]);

export const empty = quiet;

// ---------------------------------------------------------------- guidelines

export const guidelines = style(twoColumns("1fr 1fr", { at: "tablet", gap: vars.space.lg }));

export const guidelineCard = card;

export const guidelineHeading = style([displayHeading, { fontSize: vars.size.xl, lineHeight: 1.55, marginBottom: vars.space.md }]);
