import { globalStyle, style } from "@vanilla-extract/css";
import { twoColumns } from "../../styles/layout";
import { sideRule, smallCaps, surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { visuallyHidden } from "../../styles/ui.css";

export const layout = style([twoColumns("2fr 3fr"), { alignItems: "center" }]);

export const art = style({ width: "100%", maxWidth: "420px", justifySelf: "center", aspectRatio: "1 / 1" });

export const image = style({ width: "100%", height: "100%", filter: `drop-shadow(0 20px 60px ${vars.tint.gold.glow})` });

export const body = style({ display: "grid", gap: vars.space.md });

export const facts = style({
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(8.5rem, 1fr))",
  gap: vars.space.sm,
});

export const fact = style([surface, { padding: vars.space.md, borderRadius: vars.radius.sm, display: "grid", gap: "2px" }]);

export const newTab = style([visuallyHidden]);

export const disclaimer = style([sideRule, { color: vars.color.inkMuted, fontSize: vars.size.sm }]);

export const factTerm = smallCaps;
globalStyle(`${fact} dd`, { margin: 0, fontFamily: vars.font.display, fontSize: vars.size.xl, lineHeight: 1.1 });
