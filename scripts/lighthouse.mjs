// npm run lighthouse: Lighthouse's scores for the pages the README's Performance section names, as it reports
// them. Builds (unless $SKIP_BUILD), serves the built Worker on its own port
// ($LIGHTHOUSE_PORT, default 8797) with a fresh local database (.wrangler/lighthouse), then
// runs the Lighthouse CLI (npm package, version pinned below, fetched by npx on first use:
// it is 170 MB, too much to install with the shop for a check run by hand) with its default
// mobile settings in the Chromium the browser tests use, $LIGHTHOUSE_RUNS times per page
// (default 3), and prints a markdown table of the median run's four category scores with
// its FCP, LCP, CLS and TBT. The full reports stay in .cache/lighthouse/ (git-ignored).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_ARGS, findBrowser } from "./find-browser.mjs";
import { localEnv, ROOT, startMeasuredShop } from "./local.mjs";

const LIGHTHOUSE = "lighthouse@13.5.0";
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8797);
/** $LIGHTHOUSE_PAGES (comma-separated paths) measures only those, to compare a change quickly. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/products", "/products/24k-gold", "/cart", "/checkout"];
/** Lighthouse's scores move from run to run (its docs advise the median of several). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

const chromePath = await findBrowser();
const { base, stop } = await startMeasuredShop({
  port: PORT,
  name: "lighthouse",
});
const out = join(ROOT, ".cache", "lighthouse");
mkdirSync(out, { recursive: true });
/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
const ATTEMPTS = 3;
/** @type {{ path: string, scores: number[], fcp: number, lcp: number, cls: number, tbt: number, failing: string[] }[]} */
const rows = [];

/** One Lighthouse run on one page: its scores, metrics and failing audits. @param {string} path @param {number} run */
function measure(path, run) {
  const report = join(out, `${path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${run}.json`);
  const args = [
    "--yes",
    LIGHTHOUSE,
    `${base}${path}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--output=json",
    `--output-path=${report}`,
    "--quiet",
  ];
  const lighthouse = () => spawnSync("npx", args, { stdio: ["ignore", "inherit", "inherit"], env: localEnv({ CHROME_PATH: chromePath }) });
  let result = lighthouse();
  for (let attempt = 1; result.status !== 0 && attempt < ATTEMPTS; attempt++) result = lighthouse();
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${path} (exit ${result.status ?? result.signal}).`);
  const { categories, audits } = JSON.parse(readFileSync(report, "utf8"));
  /** @type {{ id: string, score: number | null, scoreDisplayMode: string }[]} */
  const all = Object.values(audits);
  return {
    path,
    scores: CATEGORIES.map((id) => Math.round(categories[id].score * 100)),
    fcp: audits["first-contentful-paint"].numericValue,
    lcp: audits["largest-contentful-paint"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    failing: all.filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0).map((audit) => audit.id),
  };
}

try {
  for (const path of PAGES) {
    /** @type {typeof rows} */
    const runs = [];
    for (let run = 1; run <= RUNS; run++) runs.push(measure(path, run));
    // The median run by performance score (the other scores barely move).
    const median = runs.sort((a, b) => a.scores[0] - b.scores[0])[Math.floor(runs.length / 2)];
    rows.push(median);
    console.error(`measured ${path}: ${runs.map((r) => r.scores[0]).join(", ")} (performance); median ${median.scores.join(" / ")}`);
  }
} finally {
  // The report is printed once the shop has stopped, not over its last words.
  await stop();
}

console.log(
  [
    "",
    "| Page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | CLS | TBT |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      ({ path, scores, fcp, lcp, cls, tbt }) =>
        `| ${path} | ${scores.join(" | ")} | ${(fcp / 1000).toFixed(1)} s | ${(lcp / 1000).toFixed(1)} s | ${cls.toFixed(3)} | ${Math.round(tbt)} ms |`,
    ),
    "",
    `${LIGHTHOUSE}, default mobile settings (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs per page, ${chromePath}, against \`wrangler dev\` on ${base}.`,
  ].join("\n"),
);
for (const { path, failing } of rows) if (failing.length) console.log(`${path}: failing audits: ${failing.join(", ")}`);
