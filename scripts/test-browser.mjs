// npm run test:browser: find a Chromium, then run Playwright. Playwright starts the shop
// itself (scripts/serve-test.mjs) on a fresh, seeded local database.
import { spawnSync } from "node:child_process";
import { findBrowser } from "./find-browser.mjs";
import { localEnv, ROOT } from "./local.mjs";

let browser;
try {
  browser = await findBrowser();
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}
console.log(`Browser tests use ${browser}`);
const result = spawnSync("playwright", ["test", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: localEnv({ CHROMIUM_PATH: browser }),
});
process.exit(result.status ?? 1);
