/** The partner programme pages: hero, sections, steps, tiers, FAQ, creator cards. */
import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

// ---------------------------------------------------------------- hero

export const hero = style({
  position: "relative",
  overflow: "hidden",
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.line}`,
  background: `radial-gradient(ellipse 70% 90% at 85% 10%, rgba(255, 46, 136, 0.32), transparent 60%),
    radial-gradient(ellipse 50% 70% at 0% 100%, rgba(245, 194, 66, 0.14), transparent 60%), ${vars.color.page}`,
  "@media": { "(min-width: 900px)": { paddingBlock: "6rem 5rem" } },
});

export const heroGrid = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "end",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1.45fr) minmax(0, 1fr)" } },
});

export const eyebrow = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.gold,
  fontWeight: 800,
  fontSize: vars.size.xs,
  letterSpacing: "0.2em",
  textTransform: "uppercase",
  selectors: {
    "&::before": { content: '""', width: "28px", height: "2px", background: vars.color.accent },
  },
});

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(3rem, 10vw, 6.5rem)",
  lineHeight: 0.92,
  letterSpacing: "0.01em",
  textTransform: "uppercase",
  margin: `${vars.space.md} 0`,
});

export const heroAccent = style({
  display: "block",
  background: `linear-gradient(90deg, ${vars.color.accent}, ${vars.color.gold})`,
  WebkitBackgroundClip: "text",
  backgroundClip: "text",
  color: "transparent",
});

export const heroLead = style({
  maxWidth: "38rem",
  margin: 0,
  fontSize: vars.size.lg,
  color: vars.color.inkMuted,
});

export const heroActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, marginTop: vars.space.xl });

/** Key numbers: a row of tiles on phones, a stacked list beside the headline on desktop. */
export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 150px), 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const stat = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: "rgba(22, 22, 29, 0.9)",
  "@media": {
    "(min-width: 960px)": {
      gridTemplateColumns: "minmax(0, 1.1fr) minmax(0, 1fr)",
      alignItems: "center",
      gap: vars.space.md,
      paddingInline: vars.space.lg,
    },
  },
});

export const statValue = style({
  fontFamily: vars.font.display,
  fontSize: "clamp(1.75rem, 4vw, 2.5rem)",
  lineHeight: 1,
  color: vars.color.accent,
  whiteSpace: "nowrap",
});

export const statLabel = style({ fontSize: vars.size.xs, fontWeight: 700, letterSpacing: "0.08em", textTransform: "uppercase" });

// ---------------------------------------------------------------- sections

export const section = style({
  paddingBlock: vars.space.xxl,
  scrollMarginTop: "72px",
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.line}` } },
});

export const sectionAlt = style({ background: vars.color.surface });

export const sectionHead = style({ display: "grid", gap: vars.space.sm, maxWidth: "44rem", marginBottom: vars.space.xl });

export const sectionTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(2.25rem, 6vw, 3.5rem)",
  lineHeight: 1,
  textTransform: "uppercase",
  margin: 0,
});

export const sectionIntro = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.lg });

export const split = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: vars.space.xxl } },
});

// ---------------------------------------------------------------- feature cards

export const features = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const feature = style({
  display: "grid",
  gap: vars.space.sm,
  alignContent: "start",
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  transition: "border-color 160ms ease, transform 160ms ease",
  selectors: { "&:hover": { borderColor: vars.color.accent, transform: "translateY(-2px)" } },
});

export const featureMark = style({
  fontFamily: vars.font.display,
  fontSize: "2.25rem",
  lineHeight: 1,
  color: vars.color.gold,
});

export const featureTitle = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 800 });

export const featureText = style({ margin: 0, color: vars.color.inkMuted });

// ---------------------------------------------------------------- checklists

export const checklist = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });

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

// ---------------------------------------------------------------- steps

export const steps = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 220px), 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "step",
});

export const step = style({
  position: "relative",
  display: "grid",
  gap: vars.space.sm,
  alignContent: "start",
  padding: vars.space.lg,
  paddingTop: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: `linear-gradient(160deg, ${vars.color.surfaceRaised}, ${vars.color.page})`,
});

export const stepNumber = style({
  fontFamily: vars.font.display,
  fontSize: "4rem",
  lineHeight: 0.8,
  color: "transparent",
  WebkitTextStroke: `2px ${vars.color.accent}`,
});

