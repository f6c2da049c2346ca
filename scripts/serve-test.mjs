// The shop as the browser tests see it: a fresh build on a fresh local database (its own
// state folder, so tests never touch the data of `npm start`), migrated and seeded.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run, seededDatabase, TEST_ADMIN_PASSWORD } from "./local.mjs";
import { startMiniflareShop } from "./miniflare-shop.mjs";

const stateDir = join(ROOT, ".wrangler", process.env.SERVE_STATE_DIR ? process.env.SERVE_STATE_DIR.replace(/^\.wrangler\//, "") : "test-state");
const port = Number(process.env.TEST_PORT ?? 8790);

// $BUILD_OUTPUT (npm test) keeps what the build printed for the operations test that reads
// it (tests/ops/npm-start.test.mjs), so a run builds the shop once.
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
// Served by Miniflare in this process, without wrangler dev's proxy (scripts/miniflare-shop.mjs).
const shop = await startMiniflareShop({ port, stateDir, vars: { SHOP_RATE_LIMITS: "off", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
console.log(`The browser tests' shop is on ${shop.url}`);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.once(signal, () => void shop.dispose().finally(() => process.exit(0)));
