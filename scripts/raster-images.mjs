// Raster renditions of the product art, for the machines that refuse SVG (Merchant Center's
// feed, Google's merchant listings): every public/images/products/{name}.svg is drawn as a
// 1200x1200 PNG at public/images/raster/products/{name}.png (git-ignored), the path
// app/shared/images.ts `rasterImage` names, before `react-router build` copies public/ into
// the build; and public/favicon.ico from public/favicon.svg. A PNG newer than its SVG, the font
// and this script is kept as it is.
//
// resvg (@resvg/resvg-js) draws them: it loads only the fonts it is given, so the art's text
// is set in the Anton the shop ships (scripts/raster/anton-latin-400.ttf, the TrueType of
// public/fonts/anton-latin-400.woff2: resvg reads no WOFF2) on every machine alike, never in
// whatever system font a machine happens to have.
import { Resvg } from "@resvg/resvg-js";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(ROOT, "public", "images", "products");
const TARGET = join(ROOT, "public", "images", "raster", "products");
const FONT = join(ROOT, "scripts", "raster", "anton-latin-400.ttf");
/** app/shared/images.ts RASTER_SIZE (a .mjs script cannot import the TypeScript). */
const SIZE = 1200;

/** @param {string} file */
const modified = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
/** A rendition older than any of these is drawn again. */
const inputsChanged = Math.max(modified(FONT), modified(fileURLToPath(import.meta.url)));

export function renderRasterImages({ log = console.log } = {}) {
  const started = performance.now();
  mkdirSync(TARGET, { recursive: true });
  const sources = readdirSync(SOURCE).filter((name) => name.endsWith(".svg"));
  const wanted = new Set(sources.map((name) => `${basename(name, ".svg")}.png`));
  // A rendition whose SVG is gone goes too: the build must not ship art the shop no longer has.
  for (const name of readdirSync(TARGET)) if (!wanted.has(name)) rmSync(join(TARGET, name));

  let drawn = 0;
  for (const name of sources) {
    const svgFile = join(SOURCE, name);
    const pngFile = join(TARGET, `${basename(name, ".svg")}.png`);
    if (modified(pngFile) > Math.max(modified(svgFile), inputsChanged)) continue;
    const resvg = new Resvg(readFileSync(svgFile), {
      fitTo: { mode: "width", value: SIZE },
      font: { loadSystemFonts: false, fontFiles: [FONT], defaultFontFamily: "Anton", sansSerifFamily: "Anton" },
    });
    const image = resvg.render();
    if (image.width !== SIZE || image.height !== SIZE) {
      throw new Error(`${name} is drawn ${image.width}x${image.height}: product art must be square (${SIZE}x${SIZE} wanted)`);
    }
    writeFileSync(pngFile, image.asPng());
    drawn++;
  }
  drawn += renderFavicon();
  const ms = Math.round(performance.now() - started);
  log(`raster images: ${drawn} of ${sources.length + 1} drawn, the rest up to date (${ms} ms)`);
}

const FAVICON_SVG = join(ROOT, "public", "favicon.svg");
/** Git-ignored, like the product renditions: drawn from the SVG, never a second copy of the art. */
const FAVICON_ICO = join(ROOT, "public", "favicon.ico");
const FAVICON_SIZES = [16, 32, 48];

/**
 * /favicon.ico, for what asks for it whatever a page links (feed readers, bookmarks, old
 * browsers): the shop's icon drawn at 16, 32 and 48 px, each a PNG inside one ICO file (the
 * format's PNG entries). Without it the address is the storefront's 404 page. 1 when drawn.
 */
function renderFavicon() {
  if (modified(FAVICON_ICO) > Math.max(modified(FAVICON_SVG), inputsChanged)) return 0;
  const svg = readFileSync(FAVICON_SVG);
  const pngs = FAVICON_SIZES.map((size) => new Resvg(svg, { fitTo: { mode: "width", value: size }, font: { loadSystemFonts: false } }).render().asPng());
  // ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach((png, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(FAVICON_SIZES[i], entry);
    header.writeUInt8(FAVICON_SIZES[i], entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  writeFileSync(FAVICON_ICO, Buffer.concat([header, ...pngs]));
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) renderRasterImages();
