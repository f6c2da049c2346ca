/**
 * A clean console beyond the first visit (tests/browser/first-visit.spec.ts checks every
 * route's): a toast, whose stylesheet arrives with it, breaks no Content-Security-Policy.
 */
import { expect, test } from "./playwright";
import { openHydrated } from "./fixtures";

test("a toast is styled within the CSP: sonner's stylesheet is allowed by its hash", async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
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
