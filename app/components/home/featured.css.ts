import { style } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { accentHover, mediaCard, quiet } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const banners = style([columns(1, { desktop: 2 }), { marginBottom: vars.space.xl }]);

export const banner = style([mediaCard, accentHover]);

/** The art is the ad itself (name and slogan included); it keeps its 2:1 box. */
export const bannerArt = style({ width: "100%", height: "auto", aspectRatio: "2 / 1", objectFit: "cover" });

export const bannerBody = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
});

export const bannerText = style({ display: "grid", gap: "2px" });

export const bannerTitleRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const bannerTitle = style([displayHeading, { fontSize: vars.size.xl, lineHeight: 1.1 }]);

export const bannerTagline = quiet;
