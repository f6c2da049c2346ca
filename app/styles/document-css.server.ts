/**
 * The document's own stylesheet, which the root writes into every page's <head> (the root
 * loader hands it over, so no script carries it): the display font's faces and the view
 * transitions between pages.
 *
 * The @font-face rules are declared here once, in a sheet no chunk adds again. They used to
 * live in the shared home-styles sheet, which a lazily loaded section's chunk appends to the
 * page a second time; that second Anton face, loaded from the cache after its `optional`
 * window had closed, swapped in and re-wrapped every heading (tests/browser/first-visit.spec.ts).
 *
 * `@view-transition` is here too because vanilla-extract has no API for that at-rule.
 */
import { DISPLAY_FALLBACK_FAMILY, DISPLAY_FONT_URL } from "./display-font";
import { DISPLAY_FALLBACK_METRICS } from "./display-font-metrics";

const { sizeAdjust, ascentOverride, descentOverride, lineGapOverride } = DISPLAY_FALLBACK_METRICS;

// "optional": the display face is used only if it is there for the first paint (it is
// preloaded, and cached after the first visit), so headings never reflow when it arrives.
// With the stylesheets inline the first paint comes before the font on a slow connection,
// and "swap" moved every heading (a layout shift) when it did. The fallback then takes
// Anton's place: Arial Bold where the system has it (iOS, macOS, Windows), else the faces
// drawn to Arial's metrics (Helvetica Bold; Liberation Sans Bold on Linux).
const fontFaces = [
  `@font-face{font-family:Anton;src:url(${DISPLAY_FONT_URL}) format("woff2");font-display:optional;font-weight:400}`,
  `@font-face{font-family:"${DISPLAY_FALLBACK_FAMILY}";` +
    `src:local("Arial Bold"),local("Arial-BoldMT"),local("Helvetica Bold"),local("Helvetica-Bold"),local("Liberation Sans Bold"),local("LiberationSans-Bold");` +
    `font-weight:400;size-adjust:${sizeAdjust};ascent-override:${ascentOverride};descent-override:${descentOverride};line-gap-override:${lineGapOverride}}`,
];

// A same-origin document navigation cross-fades into the next page, unless the visitor asked
// for less motion (tests/browser/speculation.spec.ts).
const viewTransitions = "@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}";

/** The CSS of the document's own <style> element. */
export const DOCUMENT_CSS = [...fontFaces, viewTransitions].join("");
