import { style } from "@vanilla-extract/css";
import { cardGrid, columns } from "../../styles/layout";
import { accentHover, bareList, mediaCard, round, surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { visuallyHidden } from "../../styles/ui.css";

export const tiles = style([bareList, columns(2, { largePhone: 3, wide: 6 }, vars.space.sm), { marginBottom: vars.space.xl }]);

export const tile = style([mediaCard, accentHover, { textDecoration: "none" }]);

export const tileMedia = style({ display: "block", aspectRatio: "1 / 1", overflow: "hidden", background: vars.color.surfaceRaised });

export const tileImage = style({
  width: "100%",
  height: "100%",
  objectFit: "cover",
  transition: "transform 300ms ease",
  selectors: { [`${tile}:hover &`]: { transform: "scale(1.05)" } },
});

export const tag = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: "0.7rem",
  fontWeight: 800,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

export const newTab = style([visuallyHidden]);

export const profiles = style([bareList, cardGrid("200px", vars.space.sm)]);

export const profile = style([
  surface,
  accentHover,
  {
    display: "flex",
    alignItems: "center",
    gap: vars.space.sm,
    minHeight: "56px",
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.pill,
    textDecoration: "none",
  },
]);

export const profileIcon = style([round, { width: "36px", height: "36px", background: vars.color.accent, color: vars.color.accentInk }]);

export const profileText = style({ display: "grid", lineHeight: 1.2 });

export const profileName = style({ fontWeight: 800 });

export const handle = style({ color: vars.color.inkMuted, fontSize: vars.size.sm });
