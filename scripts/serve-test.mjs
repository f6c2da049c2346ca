// The shop as the browser tests see it: a fresh build on a fresh local database (its own
// state folder, so tests never touch the data of `npm start`), migrated and seeded.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { exitWith, ROOT, run, seededDatabase, serve, TEST_ADMIN_PASSWORD } from "./local.mjs";

const stateDir = join(ROOT, ".wrangler", process.env.SERVE_STATE_DIR ? process.env.SERVE_STATE_DIR.replace(/^\.wrangler\//, "") : "test-state");
const port = Number(process.env.TEST_PORT ?? 8790);

// $BUILD_OUTPUT (npm test) keeps what the build printed for the operations test that reads
// it (tests/ops/quiet-start.test.mjs), so a run builds the shop once.
const buildOutput = process.env.BUILD_OUTPUT;
if (!process.env.SKIP_BUILD) {
  const printed = run("npm", ["run", "build", "--silent"], { quiet: Boolean(buildOutput) });
  if (buildOutput) writeFileSync(buildOutput, printed);
}
// Migrated and seeded as `npm start` leaves a database (a copy of the template the operations
// tests copy too: scripts/local.mjs `seededDatabase`).
await seededDatabase(stateDir);
// Many browser tests share one address: they run without the abuse limits (the worker tests
// cover them). The back office is on, with a password only these tests know.
const server = serve({ port, stateDir, vars: { SHOP_RATE_LIMITS: "off", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
exitWith(server);
