// Finds a Chromium for the browser tests, in this order: $CHROMIUM_PATH (or
// $PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), Playwright's own download if one is installed,
// Debian's headless shell (/usr/bin/chromium-headless-shell), Debian's /usr/bin/chromium;
// the headless shell is installed with apt-get when it is missing and we are root (a machine
// with only the full browser would run the suite at about half the speed).
//
// The headless shell is the same Chromium without the browser's own layers (windows,
// profiles, extensions), which Playwright uses for headless runs when it downloads its own:
// the whole browser suite took 7.3 min with it against about 12 with the full browser, on
// two cores, and a third of the CPU (decision 0031). Lighthouse asks for the full browser.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

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

/**
 * Installs Debian's `pkg` with apt-get, when we are root on a machine that has it.
 * @param {string} pkg
 */
function installDebianPackage(pkg) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log(`Installing Debian's ${pkg} for the browser tests (apt-get install -y ${pkg})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  return spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env }).status === 0;
}

/**
 * The Chromium to launch: the headless shell if there is one, unless `full` asks for the
 * whole browser (Lighthouse).
 * @param {{ full?: boolean }} [options]
 */
export async function findBrowser({ full = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
  }
  const own = await playwrightsOwn();
  if (own) return own;
  const debian = full ? [DEBIAN_CHROMIUM] : [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM];
  if (existsSync(debian[0])) return debian[0];
  if (installDebianPackage(full ? "chromium" : "chromium-headless-shell") && existsSync(debian[0])) return debian[0];
  const fallback = debian.find((path) => existsSync(path));
  if (fallback) return fallback;
  throw new Error(
    [
      "No Chromium found for the browser tests. Any one of these works:",
      `  - Debian/Ubuntu: sudo apt-get install -y ${full ? "chromium" : "chromium-headless-shell"}`,
      "  - Playwright's own build: npx playwright install chromium",
      "  - an existing Chrome/Chromium: CHROMIUM_PATH=/path/to/chrome npm test",
    ].join("\n"),
  );
}
