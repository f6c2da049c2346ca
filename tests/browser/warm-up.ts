/**
 * Playwright's global setup: one request for the home page and for every file its head
 * names (stylesheets, scripts, the preloaded font and picture), before any test. A freshly
 * started `wrangler dev` answers its first requests for each asset slowly (it reads and
 * hashes them), which production's asset cache never does; a first visit measured against
 * that cold server saw the display font arrive late and the home page's heading move.
 * First, the discount codes the tests apply (codes.ts).
 */
import type { FullConfig } from "@playwright/test";
import { putCodes, TEST_CODES } from "./codes";

export default async function warmUp(config: FullConfig) {
  const base = config.projects[0]?.use.baseURL;
  if (!base) return;
  // The discount codes the tests apply, before any test runs (codes.ts says why then).
  putCodes(Object.values(TEST_CODES));
  const home = await fetch(new URL("/", base));
  const html = await home.text();
  const head = html.slice(0, html.indexOf("</head>") + 1 || html.length);
  const files = new Set([...head.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map(([, path]) => path).filter((path) => !path.startsWith("//")));
  await Promise.all([...files].map((path) => fetch(new URL(path, base)).then((answer) => answer.arrayBuffer())));
}
