import { expect, test } from "./playwright";
import { openHydrated } from "./fixtures";

test("home is rendered on the server from the featured catalog", async ({ page }) => {
  const response = await openHydrated(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Home | Raw Dogg");
  await expect(page.getByRole("heading", { name: "UNLEASH THE DOGG IN YOU" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "24k Gold" }).first()).toBeVisible();
});

test("an unknown route shows the 404 screen", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("a form posted to an unknown route is the same 404, in the shop's words, never a 405 about a missing action", async ({ request }) => {
  const response = await request.post("/no-such-page/deeper", { form: { anything: "1" } });
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("404 Page Not Found");
  expect(html).not.toContain("did not provide an `action`");
});

// Desktop width: a pointer hovers there.
test("links prefetch on intent: pointing at a link fetches the next page's code and data before the click", async ({ page }) => {
  await openHydrated(page, "/faq");
  // /products has a loader (data to prefetch) and a module of its own.
  const target = page.getByRole("contentinfo").getByRole("link", { name: "Premium Condoms" });
  const data = page.waitForRequest((request) => new URL(request.url()).pathname === "/products.data");
  const code = page.waitForRequest((request) => /\/assets\/products-[\w-]+\.js$/.test(new URL(request.url()).pathname));
  await target.hover();
  await Promise.all([data, code]);
  await target.click();
  await expect(page).toHaveURL(/\/products$/);
});
