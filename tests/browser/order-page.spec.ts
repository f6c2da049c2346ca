/**
 * The order's own page, /orders/<token> (docs/decisions/0021), in a real browser with and
 * without JavaScript: the success screen links to it; it shows the number, the timeline,
 * the lines and totals with the bundle named, the masked address and email and the
 * download buttons; its answers are private, no-store, noindex and send no referrer, in any
 * letter case; a changed character is a 404; the shopper cancels before it is packed with a
 * two-step confirm; with JavaScript a change shows within 5 s. With $SHOTS_DIR set, a picture
 * of each state at each width is kept there to look at.
 */
import { expect, keepScreenshot, test, type Page } from "./playwright";
import { SHIPPING_ADDRESS } from "../shopper";
import { axeViolations, hydrated, openHydrated } from "./fixtures";

const { country: _country, ...address } = SHIPPING_ADDRESS;

const uniqueEmail = () => `olive-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Fantasia and Plain Jane (the Date Night Duo bundle) and the single (a download), in that order. */
async function fillCart(page: Page) {
  for (const slug of ["fantasia", "plain-jane", "welcome-to-the-pound"]) {
    const product = (await (await page.request.get(`/api/products/${slug}`)).json()) as { id: number };
    expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  }
}

const field = (page: Page, label: string) => page.getByRole("form", { name: "Checkout" }).getByLabel(label, { exact: true });

/** Opens a page ready to use: hydrated with JavaScript, loaded without it. */
const open = (page: Page, path: string, javaScriptEnabled: boolean) => (javaScriptEnabled ? openHydrated(page, path) : page.goto(path));

/** The shopper checks out through the form, in this page's mode; the success screen shows. */
async function checkOut(page: Page, email: string, javaScriptEnabled: boolean) {
  await fillCart(page);
  await open(page, "/checkout", javaScriptEnabled);
  const values: [string, string][] = [
    ["Email", email],
    ["First name", address.firstName],
    ["Last name", address.lastName],
    ["Address", address.address],
    ["City", address.city],
    ["State", address.state],
    ["ZIP code", address.zipCode],
    ["Cardholder name", "Jane Doe"],
    ["Card number", "4242 4242 4242 4242"],
    ["Expiry (MM/YY)", "12/30"],
    ["CVC", "123"],
  ];
  for (const [label, value] of values) await field(page, label).fill(value);
  await page.getByRole("form", { name: "Checkout" }).getByRole("button", { name: /^PAY / }).click();
  await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 15_000 });
}

/** An order placed by a form post (no browser needed for the checkout itself): the path of its page. */
async function placedOrderPath(page: Page) {
  await fillCart(page);
  const form = { email: uniqueEmail(), ...SHIPPING_ADDRESS, cardholderName: "Jane Doe", checkoutKey: crypto.randomUUID() };
  const reply = await page.request.post("/checkout", { form });
  expect(reply.status()).toBe(200);
  const path = /href="(\/orders\/[A-Za-z0-9_-]{43})"/.exec(await reply.text())?.[1];
  expect(path).toBeDefined();
  return path!;
}

/** The page as it looks now, whole, for a person to look at ($SHOTS_DIR). */
const shot = (page: Page, name: string) => keepScreenshot(page, `order-page-${name}`, { fullPage: true });

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const tag = javaScriptEnabled ? "js" : "nojs";

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });

    test(
      "the success screen links to the order's page: number, timeline, lines and totals with the bundle named, masked address and email, downloads",
      { tag: "@both-widths" },
      async ({ page }) => {
        test.setTimeout(60_000);
        const email = uniqueEmail();
        await checkOut(page, email, javaScriptEnabled);
        const number = (await page.getByText(/^Order RD-/).textContent())!.replace("Order ", "");
        const link = page.getByTestId("order-page-link");
        await expect(link).toHaveAttribute("href", /^\/orders\/[A-Za-z0-9_-]{43}$/);
        if (javaScriptEnabled) await expect(page.getByRole("button", { name: "View order" })).toBeVisible();
        // Never the internal id, anywhere the browser was given.
        expect(await page.content()).not.toContain("ord_");
        await link.click();
        await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
        if (javaScriptEnabled) await hydrated(page);

        await expect(page).toHaveTitle(`Order ${number} | Raw Dogg`);
        await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
        await expect(page.getByTestId("order-status")).toHaveText("Placed");
        const steps = page.getByTestId("order-timeline").getByRole("listitem");
        await expect(steps).toHaveCount(4);
        await expect(steps.nth(0)).toHaveAttribute("data-done", "true");
        await expect(steps.nth(1)).toContainText("Packed (not yet)");
        await expect(page.getByTestId("order-line")).toHaveCount(3);
        await expect(page.getByTestId("order-line").nth(0)).toContainText("Fantasia");
        await expect(page.getByTestId("order-line").nth(1)).toContainText("Plain Jane");
        await expect(page.getByTestId("summary-bundles")).toHaveText("Date Night Duo");
        await expect(page.getByTestId("summary-bundle-savings")).toHaveText("−$3.00");
        await expect(page.getByTestId("order-address")).toContainText("Jane D.");
        await expect(page.getByTestId("order-address")).toContainText("1 M…");
        await expect(page.getByTestId("order-address")).not.toContainText("Main Street");
        await expect(page.getByTestId("order-email")).toHaveText(`o•••@e•••.com`);
        expect(await page.content()).not.toContain(email);
        await expect(page.getByTestId("order-downloads")).toContainText("5 of 5 downloads left");
        // Nothing scrolls sideways on a phone.
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        // axe runs as a script in the page: with JavaScript only (the markup is the same without).
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
        await shot(page, `placed-${tag}`);

        // The download button serves the file and counts it.
        const download = page.waitForEvent("download");
        await page.getByTestId("order-download-mp3").click();
        expect((await download).suggestedFilename()).toBe("welcome-to-the-pound.mp3");
        await page.reload();
        await expect(page.getByTestId("order-downloads")).toContainText("4 of 5 downloads left");
      },
    );

    test("the shopper cancels before it is packed: 'Cancel this order?', then cancelled, in the shop's words", { tag: "@both-widths" }, async ({ page }) => {
      const path = await placedOrderPath(page);
      await open(page, path, javaScriptEnabled);
      const cancel = page.getByTestId("order-cancel");
      await cancel.getByRole("button", { name: "Cancel order" }).click();
      await expect(cancel.getByRole("heading", { name: "Cancel this order?" })).toBeVisible();
      await expect(cancel).toContainText("Nothing will be sent, its downloads stop working, and this can't be undone.");
      await expect(page.getByTestId("order-status")).toHaveText("Placed");
      await shot(page, `confirm-${tag}`);
      // Keeping it changes nothing.
      await cancel.getByRole("link", { name: "Keep my order" }).click();
      await expect(cancel.getByRole("button", { name: "Cancel order" })).toBeVisible();
      await cancel.getByRole("button", { name: "Cancel order" }).click();
      await cancel.getByRole("button", { name: "Yes, cancel this order" }).click();

      await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
      // With JavaScript a toast says it; without, the page says the same words.
      if (javaScriptEnabled) await expect(page.locator("[data-sonner-toast]").getByText("Order Cancelled")).toBeVisible();
      else await expect(page.getByTestId("toast-banner")).toHaveText("Order Cancelled Your order has been cancelled successfully.");
      await expect(page.getByTestId("order-cancel-reason")).toHaveText("You cancelled this order.");
      await expect(page.getByTestId("order-cancel")).toHaveCount(0);
      await expect(page.getByTestId("order-downloads")).toHaveCount(0);
      // axe runs as a script in the page: with JavaScript only (the markup is the same without).
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await shot(page, `cancelled-${tag}`);
    });
  });
}

test("its pages say noindex and no-referrer, with no canonical URL, in any letter case; a changed character is the 404 page", async ({ page }) => {
  const path = await placedOrderPath(page);
  const token = path.slice("/orders/".length);
  // The answers' status and headers (private, no-store, noindex, no referrer) are the worker
  // tests' (order-page.test.ts); the head React Router renders is read here, as a crawler does.
  for (const variant of [path, `/ORDERS/${token}`, `/Orders/${token}/`]) {
    const head = await (await page.request.get(variant)).text();
    expect(head, variant).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(head, variant).toContain('<meta name="referrer" content="no-referrer"');
    expect(head, variant).not.toContain('rel="canonical"');
  }
  const changed = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
  await page.goto(`/orders/${changed}`);
  await expect(page.getByRole("heading", { level: 1, name: "We couldn't find this order" })).toBeVisible();
  await shot(page, "not-found");
});

test.describe("with JavaScript", () => {
  test("a status change shows within 5 s, without a reload", async ({ page, browser }) => {
    const path = await placedOrderPath(page);
    await openHydrated(page, path);
    await expect(page.getByTestId("order-status")).toHaveText("Placed");
    // The order changes elsewhere (here: the same link, cancelled from another device without JavaScript).
    const other = await browser.newContext({ javaScriptEnabled: false });
    const elsewhere = await other.newPage();
    await elsewhere.goto(path);
    await elsewhere.getByRole("button", { name: "Cancel order" }).click();
    await elsewhere.getByRole("button", { name: "Yes, cancel this order" }).click();
    await expect(elsewhere.getByTestId("order-status")).toHaveText("Cancelled");
    await other.close();
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 5_000 });
    await expect(page.getByTestId("order-cancel-reason")).toHaveText("You cancelled this order.");
  });

  test("a refresh that fails (past the page's limit, a dropped connection) keeps the order on screen, and the next one catches up", async ({ page }) => {
    const path = await placedOrderPath(page);
    let failing = true;
    await page.route(/\/orders\/[^/]+\.data/, (route) => (failing ? route.fulfill({ status: 429, body: "Too many requests" }) : route.fallback()));
    await openHydrated(page, path);
    const refreshed = page.waitForResponse((response) => response.url().includes(".data") && response.status() === 429);
    await refreshed;
    await expect(page.getByTestId("order-status")).toHaveText("Placed");
    await expect(page.getByRole("heading", { name: /Something went wrong/i })).toHaveCount(0);
    failing = false;
    await page.request.post(path, { form: { step: "confirm" }, headers: { Origin: new URL(page.url()).origin } });
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 5_000 });
  });
});
