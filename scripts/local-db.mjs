// npm run db:migrate | db:seed | db:reset: the local D1 under .wrangler/state.
// npm run --silent db:seed-sql: the seed as SQL on stdout (for a remote database).
import { rmSync } from "node:fs";
import { migrate, migrateAndSeed, orExit, seed, STATE_DIR } from "./local.mjs";

const command = process.argv[2];
if (command === "migrate") await orExit(migrate());
else if (command === "seed") await orExit(seed());
else if (command === "sql") {
  const { seedStatements } = await import("../workers/db/seed/statements.ts");
  console.log(seedStatements().join("\n"));
} else if (command === "reset") {
  rmSync(STATE_DIR, { recursive: true, force: true });
  await orExit(migrateAndSeed());
  console.log("Local database reset: migrated and seeded afresh.");
} else {
  console.error("usage: node scripts/local-db.mjs migrate|seed|sql|reset");
  process.exit(2);
}
