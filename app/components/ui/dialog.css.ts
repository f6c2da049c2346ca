import { style } from "@vanilla-extract/css";
import { surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";

export const dialog = style([
  surface,
  {
    width: "min(720px, calc(100vw - 2rem))",
    maxHeight: "calc(100vh - 2rem)",
    padding: 0,
    color: vars.color.ink,
    boxShadow: `0 30px 80px ${vars.shade.shadowDeep}`,
    selectors: { "&::backdrop": { background: vars.shade.shadowDeep } },
  },
]);

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ margin: 0, fontSize: vars.size.lg });

export const body = style({ padding: vars.space.lg, display: "grid", gap: vars.space.md });

export const video = style({ width: "100%", height: "auto", aspectRatio: "16 / 9", background: vars.color.black, borderRadius: vars.radius.sm });
