// The README's picture of /admin/insights (docs/images/admin-insights.png): a fresh shop
// (built unless $SKIP_BUILD), a few visitors in a real Chromium who browse with JavaScript
// (so the beacon reports real vitals), search, add to cart and order, then the owner's page
// once the queue has delivered the order, at 1280 px. Run: node scripts/screenshot-insights.mjs
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_ARGS, findBrowser } from "./find-browser.mjs";
import { ROOT, startMeasuredShop, TEST_ADMIN_PASSWORD } from "./local.mjs";

const PORT = Number(process.env.INSIGHTS_SHOT_PORT ?? 8798);
const OUT = join(ROOT, "docs", "images", "admin-insights.png");

const browser = await chromium.launch({ executablePath: await findBrowser(), args: CHROMIUM_ARGS });
const { base, stop } = await startMeasuredShop({ port: PORT, name: "insights-shot", vars: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
try {
  /** @param {import("@playwright/test").Page} page */
  const hidden = (page) =>
    page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    });
  /**
   * One visitor: the home page, a few pages by client-side navigation, perhaps a search and an order.
   * @param {{ product: string, search?: string, order?: boolean }} visit
   */
  const visitor = async ({ product, search, order }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await page.getByRole("contentinfo").getByRole("link", { name: "Premium Condoms" }).click();
    await page.waitForURL(/\/products$/);
    // Within the shop, as a link would: the page before is the referrer, so no new visit starts.
    const within = { referer: `${base}/products` };
    if (search) await page.goto(`/products?search=${encodeURIComponent(search)}`, within);
    await page.goto(`/products/${product}`, within);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    if (order) {
      await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
      await page.locator("a[data-cart-link][aria-label^='Cart, 1']").waitFor();
      await page.goto("/checkout", within);
      const form = page.getByRole("form", { name: "Checkout" });
      for (const [label, value] of [
        ["Email", "shot@example.com"],
        ["First name", "Ina"],
        ["Last name", "Sights"],
        ["Address", "1 Main Street"],
        ["City", "New York"],
        ["State", "NY"],
        ["ZIP code", "10001"],
        ["Cardholder name", "Ina Sights"],
      ])
        await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByRole("button", { name: /^PAY / }).click();
      await page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" }).waitFor();
    }
    await hidden(page);
    await page.waitForLoadState("networkidle");
    await context.close();
  };
  const visits = [
    { product: "24k-gold", search: "gold", order: true },
    { product: "24k-gold", search: "unicorn" },
    { product: "plain-jane", order: true },
    { product: "blue-magic", search: "glow in the dark" },
    { product: "24k-gold" },
    { product: "tropical-slush", search: "mint" },
    { product: "plain-jane" },
  ];
  for (const visit of visits) await visitor(visit);

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const owner = await context.newPage();
  await owner.goto("/admin");
  await owner.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await owner.getByRole("heading", { name: "Overview" }).waitFor();
  // The queue delivers within its 2 s batch window: wait for both orders to be counted.
  const deadline = Date.now() + 20_000;
  for (;;) {
    await owner.goto("/admin/insights");
    const orders = await owner
      .getByRole("region", { name: "From visit to order" })
      .getByRole("row", { name: /^Orders/ })
      .getByRole("cell")
      .nth(1)
      .textContent();
    if (Number(orders) >= 2) break;
    if (Date.now() > deadline) throw new Error("The orders never reached /admin/insights.");
    await owner.waitForTimeout(500);
  }
  mkdirSync(join(ROOT, "docs", "images"), { recursive: true });
  await owner.screenshot({ path: OUT, fullPage: true });
  console.log(`Saved ${OUT}`);
} finally {
  await browser.close();
  await stop();
}
