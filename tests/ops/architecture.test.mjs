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
  const wrong = workers.flatMap((file) => importsOf(file).filter((path) => name(path).startsWith("app/") && !allowed(path)).map((path) => `${name(file)} -> ${name(path)}`));
  assert.deepEqual(wrong, []);
});

test("app/shared imports nothing outside app/shared (it is the core both sides stand on)", () => {
  const shared = sources(join(ROOT, "app", "shared"));
  const wrong = shared.flatMap((file) => importsOf(file).filter((path) => !name(path).startsWith("app/shared/")).map((path) => `${name(file)} -> ${name(path)}`));
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
