/**
 * No layout shift from late content (issue 6): nothing on a page moves once it is drawn,
 * neither when the page becomes interactive (React hydrates, the no-JavaScript controls
 * step aside) nor when late content arrives (skeletons have the final size). Both widths:
 * a shift on a phone's stacked layout may not happen on a desktop row.
 */
import { expect, test } from "@playwright/test";
import { EVERY_ROUTE } from "./fixtures";

/** The layout shifts the browser saw without input from the visitor, with what moved. */
type Shift = { value: number; moved: string[] };

test.describe("no layout shift", { tag: "@both-widths" }, () => {
  for (const path of EVERY_ROUTE) {
    test(`${path} does not move once drawn`, async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: Shift[] = [];
        (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
        type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[]) {
            if (entry.hadRecentInput) continue;
            const moved = (entry.sources ?? []).map(({ node }) =>
              node instanceof Element ? `<${node.tagName.toLowerCase()}> ${node.textContent?.trim().slice(0, 40) ?? ""}` : String(node?.nodeName),
            );
            shifts.push({ value: entry.value, moved });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path);
      await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
      // What hydration changes is committed in the effects after the marker: give it time.
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      expect(shifts).toEqual([]);
    });
  }
});
