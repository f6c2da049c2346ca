// Operations: restore, rehearsed (README, "Restore"). A database full of orders (a short
// drill's: shoppers, agents and the owner, no kill) is exported with `wrangler d1 export`,
// restored from that file into a fresh state dir with `wrangler d1 execute --file`, and the
// restored database passes the crash drill's audit, the traffic's check aside.
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runGameday } from "../../scripts/gameday.mjs";
import { audit } from "../../scripts/gameday/audit.mjs";
import { exportDatabase, readDatabase, restoreDatabase } from "../../scripts/gameday/shop.mjs";
import { ensureBuilt, freshStateDir } from "./helpers.mjs";

const PORT = Number(process.env.TEST_PORT ?? 8790) + 12;
const original = freshStateDir();
const restored = freshStateDir();
const backup = join(original, "backup.sql");
/** @type {Awaited<ReturnType<typeof runGameday>>} */
let drill;

before(async () => {
  ensureBuilt();
  drill = await runGameday({ port: PORT, stateDir: original, seconds: 3, shoppers: 10, kills: 0, rushShoppers: 0 });
  await exportDatabase(original, backup);
  restoreDatabase(backup, restored);
});
after(() => [original, restored].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("wrangler d1 export writes the database full of orders to one SQL file", () => {
  assert.ok(existsSync(backup));
  const sql = readFileSync(backup, "utf8");
  assert.match(sql, /CREATE TABLE [`"]?orders[`"]?/);
  assert.match(sql, /INSERT INTO [`"]?orders[`"]?/);
  assert.ok(drill.record.confirmed.size > 0, "the drill placed no order");
});

test("the database restored from the export passes the crash drill's audit", () => {
  // The traffic's own check (its answers' statuses) is the drill's, not the database's.
  const checks = audit({ stateDir: restored, record: { ...drill.record, responses: [] }, stock: drill.stock });
  assert.deepEqual(
    checks.filter((check) => !check.ok).map((check) => `${check.name}: ${check.found.join("; ")}`),
    [],
  );
  assert.equal(checks.length, 4);
});

test("the restored database holds every row of the original, table by table", () => {
  const counts = (dir) => {
    const db = readDatabase(dir);
    try {
      const tables = db.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name");
      return Object.fromEntries(tables.map(({ name }) => [name, db.all(`SELECT count(*) AS n FROM "${name}"`)[0].n]));
    } finally {
      db.close();
    }
  };
  assert.deepEqual(counts(restored), counts(original));
});
