import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const banners = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "1fr",
  marginBottom: vars.space.xl,
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "repeat(2, 1fr)" } },
});

export const banner = style({
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  transition: "border-color 160ms ease",
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});

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

export const bannerTitle = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.size.xl,
  lineHeight: 1.1,
  textTransform: "uppercase",
});

export const bannerTagline = style({ margin: 0, color: vars.color.inkMuted });

export const grid = style({ marginBottom: vars.space.xl });

export const more = style({ display: "flex", justifyContent: "center" });
