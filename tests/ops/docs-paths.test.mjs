// Every path the docs name is in the tree (issue 37): a decision record or the README that
// names a file which moved or went away misleads whoever reads it next. A path is a backticked
// word or a link's target that starts with one of the tree's folders, with or without a
// `:line` or a `#fragment`; a glob or a folder counts when something matches it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ROOT } from "../../scripts/local.mjs";

const FOLDERS = /^(workers|app|tests|scripts|migrations|docs|public)\//;

/**
 * Named on purpose though not in the tree. `../shared/...` (the contract, the spec) is never
 * checked: it does not start with one of the tree's folders.
 */
const OUTSIDE_THE_TREE = new Set([
  // Drawn from public/favicon.svg by `npm run build`, and git-ignored.
  "public/favicon.ico",
]);

/** The tree: tracked files and new ones not ignored, so a build's output never counts. */
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
const tree = new Set(files);

/** A glob (`*`, `**`, `{a,b}`) or a placeholder (`{token}`, `<handle>`, `...`) as a regex over paths. */
function pattern(path) {
  let source = "";
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (path.startsWith("**", i)) {
      source += ".*";
      i++;
    } else if (path.startsWith("...", i)) {
      source += ".*";
      i += 2;
    } else if (c === "…") source += ".*";
    else if (c === "*") source += "[^/]*";
    else if (c === "{" || c === "<") {
      const end = path.indexOf(c === "{" ? "}" : ">", i);
      const inside = path.slice(i + 1, end);
      source += inside.includes(",") ? `(${inside.split(",").map(escape).join("|")})` : "[^/]+";
      i = end;
    } else source += escape(c);
  }
  return new RegExp(`^${source}(/.*)?$`);
}
const escape = (text) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");

/** Whether `path` names a file, a folder, a glob's match, or a decision record by number. */
function inTree(path) {
  const bare = path.replace(/\/$/, "");
  if (tree.has(bare)) return true;
  // `docs/decisions/0019` names the record numbered 0019.
  const record = /^docs\/decisions\/(\d{4})$/.exec(bare);
  if (record) return files.filter((file) => file.startsWith(`docs/decisions/${record[1]}-`)).length === 1;
  if (/[*{<…]|\.\.\./.test(bare)) return files.some((file) => pattern(bare).test(file));
  return files.some((file) => file.startsWith(`${bare}/`));
}

/** The path-like words of a Markdown text, each with its line. */
function pathsIn(text) {
  const found = [];
  text.split("\n").forEach((line, i) => {
    const words = [...line.matchAll(/`([^`]+)`/g)].flatMap(([, code]) => code.split(/\s+/));
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) words.push(target);
    for (const word of words) {
      const path = word
        .replace(/^\.\//, "")
        .replace(/[#:].*$/, "")
        .replace(/[.,;)]+$/, "");
      if (FOLDERS.test(path)) found.push({ path, line: i + 1 });
    }
  });
  return found;
}

const docs = files.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")));

test("the docs name paths that are in the tree", () => {
  assert.ok(docs.length > 20, "the decision records and the README are read");
  const missing = docs.flatMap((doc) =>
    pathsIn(readFileSync(`${ROOT}/${doc}`, "utf8"))
      .filter(({ path }) => !OUTSIDE_THE_TREE.has(path) && !inTree(path))
      .map(({ path, line }) => `${doc}:${line}: ${path}`),
  );
  assert.deepEqual(missing, [], "every path the docs name exists (or is listed in OUTSIDE_THE_TREE, with why)");
});

test("what the docs name outside the tree is still outside it", () => {
  // A listed path that appears in the tree no longer needs its allowance.
  assert.deepEqual(
    [...OUTSIDE_THE_TREE].filter((path) => tree.has(path)),
    [],
  );
});

test("a moved file, a folder, a glob, a line and a record number are read as the docs write them", () => {
  const read = (text) => pathsIn(text).map(({ path }) => [path, inTree(path)]);
  assert.deepEqual(read("the cache (`workers/page-cache.ts`) moved"), [["workers/page-cache.ts", false]]);
  assert.deepEqual(read("`workers/server.ts:54–66`, `workers/edge/`, `tests/ops/*.test.mjs`, `docs/decisions/0019`"), [
    ["workers/server.ts", true],
    ["workers/edge/", true],
    ["tests/ops/*.test.mjs", true],
    ["docs/decisions/0019", true],
  ]);
  assert.deepEqual(read("run `npm exec -- node --test tests/ops/nowhere.test.mjs`"), [["tests/ops/nowhere.test.mjs", false]]);
  assert.deepEqual(read("[the picture](docs/images/admin-insights.png#top)"), [["docs/images/admin-insights.png", true]]);
});
