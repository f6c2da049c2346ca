/** The brand's display face and its local stand-in (their @font-face rules: document-css.server.ts). */
import { DISPLAY_CH_EM } from "./display-font-metrics";

/** Anton (SIL OFL 1.1, public/fonts/Anton-OFL.txt): the brand's condensed display face, self-hosted. */
export const DISPLAY_FONT_URL = "/fonts/anton-latin-400.woff2";

/** The local face that stands in for Anton, sized to take Anton's space (scripts/display-font-metrics.mjs). */
export const DISPLAY_FALLBACK_FAMILY = "Anton Fallback";

/**
 * `n` of Anton's `ch`, in em. A measure in `ch` is the zero of whichever face drew the text,
 * and the fallback's zero is narrower than Anton's: a display heading capped at `12ch` wrapped
 * into another line without the font (tests/browser/font-space.spec.ts).
 */
export const displayCh = (n: number) => `${(n * DISPLAY_CH_EM).toFixed(3)}em`;
