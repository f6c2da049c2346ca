/** Pieces every home section shares: the band, its header, the eyebrow line, chips. */
import { style } from "@vanilla-extract/css";
import { eyebrow as eyebrowLine, intro, pill, quiet, sectionHeader as header } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const section = style({
  paddingBlock: `clamp(3rem, 8vw, 6rem)`,
  scrollMarginTop: "80px",
});

export const sectionAlt = style([
  section,
  {
    background: `linear-gradient(180deg, ${vars.color.page} 0%, ${vars.color.pageAlt} 18%, ${vars.color.pageAlt} 82%, ${vars.color.page} 100%)`,
  },
]);

export const sectionHeader = header;

export const eyebrow = style([eyebrowLine, { fontWeight: 900, letterSpacing: "0.22em" }]);

export const heading = style([displayHeading, { fontSize: "clamp(2.25rem, 6vw, 4rem)", lineHeight: 0.95, letterSpacing: "0.01em" }]);

export const lede = intro;

export const chip = style([pill, { gap: vars.space.xs, border: `1px solid ${vars.color.line}`, background: vars.color.surfaceRaised }]);

export const newBadge = style([
  pill,
  { display: "inline-block", padding: "0.2rem 0.7rem", background: vars.color.accent, color: vars.color.accentInk, fontWeight: 900, letterSpacing: "0.12em" },
]);

/** The section's closing link. */
export const more = style({ display: "flex", justifyContent: "center", marginTop: vars.space.xl });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const dialogText = quiet;

export const dialogImage = style({ width: "100%", height: "auto", aspectRatio: "2 / 1", objectFit: "cover", borderRadius: vars.radius.sm });
