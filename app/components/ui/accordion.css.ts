import { style } from "@vanilla-extract/css";
import { surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";

export const accordion = style({
  display: "grid",
  gap: vars.space.sm,
});

export const item = style([
  surface,
  { overflow: "hidden", transition: "border-color 150ms ease", selectors: { "&[data-open=true]": { borderColor: vars.tint.accent.line } } },
]);

export const heading = style({ margin: 0, fontSize: "inherit" });

export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  width: "100%",
  minHeight: "56px",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 0,
  background: "transparent",
  color: vars.color.ink,
  font: "inherit",
  fontWeight: 800,
  fontSize: vars.size.md,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  textAlign: "left",
  cursor: "pointer",
  selectors: {
    "&:hover": { color: vars.color.accent },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px", borderRadius: vars.radius.md },
  },
});

export const chevron = style({
  flexShrink: 0,
  width: "12px",
  height: "12px",
  borderRight: `3px solid ${vars.color.accent}`,
  borderBottom: `3px solid ${vars.color.accent}`,
  transform: "rotate(45deg) translate(-3px, -3px)",
  transition: "transform 200ms ease",
  selectors: {
    [`${trigger}[aria-expanded=true] &`]: { transform: "rotate(-135deg) translate(-3px, -3px)" },
  },
});

export const panel = style({
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  color: vars.color.inkMuted,
});
