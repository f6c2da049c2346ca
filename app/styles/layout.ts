/**
 * Style rules built for a stylesheet to use: layouts that take a measure (two columns, a
 * column count per breakpoint, a grid of cards), always at the named breakpoints of
 * tokens.css.ts, e.g. `style([twoColumns("2fr 3fr"), { … }])`; and `recipe`, which puts a
 * shared rule in the recipes cascade layer.
 */
import type { StyleRule } from "@vanilla-extract/css";
import { layers, media, vars } from "./tokens.css";

/** A rule in the recipes layer, under every component's own rules (see tokens.css.ts `layers`). */
export const recipe = (rule: StyleRule): StyleRule => ({ "@layer": { [layers.recipes]: rule } });

type Breakpoint = Exclude<keyof typeof media, "phone">;

/** Widening order: later queries must win, so they are written last. */
const WIDENING: Breakpoint[] = ["largePhone", "tablet", "desktop", "wide"];

/** "2fr 1fr" → "minmax(0, 2fr) minmax(0, 1fr)": a long word never widens a track. */
const tracks = (template: string) =>
  template
    .split(" ")
    .map((track) => (track.endsWith("fr") ? `minmax(0, ${track})` : track))
    .join(" ");

const repeat = (count: number) => `repeat(${count}, minmax(0, 1fr))`;

/**
 * Stacked on narrow screens, side by side from `at` on, e.g. `twoColumns("2fr 3fr")` or a
 * fixed sidebar `twoColumns("1fr 340px")`.
 */
export function twoColumns(template: string, { at = "desktop", gap = vars.space.xl }: { at?: Breakpoint; gap?: string } = {}): StyleRule {
  return { display: "grid", gap, "@media": { [media[at]]: { gridTemplateColumns: tracks(template) } } };
}

/** Equal columns that grow in number with the screen: `columns(1, { largePhone: 2, desktop: 3 })`. */
export function columns(base: number, counts: Partial<Record<Breakpoint, number>>, gap: string = vars.space.lg): StyleRule {
  const queries = WIDENING.filter((at) => counts[at] !== undefined).map((at) => [media[at], { gridTemplateColumns: repeat(counts[at]!) }]);
  return { display: "grid", gap, gridTemplateColumns: repeat(base), "@media": Object.fromEntries(queries) };
}

/** As many cards as the row holds, none narrower than `min` (nor wider than the row). */
export function cardGrid(min: string, gap: string = vars.space.md): StyleRule {
  return { display: "grid", gap, gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}), 1fr))` };
}
