import { createGlobalTheme, globalLayer, globalStyle } from "@vanilla-extract/css";
import { palette } from "../shared/palette";
import { DISPLAY_FALLBACK_FAMILY } from "./display-font";

/**
 * Cascade layers, weakest first: the page-wide resets, then the shared recipes and building
 * blocks (recipes.css.ts, ui.css.ts). A component's own rules are in no layer, so they win
 * over both whatever order the stylesheets arrive in: a lazily loaded chunk can append the
 * shared stylesheet again after a page's own (React Router marks such sheets for Vite to
 * re-add), and a recipe must not then undo what a page set.
 */
export const layers = { base: globalLayer("base"), recipes: globalLayer("recipes") };

/**
 * The four widths where layouts change, named for the screen that first gets the wider
 * layout. Every stylesheet uses these, never a width of its own.
 */
export const media = {
  /** Phones held upright only: below `tablet`. */
  phone: "(max-width: 767px)",
  /** Large phones and phones on their side. */
  largePhone: "(min-width: 560px)",
  tablet: "(min-width: 768px)",
  desktop: "(min-width: 960px)",
  wide: "(min-width: 1024px)",
} as const;

/** The brand magenta, gold, focus blue and error red as rgba at a given opacity. */
const accentAt = (alpha: number) => `rgba(255, 46, 136, ${alpha})`;
const goldAt = (alpha: number) => `rgba(245, 194, 66, ${alpha})`;
const focusAt = (alpha: number) => `rgba(124, 196, 255, ${alpha})`;
const pageAt = (alpha: number) => `rgba(11, 11, 15, ${alpha})`;
const blackAt = (alpha: number) => `rgba(0, 0, 0, ${alpha})`;

/** The brand's design tokens: one palette (its base colours in palette.ts, which the back office and the emails read too), one type scale, one spacing scale. */
export const vars = createGlobalTheme(":root", {
  color: {
    ink: palette.ink,
    inkMuted: palette.inkMuted,
    /** Placeholder text in fields: quieter than inkMuted, still 5:1 on the page. */
    inkFaint: "#85808a",
    page: palette.page,
    /** The alternate band behind every other home section. */
    pageAlt: "#111118",
    surface: palette.surface,
    surfaceRaised: palette.surfaceRaised,
    line: palette.line,
    /** A field's border under the pointer. */
    lineStrong: "#4a4a5a",
    /** Loading placeholders: the block and the text lines on it. */
    skeleton: "#2a2a33",
    skeletonLine: "#3a3a45",
    accent: palette.accent,
    accentInk: palette.accentInk,
    gold: palette.gold,
    /** The near-black warm band behind the 24k Gold spotlight. */
    goldNight: "#14110a",
    focus: palette.focus,
    /**
     * Every error in the shop: field errors, failed forms. At least 6:1 on the page and on
     * both surfaces (WCAG AA asks 4.5:1), and redder than the accent so it never reads as brand.
     */
    danger: "#ff6b8b",
    /** Document badges of the staff portal. */
    mint: "#6fe3a0",
    orange: "#ffab6b",
    /** Behind video, where nothing should show through. */
    black: "#000",
  },
  /** See-through washes of the palette: backgrounds, glows, borders and focus rings. */
  tint: {
    accent: { faint: accentAt(0.08), soft: accentAt(0.14), glow: accentAt(0.2), strong: accentAt(0.3), line: accentAt(0.55) },
    gold: { faint: goldAt(0.08), soft: goldAt(0.16), glow: goldAt(0.25), line: goldAt(0.5) },
    focus: { soft: focusAt(0.15), line: focusAt(0.45) },
    danger: { faint: "rgba(255, 107, 139, 0.08)" },
    mint: { soft: "rgba(86, 214, 140, 0.16)" },
    orange: { soft: "rgba(255, 150, 70, 0.16)" },
    /** A thin light edge on dark glass (video controls, colour swatches). */
    light: "rgba(255, 255, 255, 0.3)",
  },
  /** Dark glass and shadows. */
  shade: {
    /** The page colour over art: barely, half, nearly opaque. */
    pageClear: pageAt(0.2),
    pageHalf: pageAt(0.6),
    pageSolid: pageAt(0.97),
    /** The surfaces as glass over art. */
    surfaceGlass: "rgba(22, 22, 29, 0.88)",
    raisedGlass: "rgba(31, 31, 41, 0.95)",
    shadow: blackAt(0.55),
    shadowDeep: blackAt(0.75),
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // Anton, else its local stand-in with Anton's metrics (display-font.ts).
    display: `Anton, "${DISPLAY_FALLBACK_FAMILY}", Impact, 'Arial Narrow Bold', system-ui, sans-serif`,
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

/**
 * One accent per signature product, with its glow (see product.css.ts `theme`); everything
 * else wears the brand magenta.
 */
export const productAccents = {
  plainJane: { accent: "#f4f1ec", glow: "rgba(244, 241, 236, 0.18)" },
  tropicalSlush: { accent: "#ff8a3d", glow: "rgba(255, 138, 61, 0.22)" },
  silverSurfer: { accent: "#c9ced6", glow: "rgba(201, 206, 214, 0.2)" },
  blueMagic: { accent: "#2e7dff", glow: "rgba(46, 125, 255, 0.25)" },
  gold: { accent: "#f5c242", glow: "rgba(245, 194, 66, 0.25)" },
  fantasia: { accent: "#c56bff", glow: "rgba(197, 107, 255, 0.25)" },
  default: { accent: "#ff2e88", glow: "rgba(255, 46, 136, 0.18)" },
} as const;

/** The colours the performance tank comes in, as the home page's swatches show them. */
export const garmentColours = { pink: "#ff5fa2", black: "#111114", grey: "#8c8c96" } as const;

globalStyle("*, *::before, *::after", { "@layer": { [layers.base]: { boxSizing: "border-box" } } });
globalStyle("html", { "@layer": { [layers.base]: { colorScheme: "dark" } } });
globalStyle("body", {
  "@layer": {
    [layers.base]: {
      margin: 0,
      background: vars.color.page,
      color: vars.color.ink,
      fontFamily: vars.font.body,
      fontSize: vars.size.md,
      lineHeight: 1.55,
    },
  },
});
globalStyle("a", { "@layer": { [layers.base]: { color: "inherit" } } });
globalStyle("img", { "@layer": { [layers.base]: { maxWidth: "100%", display: "block" } } });
globalStyle(":focus-visible", { "@layer": { [layers.base]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } } });
globalStyle("*", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
