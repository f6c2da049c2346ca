/**
 * Every page loads with a clean console: no Content-Security-Policy violation (the nonce
 * reaches every script), no hydration mismatch, no uncaught error, no failed request.
 */
import { expect, test } from "@playwright/test";
import { EVERY_ROUTE, openHydrated } from "./fixtures";

test.describe("a clean console on every route", () => {
  for (const path of EVERY_ROUTE) {
    test(`${path} has no CSP violation, hydration error or failed request`, async ({ page }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      page.on("response", (response) => {
        if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) problems.push(`${response.status()} ${response.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      // A second visit comes from the Worker's page cache, with a rewritten nonce: check both.
      for (let visit = 0; visit < 2; visit++) {
        await openHydrated(page, path);
      }
      expect(problems).toEqual([]);
    });
  }
});

test("a toast is styled within the CSP: sonner's stylesheet is allowed by its hash", async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  page.on("console", (message) => {
    if (message.text().startsWith("CSP violation")) violations.push(message.text());
  });
  await openHydrated(page, "/products/plain-jane");
  await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Product added to cart");
  // sonner's own stylesheet applied: its toaster is fixed to the viewport.
  await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");
  expect(violations).toEqual([]);
});
