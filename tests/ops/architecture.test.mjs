// The seams of docs/decisions/0019, read from the code's own imports (type imports
// included): workers/ takes from app/ only the shared core and the context seam, and no
// import cycle runs inside workers/.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { ROOT } from "../../scripts/local.mjs";

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The project files a module imports (relative and `~/` specifiers), resolved to paths. @param {string} file */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const found = [];
  for (const [, spec] of text.matchAll(IMPORT)) {
    const base = spec.startsWith("~/") ? join(ROOT, "app", spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(file), spec) : null;
    if (!base) continue;
    const path = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
    if (path) found.push(path);
  }
  return found;
}

const workers = sources(join(ROOT, "workers"));
const name = (path) => relative(ROOT, path);

test("workers/ imports from app/ only app/shared and the context seam, never components, styles or content", () => {
  const allowed = (path) => name(path).startsWith("app/shared/") || name(path) === "app/context.server.ts";
  const wrong = workers.flatMap((file) =>
    importsOf(file)
      .filter((path) => name(path).startsWith("app/") && !allowed(path))
      .map((path) => `${name(file)} -> ${name(path)}`),
  );
  assert.deepEqual(wrong, []);
});

test("app/shared imports nothing outside app/shared (it is the core both sides stand on)", () => {
  const shared = sources(join(ROOT, "app", "shared"));
  const wrong = shared.flatMap((file) =>
    importsOf(file)
      .filter((path) => !name(path).startsWith("app/shared/"))
      .map((path) => `${name(file)} -> ${name(path)}`),
  );
  assert.deepEqual(wrong, []);
});

test("no import cycle inside workers/, type imports included", () => {
  const inWorkers = new Set(workers);
  const graph = new Map(workers.map((file) => [file, importsOf(file).filter((path) => inWorkers.has(path))]));
  /** @type {Map<string, "open" | "done">} */
  const state = new Map();
  /** @type {string[][]} */
  const cycles = [];
  /** @param {string} file @param {string[]} trail */
  const visit = (file, trail) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...trail.slice(trail.indexOf(file)), file].map(name));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, "done");
  };
  for (const file of workers) visit(file, []);
  assert.deepEqual(cycles, []);
});

// The doors stand on the shop (docs/decisions/0019): D1's statements are written in
// workers/db and workers/shop only, and a door reaches D1 through the shop's functions and
// the edge's one builder of its deps (workers/edge/shop-deps.ts).

const DOORS = ["api", "admin", "ucp", "pages", "feeds"].map((door) => `workers/${door}/`);
const D1_HOMES = ["workers/db/", "workers/shop/"];

/** The code of a module without its comments, so prose that names a statement is not one. @param {string} text */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\w])\/\/.*$/gm, "$1");

/** A Drizzle query builder or batch on a database (`db.select(`, `deps.db\n  .update(`…). */
const BUILDER = /\bdb\s*\.\s*(?:select|selectDistinct|insert|update|delete|batch|run|all|get|values)\s*\(/g;
/** Drizzle's `sql` imported, and used as a template: raw SQL, a statement's or a piece of one. */
const DRIZZLE_SQL = /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*["']drizzle-orm["']/;
const RAW_SQL = /\bsql(?:\.raw\s*\(|\s*`)/;

/** @param {string} file @returns {string[]} what in it is a D1 statement */
function d1Statements(file) {
  const code = withoutComments(readFileSync(file, "utf8"));
  const found = [...code.matchAll(BUILDER)].map((match) => match[0].replace(/\s+/g, ""));
  if (DRIZZLE_SQL.test(code) && RAW_SQL.test(code)) found.push("sql`…`");
  return found;
}

test("no D1 statement outside workers/db and workers/shop", () => {
  const everywhere = [...workers, ...sources(join(ROOT, "app"))];
  const outside = everywhere.filter((file) => !D1_HOMES.some((home) => name(file).startsWith(home)));
  const wrong = outside.flatMap((file) => {
    const found = d1Statements(file);
    return found.length > 0 ? [`${name(file)}: ${[...new Set(found)].join(", ")}`] : [];
  });
  assert.deepEqual(wrong, []);
});

test("the statements' finder sees the shop's own statements (so its silence elsewhere means something)", () => {
  assert.ok(d1Statements(join(ROOT, "workers/shop/agents/sessions.ts")).includes("db.update("));
  assert.ok(d1Statements(join(ROOT, "workers/shop/agents/idempotency.ts")).includes("db.batch("));
  assert.ok(d1Statements(join(ROOT, "workers/shop/checkout/step.ts")).includes("sql`…`"));
});

test("no door (api, admin, ucp, pages, feeds) imports workers/db, type imports included", () => {
  const doors = workers.filter((file) => DOORS.some((door) => name(file).startsWith(door)));
  assert.ok(doors.length > 0);
  const wrong = doors.flatMap((file) =>
    importsOf(file)
      .filter((path) => name(path).startsWith("workers/db/"))
      .map((path) => `${name(file)} -> ${name(path)}`),
  );
  assert.deepEqual(wrong, []);
});

// A page's own loader and action sit beside its route (app/routes/cart.server.ts beside
// cart.tsx); app/components keeps only the server modules several routes stand on.

/** The routes whose imports reach each module of app/, directly or through others. A route is its module and its server module. */
function routesReaching() {
  const routes = sources(join(ROOT, "app", "routes"));
  /** @type {Map<string, Set<string>>} */
  const reached = new Map();
  for (const route of routes) {
    const page = name(route).replace(/(\.server)?\.tsx?$/, "");
    const seen = new Set([route]);
    const queue = [route];
    while (queue.length > 0) {
      for (const next of importsOf(queue.shift())) {
        if (seen.has(next) || !name(next).startsWith("app/")) continue;
        seen.add(next);
        queue.push(next);
        reached.set(next, (reached.get(next) ?? new Set()).add(page));
      }
    }
  }
  return reached;
}

test("no server module under app/components but those several routes import (a page's own one sits beside its route)", () => {
  const reached = routesReaching();
  const servers = sources(join(ROOT, "app", "components")).filter((file) => /\.server\.tsx?$/.test(file));
  assert.ok(servers.length > 0);
  const lonely = servers
    .filter((file) => (reached.get(file)?.size ?? 0) < 2)
    .map((file) => `${name(file)}: imported by ${[...(reached.get(file) ?? [])].join(", ") || "no route"}; move it beside its route`);
  assert.deepEqual(lonely, []);
});

test("workers/shop stands on workers/db and app/shared alone: it imports no door, no edge and no wing above it (the insights among them), type imports included", () => {
  const below = ["workers/shop/", "workers/db/", "app/shared/"];
  const shop = workers.filter((file) => name(file).startsWith("workers/shop/"));
  const wrong = shop.flatMap((file) =>
    importsOf(file)
      .filter((path) => !below.some((home) => name(path).startsWith(home)))
      .map((path) => `${name(file)} -> ${name(path)}`),
  );
  assert.deepEqual(wrong, []);
});
