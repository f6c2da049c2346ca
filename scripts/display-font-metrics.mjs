// The metrics that make the display font's local fallback take Anton's space, read from the
// font files themselves and written to app/styles/display-font-metrics.ts:
//
//   node scripts/display-font-metrics.mjs
//
// Run it again whenever public/fonts/anton-latin-400.woff2 changes. Anton loads with
// `font-display: optional` and a first visit often paints without it; the headings then set
// in the fallback must wrap exactly as they would in Anton (app/styles/display-font.ts,
// tests/browser/font-space.spec.ts).
//
// The fallback is Arial Bold, which every iPhone, Mac and Windows machine has; Helvetica Bold
// and Liberation Sans Bold (Linux, and this machine) are drawn to Arial's advance widths and
// vertical metrics, so the one set of numbers fits all three. The bold cut is nearer Anton's
// weight. Its metrics are read from Liberation Sans Bold, the file a Linux machine has.
//
// fontkit (a maintained font parser that reads WOFF2) does the reading: the numbers are the
// fonts' own, never guessed.
import * as fontkit from "fontkit";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ANTON = join(ROOT, "public", "fonts", "anton-latin-400.woff2");
const FALLBACK = process.env.FALLBACK_FONT ?? "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf";
const TARGET = join(ROOT, "app", "styles", "display-font-metrics.ts");

/**
 * How often each character appears in English text: the display face sets headings, prices
 * and labels in capitals (displayHeading's `text-transform: uppercase`), so the average width
 * that matters is that of the capitals, the space between words and the digits of a price.
 */
const LETTER_FREQUENCY = {
  A: 8.2,
  B: 1.5,
  C: 2.8,
  D: 4.3,
  E: 12.7,
  F: 2.2,
  G: 2.0,
  H: 6.1,
  I: 7.0,
  J: 0.15,
  K: 0.77,
  L: 4.0,
  M: 2.4,
  N: 6.7,
  O: 7.5,
  P: 1.9,
  Q: 0.095,
  R: 6.0,
  S: 6.3,
  T: 9.1,
  U: 2.8,
  V: 0.98,
  W: 2.4,
  X: 0.15,
  Y: 2.0,
  Z: 0.074,
};
const WEIGHTS = { ...LETTER_FREQUENCY, " ": 18, ...Object.fromEntries([..."0123456789"].map((digit) => [digit, 0.5])) };

/**
 * The font's weighted average advance width and its vertical metrics, in ems.
 * @param {string} file
 */
function metricsOf(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: set FALLBACK_FONT to Arial Bold, Helvetica Bold or Liberation Sans Bold`);
  const font = fontkit.openSync(file);
  let width = 0;
  let weight = 0;
  for (const [char, w] of Object.entries(WEIGHTS)) {
    const glyph = font.glyphForCodePoint(/** @type {number} */ (char.codePointAt(0)));
    if (glyph.id === 0) throw new Error(`${file} has no glyph for ${JSON.stringify(char)}`);
    width += glyph.advanceWidth * w;
    weight += w;
  }
  const em = font.unitsPerEm;
  // hhea's ascent and descent: what Chromium and WebKit lay a line out with (neither Anton nor
  // Arial sets USE_TYPO_METRICS).
  const zero = font.glyphForCodePoint(48).advanceWidth / em;
  return { name: font.fullName, zero, averageWidth: width / weight / em, ascent: font.ascent / em, descent: -font.descent / em, lineGap: font.lineGap / em };
}

const anton = metricsOf(ANTON);
const fallback = metricsOf(FALLBACK);
// Scaled so its average capital is as wide as Anton's; the line metrics are then Anton's,
// given relative to the scaled size (CSS Fonts 5: the overrides apply after size-adjust).
const sizeAdjust = anton.averageWidth / fallback.averageWidth;
const percent = (/** @type {number} */ value) => `${(value * 100).toFixed(2)}%`;
const metrics = {
  sizeAdjust: percent(sizeAdjust),
  ascentOverride: percent(anton.ascent / sizeAdjust),
  descentOverride: percent(anton.descent / sizeAdjust),
  lineGapOverride: percent(anton.lineGap / sizeAdjust),
};

writeFileSync(
  TARGET,
  `// Written by scripts/display-font-metrics.mjs from ${anton.name} (public/fonts/anton-latin-400.woff2)
// and ${fallback.name} (Arial Bold's metrics): run it again, never edit by hand.

/** The @font-face descriptors that give the display font's local fallback Anton's space. */
export const DISPLAY_FALLBACK_METRICS = ${JSON.stringify(metrics, null, 2).replace(/"(\w+)":/g, "$1:")} as const;

/** Anton's \`ch\` (the advance of its zero), in em: a measure in Anton's \`ch\` that holds in the fallback too. */
export const DISPLAY_CH_EM = ${anton.zero};
`,
);
console.log(`${anton.name} / ${fallback.name}:`, metrics);
