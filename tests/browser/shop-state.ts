/**
 * The local state of the shop under test, for the tests that set up what only the owner's
 * back office or a long journey would make (discount codes, partners) and read back what the
 * shop recorded: the test server's own folder (scripts/serve-test.mjs makes it afresh for
 * every run), or $SHOP_STATE_DIR when the tests aim at a shop already running ($BASE_URL:
 * `npm test` passes both). Null against a shop elsewhere, whose data no test may touch.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { join, resolve } from "node:path";
import { localEnv, ROOT } from "../../scripts/local.mjs";

export const shopStateDir = (): string | null => {
  const dir = process.env.SHOP_STATE_DIR ?? (process.env.BASE_URL ? null : ".wrangler/test-state");
  return dir === null ? null : resolve(ROOT, dir);
};

/**
 * The shop under test's D1 file, the one that holds `table`, opened with node:sqlite; null
 * when the state is not known here. The shop writes to it too (the email queue, the
 * insights): a writer waits up to 10 s for its lock rather than fail.
 */
export function openShopDatabase(table: string, { readOnly = false } = {}): DatabaseSync | null {
  const stateDir = shopStateDir();
  if (!stateDir) return null;
  const dir = join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".sqlite") || file === "metadata.sqlite") continue;
    const db = new DatabaseSync(join(dir, file), { readOnly, timeout: 10_000 });
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(table)) return db;
    db.close();
  }
  return null;
}

/**
 * SQL on the shop under test's D1, through `wrangler d1 execute --local` as the seed is
 * written: the rows its last statement answers; null when the state is not known here. The
 * shop holds the same database file, so a statement that meets its write in progress
 * (SQLITE_BUSY) is tried again.
 */
export function shopSql<Row = Record<string, unknown>>(sql: string): Row[] | null {
  const stateDir = shopStateDir();
  if (!stateDir) return null;
  const args = ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir, "--json", "--command", sql];
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync("wrangler", args, { cwd: ROOT, env: localEnv({ CI: "true" }), encoding: "utf8" });
    if (result.status === 0) return (JSON.parse(result.stdout) as { results: Row[] }[]).at(-1)?.results ?? [];
    if (attempt === 5 || !/SQLITE_BUSY/.test(`${result.stdout}${result.stderr}`))
      throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
  }
}
