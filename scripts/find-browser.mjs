// Finds a Chromium for the browser tests, in this order: $CHROMIUM_PATH (or
// $PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), Playwright's own download if one is installed,
// Debian's /usr/bin/chromium — installed with apt-get when missing and we are root.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Flags for a headless Chromium on a machine with no network beyond loopback: without the
 * background-networking ones it keeps reaching for Google's hosts and is refused.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function playwrightsOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function installDebianChromium() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log("Installing Debian's chromium for the browser tests (apt-get install -y chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  return spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env }).status === 0;
}

export async function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
  }
  const own = await playwrightsOwn();
  if (own) return own;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (installDebianChromium() && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  throw new Error(
    [
      "No Chromium found for the browser tests. Any one of these works:",
      "  - Debian/Ubuntu: sudo apt-get install -y chromium",
      "  - Playwright's own build: npx playwright install chromium",
      "  - an existing Chrome/Chromium: CHROMIUM_PATH=/path/to/chrome npm test",
    ].join("\n"),
  );
}
