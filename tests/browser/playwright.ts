/**
 * The browser tests' Playwright: `@playwright/test` as it is, but for its `test`, which keeps a
 * screenshot of every page still open when a test fails.
 *
 * Playwright's own `screenshot: "only-on-failure"` cannot know, when a context closes, whether
 * the test will fail later, so it photographs every page of every context as it closes and
 * throws the pictures away when the test passes: one PNG per test, 0.2 s of CPU at 1280 px and
 * 0.09 s at 390 px, about a minute of the two cores' time in every `npm test` (decision 0031).
 * The config turns it off; this `context` takes the pictures once the test has failed, before
 * the context closes, so a passing test pays nothing.
 */
import { test as base, type Locator, type Page } from "@playwright/test";
import { join, resolve } from "node:path";

export * from "@playwright/test";

export const test = base.extend({
  // Playwright calls it `use`; React's lint rules read that as a hook.
  context: async ({ context }, provide, testInfo) => {
    await provide(context);
    if (testInfo.status === testInfo.expectedStatus) return;
    // Every page of every open context: the test's own (a shopper, the owner) beside this one.
    const pages = (context.browser()?.contexts() ?? [context]).flatMap((open) => open.pages());
    for (const [index, page] of pages.entries()) {
      const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
      try {
        await page.screenshot({ path, timeout: 5_000, caret: "initial" });
        // Listed as it is (`attach` would copy it), so the reporter names the file.
        testInfo.attachments.push({ name: "screenshot", path, contentType: "image/png" });
      } catch {
        // A page that closed or hung: the error and its page's outline (error-context.md) remain.
      }
    }
  },
});

/**
 * Where the tests leave the pictures they take for a person to look at ($SHOTS_DIR): none is
 * taken when it is not set. They assert nothing, and each costs the browser 0.07 s (390 px) to
 * 0.54 s (a whole page at 1280 px) of CPU: about 105 in a whole run, time every `npm test` paid
 * for files nobody opened (decision 0031). `SHOTS_DIR=shots npm run test:browser` takes them.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR ? resolve(process.env.SHOTS_DIR) : null;

/**
 * Keeps a picture of `target` (a page, or the part of one a locator finds) as
 * `$SHOTS_DIR/<name>-<project>.png`, or of the whole page with `fullPage`; nothing without $SHOTS_DIR.
 */
export async function keepScreenshot(target: Page | Locator, name: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  if (!SHOTS_DIR) return;
  const path = join(SHOTS_DIR, `${name}-${base.info().project.name}.png`);
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
