import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/find-browser.mjs";

const port = Number(process.env.TEST_PORT ?? 8790);
/** $BASE_URL runs the tests against a shop that is already running (e.g. `npm run dev`). */
const externalBaseURL = process.env.BASE_URL;
const baseURL = externalBaseURL ?? `http://localhost:${port}`;

/**
 * Which width runs which test. A test of what the shop does (a purchase, a form, a toast, the
 * head, the API) behaves the same at every width: it runs once, at desktop width. A test of
 * what depends on the width (layout, layout shift, overflow, accessibility, the phone menu)
 * says so with a tag: `@both-widths` runs it at 1280 px and at 390 px, `@phone-only` at 390 px
 * only (it wins over a `@both-widths` of its describe block).
 */
const BOTH_WIDTHS = /@both-widths\b/;
const PHONE_ONLY = /@phone-only\b/;

export default defineConfig({
  testDir: "./tests/browser",
  globalSetup: "./tests/browser/warm-up.ts",
  outputDir: "./test-results",
  fullyParallel: true,
  // The tests spend about a quarter of their time waiting on the shop and on the spec's own
  // delays (emails, the catalog's few seconds): two workers kept 2 cores 1.5 busy, three keep
  // them busy (decision 0031; Playwright's default is half the cores: one, there).
  workers: Math.max(3, Math.floor(availableParallelism() / 2)),
  retries: 0,
  // The JSON report keeps every test's duration, to see where the time goes.
  reporter: [[process.env.CI ? "line" : "list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/report.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace of every test to keep only the failures' costs about a fifth of the
    // browser's CPU time; rerun a failing test with `--trace on` to get one.
    trace: "off",
    // As a shopper who asked for less motion: no cross-fade between pages (software-composited
    // here, frame by frame, on every click and form post) and no animation, about a sixth of the
    // CPU of a run of flows (decision 0031). The tests of what a page does as it paints and moves
    // (first-visit, largest-paint, speculation's cross-fade) ask for "no-preference".
    reducedMotion: "reduce",
    // A failing test's pages are photographed by tests/browser/playwright.ts's `test`, only
    // when it fails: Playwright's "only-on-failure" photographs every page of every test.
    screenshot: "off",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", grepInvert: PHONE_ONLY, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      grep: [BOTH_WIDTHS, PHONE_ONLY],
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
    },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        command: "node scripts/serve-test.mjs",
        url: `${baseURL}/api/products`,
        timeout: 120_000,
        reuseExistingServer: !process.env.CI,
        stdout: "ignore",
        stderr: "pipe",
      },
});
