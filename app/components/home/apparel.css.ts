import { style } from "@vanilla-extract/css";
import { columns } from "../../styles/layout";
import { bareList, emptyState, quiet, surface } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { pillTab } from "../../styles/ui.css";

export const tabs = style({ marginBottom: vars.space.lg, overflowX: "auto", scrollbarWidth: "none" });

export const tabList = style([bareList, { padding: "2px", display: "flex", gap: vars.space.sm, width: "max-content" }]);

export const tab = style([
  pillTab,
  {
    selectors: {
      "&:hover": { borderColor: vars.color.accent },
      "&[aria-current=true]": { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.accentInk },
    },
  },
]);

/** Holds the grid's height between tabs, so a switch never makes the page jump. */
export const panel = style({ minHeight: "200px", marginBottom: vars.space.xxl });

export const grid = style([bareList, columns(1, { largePhone: 2, desktop: 3 })]);

export const placeholder = style([
  surface,
  { display: "flex", flexDirection: "column", height: "100%", overflow: "hidden", background: vars.color.surfaceRaised },
]);

export const placeholderImage = style({ aspectRatio: "1 / 1", background: vars.color.skeleton });

export const placeholderBody = style({ display: "grid", gap: vars.space.sm, padding: vars.space.md, minHeight: "104px", alignContent: "start" });

export const placeholderLine = style({ height: "1rem", width: "70%", borderRadius: vars.radius.sm, background: vars.color.skeletonLine });
export const placeholderShortLine = style([placeholderLine, { width: "45%" }]);

export const message = style([emptyState, quiet]);