export const stepTitle = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "1.75rem",
  textTransform: "uppercase",
  letterSpacing: "0.02em",
});

// ---------------------------------------------------------------- commission tiers

export const tiersCard = style({
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  overflow: "hidden",
  background: vars.color.surface,
});

export const tiersTable = style({ width: "100%", borderCollapse: "collapse" });

export const tiersCaption = style({
  captionSide: "bottom",
  padding: vars.space.md,
  textAlign: "left",
  fontSize: vars.size.xs,
  color: vars.color.inkMuted,
});

globalStyle(`${tiersTable} th, ${tiersTable} td`, {
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: "left",
  borderBottom: `1px solid ${vars.color.line}`,
});

globalStyle(`${tiersTable} thead th`, {
  fontSize: vars.size.xs,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
  background: vars.color.surfaceRaised,
});

globalStyle(`${tiersTable} tbody th`, { fontWeight: 700, fontSize: vars.size.lg });

export const tierRate = style({
  fontFamily: vars.font.display,
  fontSize: "2.25rem",
  lineHeight: 1,
  textAlign: "right",
  color: vars.color.accent,
});

export const tierRateHead = style({});
globalStyle(`${tiersTable} thead th${tierRateHead}`, { textAlign: "right" });

export const tierTop = style({});
globalStyle(`${tierTop} td`, { color: vars.color.gold });
globalStyle(`${tierTop}`, { background: "rgba(245, 194, 66, 0.06)" });

// ---------------------------------------------------------------- FAQ

export const faq = style({ display: "grid", gap: vars.space.sm, maxWidth: "52rem" });

export const faqItem = style({
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  selectors: { "&[open]": { borderColor: vars.color.accent } },
});

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

export const faqAnswer = style({ margin: 0, padding: `0 ${vars.space.lg} ${vars.space.lg}`, color: vars.color.inkMuted });

// ---------------------------------------------------------------- info blocks (payment schedule, bulk orders)

export const facts = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 200px), 1fr))",
  margin: 0,
});

export const fact = style({
  display: "grid",
  gap: vars.space.xs,
  alignContent: "start",
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceRaised,
});

export const factTerm = style({
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

export const factValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: "clamp(1.6rem, 3.5vw, 2rem)",
  lineHeight: 1.05,
  textTransform: "uppercase",
});

export const factNote = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

// ---------------------------------------------------------------- creators

export const creators = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 160px), 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

const rise = keyframes({ from: { opacity: 0, transform: "translateY(12px)" }, to: { opacity: 1, transform: "none" } });

export const creatorCard = style({
  display: "grid",
  gridTemplateRows: "auto 1fr",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  animation: `${rise} 400ms ease both`,
});

export const creatorImage = style({
  width: "100%",
  height: "auto",
  aspectRatio: "1 / 1",
  objectFit: "cover",
  background: vars.color.surfaceRaised,
});

export const creatorBody = style({
  display: "grid",
  gap: vars.space.xs,
  alignContent: "start",
  padding: vars.space.sm,
  "@media": { "(min-width: 600px)": { padding: vars.space.md } },
});

export const creatorName = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(1.3rem, 3vw, 1.6rem)",
  textTransform: "uppercase",
  letterSpacing: "0.02em",
});

export const creatorBio = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

export const creatorHandles = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
});

export const handle = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "4px",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  fontSize: vars.size.xs,
  fontWeight: 700,
  color: vars.color.gold,
});

export const empty = style({ margin: 0, color: vars.color.inkMuted });

// ---------------------------------------------------------------- guidelines

export const guidelines = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { "(min-width: 720px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const guidelineCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
});

export const guidelineHeading = style({
  margin: `0 0 ${vars.space.md}`,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "1.75rem",
  textTransform: "uppercase",
});

export const dontItem = style([
  checkItem,
  { selectors: { "&::before": { content: '"✕"', background: vars.color.surfaceRaised, color: vars.color.ink } } },
]);

// ---------------------------------------------------------------- apply

export const applyGrid = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 0.8fr) minmax(0, 1.4fr)", gap: vars.space.xxl } },
});

export const applyAside = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { "(min-width: 1024px)": { position: "sticky", top: "96px" } },
});
