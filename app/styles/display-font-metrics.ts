// Written by scripts/display-font-metrics.mjs from Anton Regular (public/fonts/anton-latin-400.woff2)
// and Liberation Sans Bold (Arial Bold's metrics): run it again, never edit by hand.

/** The @font-face descriptors that give the display font's local fallback Anton's space. */
export const DISPLAY_FALLBACK_METRICS = {
  sizeAdjust: "69.18%",
  ascentOverride: "170.02%",
  descentOverride: "47.57%",
  lineGapOverride: "0.00%",
} as const;

/** Anton's `ch` (the advance of its zero), in em: a measure in Anton's `ch` that holds in the fallback too. */
export const DISPLAY_CH_EM = 0.494140625;
