/**
 * No layout shift from late content: nothing on a page moves once it is drawn,
 * neither when the page becomes interactive (React hydrates, the no-JavaScript controls
 * step aside) nor when late content arrives (skeletons have the final size). Both widths:
 * a shift on a phone's stacked layout may not happen on a desktop row.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { EVERY_ROUTE, waitUntilReady } from "./fixtures";

/** The layout shifts the browser saw without input from the visitor, with what moved. */
type Shift = { value: number; moved: string[] };
type ShiftWindow = { __shifts: Shift[]; __shiftObserver: PerformanceObserver; __recordShifts: (entries: PerformanceEntryList) => void };

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

test.describe("no layout shift", { tag: "@both-widths" }, () => {
  for (const path of EVERY_ROUTE) {
    test(`${path} does not move once drawn`, async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: Shift[] = [];
        type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const record = (entries: PerformanceEntryList) => {
          for (const entry of entries as LayoutShift[]) {
            if (entry.hadRecentInput) continue;
            const moved = (entry.sources ?? []).map(({ node }) =>
              node instanceof Element ? `<${node.tagName.toLowerCase()}> ${node.textContent?.trim().slice(0, 40) ?? ""}` : String(node?.nodeName),
            );
            shifts.push({ value: entry.value, moved });
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: "layout-shift", buffered: true });
        // Entries the observer holds but has not delivered yet are taken with takeRecords().
        Object.assign(window, { __shifts: shifts, __shiftObserver: observer, __recordShifts: record });
      });
      const inFlight = requestsInFlight(page);
      await page.goto(path);
      await waitUntilReady(page, path);
      await waitUntilSettled(page, inFlight);
      const shifts = await page.evaluate(() => {
        const w = window as unknown as ShiftWindow;
        w.__recordShifts(w.__shiftObserver.takeRecords());
        return w.__shifts;
      });
      expect(shifts).toEqual([]);
    });
  }
});
