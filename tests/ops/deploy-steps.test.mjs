// Deploy, complete (issue 36): every binding wrangler.toml declares has its creation step in the
// README's Deploy section, and every abuse limit counts in a namespace of its own (two limits
// that shared one spent each other's budget).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../../scripts/local.mjs";

/**
 * wrangler.toml's tables as a list of `{table, entries}`: enough TOML for this file (tables,
 * arrays of tables, `key = "string" | number | [strings] | { inline }` on one line).
 * @param {string} text
 */
export function tablesOf(text) {
  /** @type {{ table: string; entries: Record<string, string> }[]} */
  const tables = [{ table: "", entries: {} }];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const header = line.match(/^\[\[?([^\]]+)\]\]?$/);
    if (header) tables.push({ table: header[1].trim(), entries: {} });
    const pair = line.match(/^([A-Za-z0-9_.]+)\s*=\s*(.+)$/);
    if (pair && !header) tables[tables.length - 1].entries[pair[1]] = pair[2].replace(/^"(.*)"$/, "$1");
  }
  return tables;
}

const config = tablesOf(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const deploy = readme.slice(readme.indexOf("\n## Deploy"), readme.indexOf("\n## ", readme.indexOf("\n## Deploy") + 1));
const of = (table) => config.filter((t) => t.table === table).map((t) => t.entries);

test("the README has a Deploy section", () => {
  assert.ok(deploy.length > 200, "README.md has no '## Deploy' section");
});

test("every abuse limit counts in a namespace of its own", () => {
  const seen = new Map();
  for (const { name, namespace_id } of of("ratelimits")) {
    assert.ok(namespace_id, `${name} has no namespace_id`);
    assert.equal(seen.get(namespace_id), undefined, `${name} shares namespace_id ${namespace_id} with ${seen.get(namespace_id)}`);
    seen.set(namespace_id, name);
  }
  assert.ok(seen.size >= 5);
});

test("every binding in wrangler.toml has its creation step in the README's Deploy section", () => {
  /** @type {[string, string][]} what must be said, and why */
  const steps = [
    ...of("d1_databases").map(({ database_name }) => [`wrangler d1 create ${database_name}`, "D1 database"]),
    ...of("kv_namespaces").map(({ binding }) => [`wrangler kv namespace create ${binding}`, "KV namespace"]),
    ...of("r2_buckets").map(({ bucket_name }) => [`wrangler r2 bucket create ${bucket_name}`, "R2 bucket"]),
    ...[
      ...new Set([...of("queues.producers"), ...of("queues.consumers")].flatMap(({ queue, dead_letter_queue }) => [queue, dead_letter_queue]).filter(Boolean)),
    ].map((queue) => [`wrangler queues create ${queue}`, "queue"]),
    ...of("ratelimits").map(({ name }) => [`\`${name}\``, "rate limit"]),
    ...of("send_email").map(({ name }) => [`\`${name}\``, "send_email binding"]),
    ...Object.keys(of("vars")[0] ?? {}).map((name) => [`\`${name}\``, "var"]),
    ...(of("triggers").length > 0 ? [["Cron Trigger", "cron trigger"]] : []),
  ];
  const missing = steps.filter(([said]) => !deploy.includes(said)).map(([said, what]) => `${what}: ${said}`);
  assert.deepEqual(missing, [], `the README's Deploy section lacks:\n${missing.join("\n")}`);
});
