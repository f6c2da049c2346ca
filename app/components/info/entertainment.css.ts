/** The entertainment page: feature blocks (image beside text), the track grid, the series teaser. */
import { style } from "@vanilla-extract/css";
import { cardGrid, twoColumns } from "../../styles/layout";
import { bareList, raisedCard } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const feature = style([
  raisedCard,
  twoColumns("1.2fr 1fr", { gap: vars.space.lg }),
  {
    alignItems: "center",
    padding: "clamp(1rem, 3vw, 1.5rem)",
    background: `linear-gradient(135deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
    "@media": { [media.desktop]: { gap: vars.space.xl } },
  },
]);

export const featureReverse = style({ "@media": { [media.desktop]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.2fr)" } } });

export const featureMedia = style({ width: "100%", height: "auto", borderRadius: vars.radius.sm, background: vars.color.page });

export const cover = style({
  width: "100%",
  maxWidth: "420px",
  height: "auto",
  aspectRatio: "1 / 1",
  justifySelf: "center",
  borderRadius: vars.radius.sm,
  boxShadow: `0 30px 60px ${vars.shade.shadow}, 0 0 0 1px ${vars.tint.gold.line}`,
});

export const featureText = style({ display: "grid", gap: vars.space.md, alignContent: "center", minWidth: 0 });

export const featureTitle = style([displayHeading, { fontSize: "clamp(2rem, 5vw, 3.25rem)", lineHeight: 1, color: vars.color.ink }]);

export const price = style({ margin: 0, fontFamily: vars.font.display, fontSize: "2rem", lineHeight: 1, color: vars.color.gold });

export const facts = style([bareList, { display: "flex", flexWrap: "wrap", gap: vars.space.sm }]);

export const trackCover = style({ width: "100%", height: "auto", aspectRatio: "1 / 1", borderRadius: vars.radius.sm });

export const artist = style({ margin: 0, color: vars.color.accent, fontWeight: 700, fontSize: vars.size.sm });

export const notify = style({ scrollMarginTop: "96px" });

export const tracks = style([bareList, cardGrid("260px")]);
