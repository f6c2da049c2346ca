import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";
import { pillTab } from "../../styles/ui.css";

export const tabs = style({ marginBottom: vars.space.lg, overflowX: "auto", scrollbarWidth: "none" });

export const tabList = style({ listStyle: "none", margin: 0, padding: "2px", display: "flex", gap: vars.space.sm, width: "max-content" });

export const tab = style([
  pillTab,
  {
    selectors: {
      "&:hover": { borderColor: vars.color.accent },
      "&[aria-current=true]": { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.accentInk },
    },
  },
]);

export const tabsSkeleton = style({
  height: "44px",
  width: "min(100%, 460px)",
  marginBottom: vars.space.lg,
  borderRadius: vars.radius.pill,
  background: "#2a2a33",
});

/** Holds the grid's height between tabs, so a switch never makes the page jump. */
export const panel = style({ minHeight: "200px", marginBottom: vars.space.xxl });

export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "1fr",
  "@media": {
    "(min-width: 520px)": { gridTemplateColumns: "repeat(2, 1fr)" },
    "(min-width: 860px)": { gridTemplateColumns: "repeat(3, 1fr)" },
  },
});

export const placeholder = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: "#24242d",
  border: `1px solid ${vars.color.line}`,
});

export const placeholderImage = style({ aspectRatio: "1 / 1", background: "#2e2e38" });

export const placeholderBody = style({ display: "grid", gap: vars.space.sm, padding: vars.space.md, minHeight: "104px", alignContent: "start" });

export const placeholderLine = style({ height: "1rem", width: "70%", borderRadius: vars.radius.sm, background: "#3a3a45" });

export const message = style({
  margin: 0,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: "center",
  color: vars.color.inkMuted,
  border: `1px dashed ${vars.color.line}`,
  borderRadius: vars.radius.md,
});

export const shopAll = style({ display: "flex", justifyContent: "center", marginTop: vars.space.xl });
