import { style } from "@vanilla-extract/css";
import { twoColumns } from "../../styles/layout";
import { bareList, eyebrowGold } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const band = style({
  paddingBlock: "clamp(3rem, 8vw, 6rem)",
  background: [
    `radial-gradient(60% 80% at 20% 50%, ${vars.tint.gold.soft}, transparent 70%)`,
    `linear-gradient(180deg, ${vars.color.page}, ${vars.color.goldNight} 50%, ${vars.color.page})`,
  ].join(", "),
  borderBlock: `1px solid ${vars.tint.gold.soft}`,
});

export const layout = style([twoColumns("5fr 6fr"), { alignItems: "center" }]);

export const art = style({
  aspectRatio: "1 / 1",
  width: "100%",
  maxWidth: "520px",
  justifySelf: "center",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  boxShadow: `0 30px 90px ${vars.tint.gold.soft}`,
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const body = style({ display: "grid", gap: vars.space.md, alignContent: "start" });

export const eyebrow = style([eyebrowGold, { fontWeight: 900, letterSpacing: "0.22em" }]);

export const heading = style([displayHeading, { fontSize: "clamp(3rem, 9vw, 6rem)", lineHeight: 0.9, letterSpacing: "normal", color: vars.color.gold }]);

export const description = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.lg, maxWidth: "36rem" });

export const features = style([bareList, { display: "grid", gap: vars.space.sm }]);

export const feature = style({
  display: "flex",
  alignItems: "baseline",
  gap: vars.space.sm,
  fontWeight: 700,
  "::before": {
    content: "''",
    flexShrink: 0,
    width: "10px",
    height: "10px",
    transform: "rotate(45deg)",
    background: vars.color.gold,
  },
});

export const prices = style({ margin: 0, display: "flex", alignItems: "baseline", gap: vars.space.md });

export const price = style({ fontFamily: vars.font.display, fontSize: "clamp(2.5rem, 6vw, 3.5rem)", color: vars.color.ink, lineHeight: 1 });

export const oldPrice = style({ fontSize: vars.size.xl, color: vars.color.inkMuted, textDecorationThickness: "2px" });

export const cta = style({ display: "flex" });
