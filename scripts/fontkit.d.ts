// The part of fontkit's API that scripts/display-font-metrics.mjs uses (fontkit ships no types).
declare module "fontkit" {
  type Glyph = { id: number; advanceWidth: number };
  export type Font = { fullName: string; unitsPerEm: number; ascent: number; descent: number; lineGap: number; glyphForCodePoint(codePoint: number): Glyph };
  export function openSync(file: string): Font;
}
