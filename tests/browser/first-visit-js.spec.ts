/**
 * The JavaScript a first visit really downloads: every script the browser
 * fetches until the network is idle, without interaction, in a fresh browser at the
 * width of each project (390 x 844 and 1280 x 800), lazily loaded sections included.
 * Sizes are gzip level 9 of each script's body (local workerd does not compress), KB =
 * 1024 bytes. tests/ops/budget.test.mjs reads the build's manifest instead, which misses
 * what the page fetches on its own after hydration.
 */
import { expect, test, type Page } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { pageFor, PAGE_VISITS } from "../../app/shared/site-pages";

const KB = 1024;
const HOME_BUDGET_KB = 125;
const ROUTE_BUDGET_KB = 135;

/** Opens `path` in a fresh page and adds up the scripts it fetched until the network went quiet. */
async function scriptsOfFirstVisit(page: Page, path: string) {
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  const bytes = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0);
  return { kb: bytes / KB, files: sizes.size };
}

const pagesToVisit = [...PAGE_VISITS, "/cart", "/checkout"].filter((path, index, all) => all.indexOf(path) === index);

for (const path of pagesToVisit) {
  const ships = pageFor(new URL(path, "http://shop.test"))?.page.hydrate !== false;
  const budget = path === "/" ? HOME_BUDGET_KB : ROUTE_BUDGET_KB;
  test(`a first visit to ${path} downloads ${ships ? `at most ${budget} KB of JavaScript (gzip)` : "no JavaScript at all"} @both-widths`, async ({ page }, testInfo) => {
    const { kb, files } = await scriptsOfFirstVisit(page, path);
    testInfo.annotations.push({ type: "first-visit JavaScript", description: `${path}: ${kb.toFixed(1)} KB in ${files} files` });
    console.log(`${testInfo.project.name} ${path}: ${kb.toFixed(1)} KB of JavaScript in ${files} files`);
    if (ships) {
      expect(kb, `${path}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(budget);
    } else {
      expect(files, `${path} fetched ${files} scripts`).toBe(0);
      await expect(page.locator("script:not([type='application/ld+json'])")).toHaveCount(0);
      // What still works without it: the header's search, its menu and its cart link.
      await expect(page.locator("form[role=search][action='/products']").first()).toBeAttached();
      await expect(page.locator("a[data-cart-link]")).toHaveAttribute("aria-label", /^Cart, \d+ items?$/);
    }
  });
}
