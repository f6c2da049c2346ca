/**
 * A first visit to every route, at both widths (390 x 844 and 1280 x 800), in a fresh
 * browser. One visit checks everything a first visit promises, each as its own soft
 * assertion (a failure names its promise and the others are still checked):
 *
 * - The JavaScript it downloads: every script fetched until the network is idle, without
 *   interaction, lazily loaded sections included, within the budget; a page whose every part
 *   works without JavaScript fetches none and renders no scripts. Sizes are gzip level 9 of
 *   each script's body (local workerd does not compress), KB = 1024 bytes.
 *   tests/ops/budget.test.mjs reads the build's manifest instead, which misses what the page
 *   fetches on its own after hydration.
 * - No layout shift from late content: nothing moves once drawn, neither when the page
 *   becomes interactive (React hydrates, the no-JavaScript controls step aside) nor when late
 *   content arrives (skeletons have the final size). A phone's stacked layout may shift where
 *   a desktop row does not.
 * - Accessibility: axe-core finds no WCAG 2.1 A/AA violation (a phone's stacked layout has its
 *   own contrast, order and names). tests/browser/a11y.spec.ts covers the states a visit alone
 *   does not reach: dialogs and the phone menu open, a cart with an item, the 404 page.
 * - A clean console: no Content-Security-Policy violation (the nonce reaches every script), no
 *   hydration mismatch, no uncaught error, no failed request; on the second visit too, which
 *   comes from the Worker's page cache with a rewritten nonce.
 *
 * These were four tests of their own, each loading every route again; one visit per route and
 * width checks the same at a third of the page loads.
 */
import { expect, test, type Page, type Request } from "./playwright";
import { gzipSync } from "node:zlib";
import { axeViolations, EVERY_ROUTE, hydrated, openHydrated, shipsScripts, waitUntilReady } from "./fixtures";

const KB = 1024;
const HOME_BUDGET_KB = 125;
const ROUTE_BUDGET_KB = 135;
/** The insights' beacon (app/beacon/beacon.ts, with web-vitals): its own chunk after idle, counted apart (decision 0022). */
const BEACON_BUDGET_KB = 3.5;
const BEACON_CHUNK = /\/assets\/beacon-[\w-]+\.js$/;

/** Adds up the gzip size of every script the page fetches, until `total()` is read. */
function scriptsFetched(page: Page) {
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  /** What was fetched so far; later scripts (after an interaction) are not counted. */
  return async () => {
    const taken = [...sizes].filter(([url]) => !BEACON_CHUNK.test(url)).map(([, size]) => size);
    const bytes = (await Promise.all(taken)).reduce((sum, size) => sum + size, 0);
    const beacon = await ([...sizes].find(([url]) => BEACON_CHUNK.test(url))?.[1] ?? 0);
    return { kb: bytes / KB, files: taken.length, beaconKb: beacon / KB };
  };
}

/** Everything that makes a console unclean: errors, hydration messages, uncaught errors, failed requests. */
function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** The layout shifts the browser saw without input from the visitor, with what moved. */
type Shift = { value: number; moved: string[] };
type ShiftWindow = { __shifts: Shift[]; __shiftObserver: PerformanceObserver; __recordShifts: (entries: PerformanceEntryList) => void };

/** Before any script of the page runs: record layout shifts, and report CSP violations on the console. */
function watchThePage() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
  });
  // Every shift counts, the display font's too: Anton's @font-face is declared once, in the
  // document's own sheet that no chunk adds again (app/styles/document-css.server.ts), and its
  // fallback takes the same space (tests/browser/font-space.spec.ts).
  const shifts: Shift[] = [];
  type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      const moved = (entry.sources ?? []).map(({ node }) =>
        node instanceof Element
          ? `<${node.tagName.toLowerCase()}> ${node.textContent?.trim().slice(0, 40) ?? ""}`
          : `${String(node?.nodeName)} ${node?.textContent?.trim().slice(0, 40) ?? ""} in <${node?.parentElement?.tagName.toLowerCase()}>`,
      );
      shifts.push({ value: entry.value, moved });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: "layout-shift", buffered: true });
  // Entries the observer holds but has not delivered yet are taken with takeRecords().
  Object.assign(window, { __shifts: shifts, __shiftObserver: observer, __recordShifts: record });
}

/** Counts the page's requests in flight; media aside, as a video may stream for as long as it likes. */
function requestsInFlight(page: Page) {
  let inFlight = 0;
  const counted = (request: Request) => request.resourceType() !== "media";
  page.on("request", (request) => void (counted(request) && inFlight++));
  page.on("requestfinished", (request) => void (counted(request) && inFlight--));
  page.on("requestfailed", (request) => void (counted(request) && inFlight--));
  return () => inFlight;
}

/**
 * Waits until the page has settled rather than for a fixed time: nothing in flight, and the
 * DOM unchanged through the browser's next idle period and the two frames after it. What
 * hydration commits in its effects, late data, a lazy section's code and the toaster all
 * land before that, however slow the machine.
 */
