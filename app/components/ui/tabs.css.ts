import { style } from "@vanilla-extract/css";
import { surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";

export const tabs = style({
  display: "grid",
  gap: vars.space.lg,
  // The no-JS tab links jump here; keep the tabs clear of the sticky header.
  scrollMarginTop: "88px",
});

export const tablist = style([
  surface,
  { display: "flex", flexWrap: "wrap", gap: vars.space.sm, padding: vars.space.xs, width: "fit-content", maxWidth: "100%" },
]);

export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  color: vars.color.inkMuted,
  fontWeight: 800,
  fontSize: vars.size.sm,
  letterSpacing: "0.05em",
  textTransform: "uppercase",
  textDecoration: "none",
  whiteSpace: "nowrap",
  flexGrow: 1,
  "@media": { [media.tablet]: { flexGrow: 0 } },
  transition: "background-color 150ms ease, color 150ms ease",
  selectors: {
    "&:hover": { color: vars.color.ink, background: vars.color.surfaceRaised },
    "&[aria-selected=true]": {
      color: vars.color.accentInk,
      background: vars.color.accent,
      boxShadow: `0 6px 20px ${vars.tint.accent.strong}`,
    },
  },
});

export const panel = style({
  borderRadius: vars.radius.md,
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "6px" },
  },
});
