// npm run lighthouse: Lighthouse's scores for the pages the README's Performance section names, as it reports
// them. Builds (unless $SKIP_BUILD), serves the built Worker on its own port
// ($LIGHTHOUSE_PORT, default 8797) with a fresh local database (.wrangler/lighthouse), then
// runs the Lighthouse CLI (npm package, version pinned below, fetched by npx on first use:
// it is 170 MB, too much to install with the shop for a check run by hand) with its default
// mobile settings in the Chromium the browser tests use, $LIGHTHOUSE_RUNS times per page
// (default 3), and prints a markdown table of the median run's four category scores with
// its FCP, LCP, CLS and TBT, and every run with the machine's load average as it ended
// (Lantern multiplies the CPU time it observes, so TBT moves with the load). The full
// reports stay in .cache/lighthouse/ (git-ignored). $LIGHTHOUSE_REALTIME=1 runs Chromium at
// real-time priority (`chrt -r 1`, as decision 0024 did for the prerender figures): the
// page's own tasks as on a machine to itself, when other work loads the cores.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
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

const browserPath = await findBrowser({ full: true });
const { base, stop } = await startMeasuredShop({
  port: PORT,
  name: "lighthouse",
});
const out = join(ROOT, ".cache", "lighthouse");
mkdirSync(out, { recursive: true });
const REALTIME = process.env.LIGHTHOUSE_REALTIME === "1";
/** Lighthouse launches CHROME_PATH itself: at real-time priority, through a wrapper. */
let chromePath = browserPath;
if (REALTIME) {
  chromePath = join(out, "chromium-realtime.sh");
  writeFileSync(chromePath, `#!/bin/sh\nexec chrt -r 1 ${JSON.stringify(browserPath)} "$@"\n`);
  chmodSync(chromePath, 0o755);
}
/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
const ATTEMPTS = 3;
/** @type {{ path: string, scores: number[], fcp: number, lcp: number, cls: number, tbt: number, load: number, failing: string[] }[]} */
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
    load: loadavg()[0],
    failing: all.filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0).map((audit) => audit.id),
  };
}

/** One run in a line: what the README's tables list under the median. @param {(typeof rows)[number]} run */
const describeRun = ({ scores, fcp, lcp, tbt, load }) =>
  `${scores[0]}: ${(fcp / 1000).toFixed(2)} / ${(lcp / 1000).toFixed(2)} s / ${Math.round(tbt)} ms, load ${load.toFixed(1)}`;

try {
  for (const path of PAGES) {
    /** @type {typeof rows} */
    const runs = [];
    for (let run = 1; run <= RUNS; run++) runs.push(measure(path, run));
    // The median run by performance score (the other scores barely move).
    const median = runs.sort((a, b) => a.scores[0] - b.scores[0])[Math.floor(runs.length / 2)];
    rows.push(median);
    console.error(`measured ${path}: ${runs.map((r) => r.scores[0]).join(", ")} (performance); median ${median.scores.join(" / ")}`);
    console.error(`  runs (score: FCP / LCP / TBT, load average): ${runs.map(describeRun).join("; ")}`);
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
    `${LIGHTHOUSE}, default mobile settings (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs per page, ${browserPath}${REALTIME ? " at real-time priority" : ""}, against \`wrangler dev\` on ${base}; load average ${Math.min(...rows.map((r) => r.load)).toFixed(1)}–${Math.max(...rows.map((r) => r.load)).toFixed(1)} as the median runs ended.`,
  ].join("\n"),
);
for (const { path, failing } of rows) if (failing.length) console.log(`${path}: failing audits: ${failing.join(", ")}`);
