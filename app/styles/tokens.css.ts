import { createGlobalTheme, globalFontFace, globalStyle } from "@vanilla-extract/css";

/** Anton (SIL OFL 1.1, public/fonts/Anton-OFL.txt): the brand's condensed display face, self-hosted. */
export const DISPLAY_FONT_URL = "/fonts/anton-latin-400.woff2";
globalFontFace("Anton", {
  src: `url("${DISPLAY_FONT_URL}") format("woff2")`,
  fontDisplay: "swap",
  fontWeight: 400,
});

/** The brand's design tokens: one palette, one type scale, one spacing scale. */
export const vars = createGlobalTheme(":root", {
  color: {
    ink: "#f4f1ec",
    inkMuted: "#b8b3ab",
    page: "#0b0b0f",
    surface: "#16161d",
    surfaceRaised: "#1f1f29",
    line: "#2c2c38",
    accent: "#ff2e88",
    accentInk: "#0b0b0f",
    gold: "#f5c242",
    focus: "#7cc4ff",
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    display: "Anton, Impact, 'Arial Narrow Bold', system-ui, sans-serif",
  },
  size: {
    xs: "0.8125rem",
    sm: "0.9375rem",
    md: "1rem",
    lg: "1.25rem",
    xl: "1.75rem",
    xxl: "clamp(2.25rem, 6vw, 4.5rem)",
  },
  space: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2.5rem",
    xxl: "4rem",
  },
  radius: { sm: "6px", md: "12px", pill: "999px" },
});

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { colorScheme: "dark" });
globalStyle("body", {
  margin: 0,
  background: vars.color.page,
  color: vars.color.ink,
  fontFamily: vars.font.body,
  fontSize: vars.size.md,
  lineHeight: 1.55,
});
globalStyle("a", { color: "inherit" });
globalStyle("img", { maxWidth: "100%", display: "block" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("*", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
