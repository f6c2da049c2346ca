import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const dialog = style({
  width: "min(720px, calc(100vw - 2rem))",
  maxHeight: "calc(100vh - 2rem)",
  padding: 0,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: "0 30px 80px rgba(0, 0, 0, 0.7)",
  selectors: { "&::backdrop": { background: "rgba(0, 0, 0, 0.7)" } },
});

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

export const video = style({ width: "100%", height: "auto", aspectRatio: "16 / 9", background: "#000", borderRadius: vars.radius.sm });
