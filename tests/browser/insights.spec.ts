/**
 * The insights without a cookie (docs/decisions/0022), in a real browser against the built
 * shop: the privacy page's promises held to what the browser really sends, and a shopper's
 * visit, product view, add to cart, checkout and order found on /admin/insights within 10 s.
 */
import { expect, test, type BrowserContext, type Page, type Request } from "./playwright";
import { axeViolations, hydrated, signInFromOwnNetwork } from "./fixtures";

/** Every request the beacon's door gets from this context, and every script chunk it loads. */
function watch(context: BrowserContext) {
  const events: Request[] = [];
  const beaconChunks: string[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") events.push(request);
    if (/\/assets\/beacon-[\w-]+\.js$/.test(request.url())) beaconChunks.push(request.url());
  });
  return { events, beaconChunks };
}

/** Opens the home page and moves to a product by a client-side navigation: what the beacon reports. */
async function browse(page: Page) {
  await page.goto("/");
  await hydrated(page);
  // Past the load and an idle moment the beacon is in (or, under GPC, would have been).
  await page.evaluate(() => new Promise((go) => requestIdleCallback(() => requestIdleCallback(go))));
  await page
    .getByRole("link", { name: /24K Gold/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/24k-gold/);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

/** The tab hidden, as when the visitor switches away (Playwright's pages never are): the vitals and whatever waits are sent. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

test.describe("the privacy page's promises, as the browser sends them", () => {
  test("the privacy page says what is measured and kept, and what never is", async ({ page }) => {
    await page.goto("/privacy");
    const section = page.locator("#measuring");
    await expect(section.getByRole("heading", { name: "What we count, in daily totals only" })).toBeVisible();
    for (const promise of [
      /no cookie, no identifier/i,
      /Global Privacy Control/,
      /cut to 64 characters/,
      /Largest Contentful Paint/,
      /pages that need no JavaScript run none and measure nothing/i,
    ])
      await expect(section.getByText(promise).first()).toBeVisible();
  });

  test("the beacon sends paths and vitals only: no cookie, no identifier, no query, and sets no cookie", async ({ browser }) => {
    const context = await browser.newContext();
    const { events } = watch(context);
    const page = await context.newPage();
    // A cart first, so the browser has the shop's cookies to (not) send.
    expect((await page.request.post("/api/cart", { data: { productId: 1, quantity: 1 } })).ok()).toBe(true);
    expect((await context.cookies()).map((c) => c.name)).toContain("rd_session");
    await browse(page);
    const sentEvents = () => events.flatMap((request) => (JSON.parse(request.postData() ?? '{"e":[]}') as { e: Record<string, unknown>[] }).e);
    // The beacon's chunk loads after the load and an idle moment, at its own pace on a busy
    // machine: once the product's view is sent, it has started and listens for the hiding.
    await expect.poll(() => sentEvents().some((event) => event.t === "view"), { timeout: 15_000 }).toBe(true);
    await hide(page);
    // CLS is reported when the page is hidden: once it is in, so is everything before it.
    await expect.poll(() => sentEvents().some((event) => event.t === "CLS"), { timeout: 10_000 }).toBe(true);
    const all = sentEvents();
    const sent = await Promise.all(
      events.map(async (request) => ({ headers: await request.allHeaders(), body: request.postData() ?? "", response: await request.response() })),
    );
    expect(all).toContainEqual({ t: "view", p: "/products/24k-gold" });
    expect(all.some((event) => event.t === "TTFB")).toBe(true);
    for (const { headers, body, response } of sent) {
      expect(headers.cookie, "the beacon sends no cookie").toBeUndefined();
      expect(response?.status()).toBe(204);
      expect(await response?.headerValue("set-cookie")).toBeNull();
      expect(body).not.toMatch(/rd_session|\?/);
    }
    for (const event of all) {
      expect(Object.keys(event).sort()).toEqual(event.t === "view" ? ["p", "t"] : ["p", "t", "v"]);
      expect(event.p).toMatch(/^\/[^?#]*$/);
    }
    await context.close();
  });

  test("under Global Privacy Control the beacon is never loaded and nothing is sent", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const { events, beaconChunks } = watch(context);
    const page = await context.newPage();
    await browse(page);
    await hide(page);
    // Where the beacon would have been loaded (after the load and an idle moment), it was not: nothing can send.
    await page.evaluate(() => new Promise((go) => requestIdleCallback(() => requestIdleCallback(go))));
    expect(beaconChunks).toEqual([]);
    expect(events).toEqual([]);
    await context.close();
  });
});

/** The figures of the funnel's table on /admin/insights, by step. */
async function funnel(page: Page): Promise<Record<string, number>> {
  await page.goto("/admin/insights");
  const rows = page.getByRole("region", { name: "From visit to order" }).getByRole("row");
  const figures: Record<string, number> = {};
  for (const row of await rows.all()) {
    const cells = await row.getByRole("cell").allTextContents();
    if (cells.length >= 2) figures[cells[0]!] = Number(cells[1]!.replace(/,/g, ""));
  }
  return figures;
}

test("a shopper's visit, product view, add to cart, checkout and order are on /admin/insights within 10 s", async ({ page, browser }) => {
  await signInFromOwnNetwork(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  const before = await funnel(page);

  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto("/");
  await shop.goto("/products/plain-jane");
  await hydrated(shop);
  await shop.getByRole("button", { name: "ADD TO CART", exact: true }).click();
  await expect(shop.locator("a[data-cart-link]")).toHaveAttribute("aria-label", /^Cart, [1-9]\d* items?$/);
  await shop.goto("/checkout");
  const form = shop.getByRole("form", { name: "Checkout" });
  for (const [label, value] of [
    ["Email", "insights@example.com"],
    ["First name", "Ina"],
    ["Last name", "Sights"],
    ["Address", "1 Main Street"],
    ["City", "New York"],
    ["State", "NY"],
    ["ZIP code", "10001"],
    ["Cardholder name", "Ina Sights"],
  ] as const)
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: /^PAY / }).click();
  await expect(shop.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
  await shopper.close();

  await expect
    .poll(
      async () => {
        const after = await funnel(page);
        return ["Visits", "Product views", "Added to cart", "Checkouts started", "Orders"].filter((step) => !((after[step] ?? 0) > (before[step] ?? 0)));
      },
      { timeout: 10_000, message: "steps not yet on /admin/insights" },
    )
    .toEqual([]);
  await expect(page.getByRole("region", { name: "Top products" }).getByRole("link", { name: "Plain Jane" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^From visit to order, last 7 days$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
