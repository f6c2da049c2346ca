// `npm start` speaks only when it has something to say: the build without the upstream
// deprecation line React Router prints on Vite 8 (scripts/build.mjs), and the local
// database's migrations and seed as one line each, not wrangler's tables and a JSON block per
// seed statement (scripts/local.mjs `run` with `quiet`).
import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { test } from "node:test";
import { freshStateDir, npmStart, tool } from "./helpers.mjs";

const PORT = Number(process.env.TEST_PORT ?? 8790) + 7;

/** `npm start` on a fresh database, its output until it is ready; then stopped. */
async function startOutput(stateDir) {
  const server = await npmStart({ port: PORT, stateDir });
  await server.stop();
  return server.output;
}

test("the build prints no upstream deprecation line (React Router's envFile on Vite 8)", () => {
  // Under npm test, what the build of this run printed ($BUILD_OUTPUT, scripts/serve-test.mjs):
  // building again would take a minute and replace the files the browser tests' shop serves.
  const output = process.env.BUILD_OUTPUT ? readFileSync(process.env.BUILD_OUTPUT, "utf8") : tool("npm", ["run", "build"]);
  assert.doesNotMatch(output, /envFile/);
  assert.match(output, /built in/);
});

test("npm start says in one line each that the database was migrated and seeded, and where the shop is: no wrangler tables, no JSON per seed statement", async () => {
  const stateDir = freshStateDir();
  try {
    const output = await startOutput(stateDir);
    assert.match(output, /^Local database: applied 0000_init\.sql, 0001_catalog_version\.sql, .*0011_order_lifecycle\.sql/m);
    assert.match(output, /^Local database: seeded/m);
    assert.match(output, new RegExp(`The Raw Dogg shop is starting on http://localhost:${PORT}`));
    assert.doesNotMatch(output, /"results"|Migrations to be applied|commands executed successfully|envFile/);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
});
