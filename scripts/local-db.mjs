// npm run db:migrate | db:seed | db:reset: the local D1 under .wrangler/state.
import { rmSync } from "node:fs";
import { migrate, seed, STATE_DIR } from "./local.mjs";

const command = process.argv[2];
if (command === "migrate") migrate();
else if (command === "seed") await seed();
else if (command === "reset") {
  rmSync(STATE_DIR, { recursive: true, force: true });
  migrate();
  await seed();
  console.log("Local database reset: migrated and seeded afresh.");
} else {
  console.error("usage: node scripts/local-db.mjs migrate|seed|reset");
  process.exit(2);
}
