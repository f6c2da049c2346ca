/** The brand's display face and its local stand-in (their @font-face rules: document-css.server.ts). */

/** Anton (SIL OFL 1.1, public/fonts/Anton-OFL.txt): the brand's condensed display face, self-hosted. */
export const DISPLAY_FONT_URL = "/fonts/anton-latin-400.woff2";

/** The local face that stands in for Anton, sized to take Anton's space (scripts/display-font-metrics.mjs). */
export const DISPLAY_FALLBACK_FAMILY = "Anton Fallback";
