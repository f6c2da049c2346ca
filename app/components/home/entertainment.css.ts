import { globalStyle, style } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { mediaCard } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const grid = style(columns(1, { largePhone: 2, wide: 4 }));

export const card = mediaCard;

export const wideCard = style({
  gridColumn: "1 / -1",
  "@media": { [media.tablet]: { display: "grid", gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
});

export const art = style({ position: "relative", aspectRatio: "1 / 1", background: vars.color.surfaceRaised });

export const wideArt = style([art, { aspectRatio: "2 / 1" }]);

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const kindRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, padding: vars.space.lg, flex: 1 });

export const title = style([displayHeading, { fontSize: "clamp(1.5rem, 2.6vw, 2rem)", lineHeight: 1 }]);

export const subtitle = style({ margin: 0, fontWeight: 700 });

export const date = style({ margin: 0, color: vars.color.gold, fontWeight: 800, fontSize: vars.size.sm, letterSpacing: "0.04em" });

export const description = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

export const actions = style({ marginTop: "auto", paddingTop: vars.space.sm });

/** Wide cards centre their text beside the art instead of pinning the buttons down. */
export const wideBody = style({ justifyContent: "center" });

globalStyle(`${wideBody} ${actions}`, { marginTop: 0 });

export const priceTag = style({ fontWeight: 900 });

export const launchNote = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px dashed ${vars.color.accent}`,
  color: vars.color.ink,
  fontWeight: 700,
});

export const dialogCover = style({ width: "min(240px, 100%)", height: "auto", borderRadius: vars.radius.sm });
