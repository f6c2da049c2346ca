// The JavaScript and CSS budgets (decision 0010): what a first visit to each route downloads,
// gzipped, read from the client build's Vite manifest (build/client/.vite/manifest.json).
// A first visit loads the client entry, the root route and the page's route module, each
// with its static `imports` closure (shared chunks counted once). React Router's route
// manifest (assets/manifest-*.js, which is not in Vite's manifest) is counted only when the
// build discovers routes up front (`routeDiscovery: "initial"`): with lazy discovery, the
// default, the page carries the routes it matched inline and no first visit fetches that
// file (2.3 KB, which this count added to every route until issue 38). Lazy `import()`s are
// not counted: they load on use, not on the visit. Sizes are gzip level 9 (node:zlib);
// KB here is 1024 bytes.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { gzipSync } from "node:zlib";
import { ROOT } from "../../scripts/local.mjs";
import { tool } from "./helpers.mjs";

const KB = 1024;
/** The home page (React and React Router's runtime are about 109 KB of it). */
const HOME_JS_BUDGET_KB = 125;
/** Any other route. */
const ROUTE_JS_BUDGET_KB = 135;
const ROUTE_CSS_BUDGET_KB = 25;

const CLIENT = join(ROOT, "build", "client");
const SERVER_ASSETS = join(ROOT, "build", "server", "assets");
const MANIFEST = join(CLIENT, ".vite", "manifest.json");
const ROUTE_QUERY = "?__react-router-build-client-route";

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
let manifest;
/** @type {{ route: string, jsBytes: number, cssBytes: number, lateCss: string[] }[]} */
let rows;
/** The stylesheets every page loads, through the root route. */
let rootCss = /** @type {string[]} */ ([]);

const sizes = new Map();
const gzipSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length);
  return sizes.get(file);
};
const kb = (bytes) => (bytes / KB).toFixed(1);

/**
 * The JS and CSS files a first visit loads for these manifest entries (static imports only),
 * and the manifest keys those files may `import()` later.
 */
function firstVisitFiles(keys) {
  const js = new Set();
  const css = new Set();
  const lazy = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    assert.ok(chunk, `The Vite manifest has no entry ${key}`);
    if (chunk.file.endsWith(".js")) js.add(chunk.file);
    else if (chunk.file.endsWith(".css")) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) lazy.add(imported);
  };
  keys.forEach(visit);
  return { js, css, lazy };
}

before(() => {
  if (!existsSync(MANIFEST)) tool("npm", ["run", "build", "--silent"]);
  manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && /entry\.client\.[jt]sx?$/.test(key));
  assert.ok(entryKey, "The Vite manifest names no client entry");
  const routeManifest = readdirSync(join(CLIENT, "assets")).filter((file) => /^manifest-[\w-]+\.js$/.test(file));
  assert.equal(routeManifest.length, 1, "Exactly one React Router manifest in build/client/assets (a stale build?)");
  const serverBuild = readdirSync(SERVER_ASSETS).filter((file) => /^server-build-[\w-]+\.js$/.test(file));
  assert.equal(serverBuild.length, 1, "Exactly one server build in build/server/assets (a stale build?)");
  const discovery = /routeDiscovery = \{\s*"mode": "(\w+)"/.exec(readFileSync(join(SERVER_ASSETS, serverBuild[0]), "utf8"))?.[1];
  assert.ok(discovery, "The server build names no route discovery mode");
  const rootKey = `app/root.tsx${ROUTE_QUERY}`;
  const routeKeys = Object.keys(manifest).filter((key) => key.startsWith("app/") && key.endsWith(ROUTE_QUERY));
  assert.ok(routeKeys.includes(rootKey), "The Vite manifest has no root route");
  rootCss = [...firstVisitFiles([entryKey, rootKey]).css];
  rows = routeKeys.sort().map((key) => {
    const { js, css, lazy } = firstVisitFiles([entryKey, rootKey, key]);
    if (discovery === "initial") js.add(`assets/${routeManifest[0]}`);
    const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
    // Stylesheets that would arrive only with a lazy chunk (a LazySection's server HTML needs them at once).
    const lateCss = [...lazy].flatMap((lazyKey) => [...firstVisitFiles([lazyKey]).css].filter((file) => !css.has(file)));
    return { route: key.slice(0, -ROUTE_QUERY.length), jsBytes: sum(js), cssBytes: sum(css), lateCss };
  });
  const width = Math.max(...rows.map((row) => row.route.length));
  console.log(
    `\nFirst-visit downloads per route, gzip level 9, KB = 1024 bytes (JS budget ${ROUTE_JS_BUDGET_KB}, / ${HOME_JS_BUDGET_KB}; CSS ${ROUTE_CSS_BUDGET_KB})`,
  );
  console.log(`${"route module".padEnd(width)}  ${"JS KB".padStart(7)}  ${"CSS KB".padStart(7)}`);
  for (const row of rows) console.log(`${row.route.padEnd(width)}  ${kb(row.jsBytes).padStart(7)}  ${kb(row.cssBytes).padStart(7)}`);
});

test(`a first visit to / loads at most ${HOME_JS_BUDGET_KB} KB of JavaScript (gzip)`, () => {
  const home = rows.find((row) => row.route === "app/routes/home.tsx");
  assert.ok(home, "No home route in the build");
  assert.ok(home.jsBytes <= HOME_JS_BUDGET_KB * KB, `/ loads ${kb(home.jsBytes)} KB of JavaScript, over ${HOME_JS_BUDGET_KB} KB`);
});

test(`a first visit to any route loads at most ${ROUTE_JS_BUDGET_KB} KB of JavaScript (gzip)`, () => {
  assert.ok(rows.length >= 20, `only ${rows.length} routes found in the manifest`);
  const over = rows.filter((row) => row.jsBytes > ROUTE_JS_BUDGET_KB * KB).map((row) => `${row.route}: ${kb(row.jsBytes)} KB`);
  assert.deepEqual(over, [], `over the ${ROUTE_JS_BUDGET_KB} KB JavaScript budget`);
});

test(`a first visit to any route loads at most ${ROUTE_CSS_BUDGET_KB} KB of CSS (gzip)`, () => {
  const over = rows.filter((row) => row.cssBytes > ROUTE_CSS_BUDGET_KB * KB).map((row) => `${row.route}: ${kb(row.cssBytes)} KB`);
  assert.deepEqual(over, [], `over the ${ROUTE_CSS_BUDGET_KB} KB CSS budget`);
});

test("every page's shared styles are one stylesheet, the one that declares the cascade layers' order", () => {
  // A shared rule (an icon's, a recipe's) in a chunk's stylesheet of its own would be inlined
  // ahead of it, its `@layer` naming a layer before the order is declared (vite.config.ts, home-styles).
  assert.equal(rootCss.length, 1, `the root route loads ${rootCss.join(", ")}: add the .css.ts to the home-styles group`);
  assert.match(rootCss[0], /^assets\/home-styles-[\w-]+\.css$/);
});

test("a lazily loaded chunk needs no stylesheet the route did not load on the first visit", () => {
  const late = rows.flatMap((row) => row.lateCss.map((file) => `${row.route}: ${file}`));
  assert.deepEqual([...new Set(late)], [], "import the section's .css.ts where it is wrapped in lazySection");
});
