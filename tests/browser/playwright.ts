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
import { test as base } from "@playwright/test";

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