async function waitUntilSettled(page: Page, inFlight: () => number) {
  const quiet = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let changed = false;
          const observer = new MutationObserver(() => (changed = true));
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          requestIdleCallback(() =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                observer.disconnect();
                resolve(!changed);
              }),
            ),
          );
        }),
    );
  await expect.poll(async () => (await quiet()) && inFlight() === 0, { message: "the page never settled", intervals: [50] }).toBe(true);
}

// The page as most shoppers see it: with its motion (the config asks for less elsewhere).
test.use({ reducedMotion: "no-preference" });

test.describe("a first visit", { tag: "@both-widths" }, () => {
  for (const path of EVERY_ROUTE) {
    const ships = shipsScripts(path);
    const budget = path === "/" ? HOME_BUDGET_KB : ROUTE_BUDGET_KB;
    const javaScript = ships ? `at most ${budget} KB of JavaScript (gzip)` : "no JavaScript at all";
    test(`to ${path} downloads ${javaScript}, moves nothing once drawn, has no axe violation and a clean console`, async ({ page }, testInfo) => {
      await page.addInitScript(watchThePage);
      const problems = consoleProblems(page);
      const scripts = scriptsFetched(page);
      const inFlight = requestsInFlight(page);

      await page.goto(path, { waitUntil: "networkidle" });
      if (ships) await hydrated(page);
      const { kb, files, beaconKb } = await scripts();
      testInfo.annotations.push({ type: "first-visit JavaScript", description: `${path}: ${kb.toFixed(1)} KB in ${files} files` });
      console.log(`${testInfo.project.name} ${path}: ${kb.toFixed(1)} KB of JavaScript in ${files} files (beacon ${beaconKb.toFixed(2)} KB)`);
      if (ships) {
        // The beacon starts only after the page's load event (and idle): it is no part of what
        // the first visit waits for, so it counts against a budget of its own, not the page's.
        const beaconAfterLoad = await page.evaluate((chunk) => {
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
          const loads = performance.getEntriesByType("resource").filter((entry) => new RegExp(chunk).test(entry.name));
          return navigation !== undefined && loads.every((entry) => entry.startTime >= navigation.loadEventEnd);
        }, BEACON_CHUNK.source);
        expect.soft(beaconAfterLoad, `${path}: the beacon was fetched before the page's load event`).toBe(true);
        // `kb` already leaves the beacon out (scriptsFetched).
        expect.soft(kb, `${path}: ${kb.toFixed(1)} KB of JavaScript besides the beacon`).toBeLessThanOrEqual(budget);
        expect.soft(beaconKb, `${path}: the beacon's ${beaconKb.toFixed(2)} KB`).toBeLessThanOrEqual(BEACON_BUDGET_KB);
      } else {
        expect.soft(files, `${path} fetched ${files} scripts`).toBe(0);
        // JSON-LD and speculation rules are data, not scripts.
        await expect.soft(page.locator("script:not([type='application/ld+json'], [type='speculationrules'])")).toHaveCount(0);
        // What still works without it: the header's search, its menu and its cart link.
        await expect.soft(page.locator("form[role=search][action='/products']").first()).toBeAttached();
        await expect.soft(page.locator("a[data-cart-link]")).toHaveAttribute("aria-label", /^Cart, \d+ items?$/);
      }

      // Ready to use (a section that wakes on interaction reached for), then settled.
      await waitUntilReady(page, path);
      await waitUntilSettled(page, inFlight);
      const shifts = await page.evaluate(() => {
        const w = window as unknown as ShiftWindow;
        w.__recordShifts(w.__shiftObserver.takeRecords());
        return w.__shifts;
      });
      // Every shift is reported; the page fails when they add up to 0.005 or more, a CLS that no
      // longer rounds to 0.00 at the two decimals field data reports. Seen on desktop, about once a whole run since the
      // hydration scripts load at low priority: the header's Partners group or its search moving
      // by 0.00003-0.005, never the same page twice. The hydrated header measures the same as the
      // one served (compared box by box), so the likely cause is a first paint of a header whose
      // end had not yet streamed in; not proven. The display font's shift was 0.045.
      if (shifts.length > 0) testInfo.annotations.push({ type: "layout shifts", description: JSON.stringify(shifts) });
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect.soft(cls < 0.005 ? [] : shifts, `layout shifts adding up to ${cls.toFixed(5)}`).toEqual([]);

      // Reduced motion keeps axe off mid-animation colours; it ends any animation still running.
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect.soft(await axeViolations(page), `axe violations on ${path}`).toEqual([]);

      // The page cache serves the same page to every width: its second visit is checked once.
      if (testInfo.project.name === "desktop") await openHydrated(page, path);
      expect(problems, "console problems").toEqual([]);
    });
  }
});
