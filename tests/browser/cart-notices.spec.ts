/**
 * What the cart and the checkout tell a shopper before payment, with and without JavaScript:
 * a line whose price changed since it was added says so until the shopper has seen it
 * (docs/decisions/0023; the owner changes the price in the back office); the cart says the
 * 8% tax checkout adds, with its figure, so checkout's total is no surprise; Smart Savings
 * marks a bundle the cart already completes "In your cart".
 *
 * axe runs in the page, so only with JavaScript (the markup is the server's either way).
 *
 * Each mode's price change is made to a product of its own that no other browser test uses
 * (nor any bundle, for the one with JavaScript), so the tests can run side by side. The owner
 * signs in from a network of their own: sign-ins are limited to 5 a minute per address.
 */
import { expect, keepScreenshot, SHOTS_DIR, test, type Browser, type Locator, type Page, type Request } from "./playwright";
import { TEST_ADMIN_PASSWORD } from "../../scripts/local.mjs";
import { axeViolations, openHydrated } from "./fixtures";

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
/** 8% of `cents`, rounded half up (integer arithmetic, as the contract's tax). */
const taxOn = (cents: number) => Math.floor((cents * 8 + 50) / 100);

async function product(page: Page, slug: string): Promise<{ id: number; name: string; price: number }> {
  const response = await page.request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

async function putInCart(page: Page, slug: string, quantity: number) {
  const response = await page.request.post("/api/cart", { data: { productId: (await product(page, slug)).id, quantity } });
  expect(response.ok()).toBe(true);
}

/** Opens a shop page as the mode's shopper does: hydrated with JavaScript, loaded without. */
const open = (page: Page, path: string, javaScript: boolean) => (javaScript ? openHydrated(page, path) : page.goto(path));

/** The cart page's row (or stacked card, on a phone) for one product. */
const cartLine = (page: Page, name: string) => page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name, exact: true }) });
const checkoutLine = (page: Page, name: string) => page.getByTestId("checkout-line").filter({ hasText: name });

/**
 * The screen around `target` at 1280 and at 390 px, for a person to look at ($SHOTS_DIR; a test
 * that runs at one width only shows both).
 */
async function screenshots(page: Page, name: string, target: Locator) {
  if (!SHOTS_DIR) return;
  const { width, height } = page.viewportSize()!;
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await target.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize({ width, height });
}

/** What a test at its project's width shows, for a person to look at ($SHOTS_DIR). */
const screenshot = (target: Locator, name: string) => keepScreenshot(target, name);

/** The owner, signed in to the back office in a browser of their own. */
async function ownerSignedIn(browser: Browser) {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await owner.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });
  await owner.goto("/admin/sign-in");
  await owner.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner.getByRole("heading", { name: "Overview" })).toBeVisible();
  return owner;
}

/** The owner sets a product's price on its back office page. */
async function setPrice(owner: Page, name: string, cents: number) {
  await owner.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Catalog", exact: true }).click();
  await owner.getByRole("link", { name, exact: true }).click();
  await owner.getByLabel("Price in dollars").fill((cents / 100).toFixed(2));
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByRole("status")).toContainText("Saved.");
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? "with JavaScript" : "without JavaScript";
  // Products no other browser test uses; the one with JavaScript is in no bundle either.
  const slug = javaScript ? "dogg-pound-variety-pack" : "berry-bash";

  test.describe(mode, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a price changed since the line was added: the cart says 'Price changed from … to …' once, then the checkout says the next change once, and charges it", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const item = await product(page, slug);
      const raised = item.price + 250;
      const lowered = item.price + 100;
      await putInCart(page, slug, 1);
      const owner = await ownerSignedIn(browser);
      await setPrice(owner, item.name, raised);

      await test.step("the cart says it on the line, beside the new price", async () => {
        if (javaScript) {
          // A hover on the header's cart link prefetches the cart's data: not seen yet.
          await openHydrated(page, "/products");
          const cartLink = page.locator("[data-cart-link]");
          const cartData: Request[] = [];
          page.on("request", (request) => {
            if (new URL(request.url()).pathname === "/cart.data") cartData.push(request);
          });
          const prefetched = page.waitForResponse((response) => new URL(response.url()).pathname === "/cart.data");
          await cartLink.hover();
          await prefetched;
          await cartLink.click();
          await expect(page).toHaveURL(/\/cart$/);
          // The browser said the first was a prefetch; the visit read the page's data again.
          await expect.poll(() => Promise.all(cartData.map(async (request) => (await request.allHeaders())["sec-purpose"] ?? ""))).toEqual(["prefetch", ""]);
        } else {
          await page.goto("/cart");
        }
        const line = cartLine(page, item.name);
        await expect(line.getByTestId("line-price-changed")).toHaveText(`Price changed from ${usd(item.price)} to ${usd(raised)}`);
        await expect(line.getByTestId("line-price")).toHaveText(usd(raised));
        await screenshots(page, `cart-price-changed-${javaScript ? "js" : "nojs"}`, line);
        if (javaScript) expect(await axeViolations(page)).toEqual([]);
      });

      await test.step("seen: checkout and the cart say nothing more", async () => {
        await open(page, "/checkout", javaScript);
        await expect(checkoutLine(page, item.name)).toBeVisible();
        await expect(page.getByTestId("line-price-changed")).toHaveCount(0);
        await open(page, "/cart", javaScript);
        await expect(cartLine(page, item.name).getByTestId("line-price")).toHaveText(usd(raised));
        await expect(page.getByTestId("line-price-changed")).toHaveCount(0);
      });

      await test.step("a second change shows on the checkout, from the price seen last, and PAY asks the new total", async () => {
        await setPrice(owner, item.name, lowered);
        await open(page, "/checkout", javaScript);
        const line = checkoutLine(page, item.name);
        await expect(line.getByTestId("line-price-changed")).toHaveText(`Price changed from ${usd(raised)} to ${usd(lowered)}`);
        // Said above the form too: on a phone the panel comes after PAY.
        const above = page.getByTestId("checkout-price-changes");
        await expect(above).toHaveText(`A price changed${item.name}: Price changed from ${usd(raised)} to ${usd(lowered)}`);
        expect((await above.boundingBox())!.y).toBeLessThan((await page.getByRole("button", { name: /^PAY / }).boundingBox())!.y);
        await expect(page.getByRole("button", { name: `PAY ${usd(lowered + taxOn(lowered))}` })).toBeVisible();
        await screenshots(page, `checkout-price-changed-${javaScript ? "js" : "nojs"}`, line);
        await screenshots(page, `checkout-price-changes-above-${javaScript ? "js" : "nojs"}`, above);
        await open(page, "/checkout", javaScript);
        await expect(line).toBeVisible();
        await expect(page.getByTestId("line-price-changed")).toHaveCount(0);
        await expect(page.getByTestId("checkout-price-changes")).toHaveCount(0);
      });
      await owner.context().close();
    });

    test("the cart says the 8% tax checkout adds and what it will ask, and checkout asks exactly that @both-widths", async ({ page }) => {
      await putInCart(page, "plain-jane", 2);
      await open(page, "/cart", javaScript);
      // 2 x $12.99 = $25.98; 8% tax $2.08; $28.06 at checkout.
      await expect(page.getByTestId("summary-total")).toHaveText("$25.98");
      const note = page.getByTestId("summary-tax-note");
      await expect(note).toHaveText("8% tax ($2.08) is added at checkout: $28.06 in all.");
      if (javaScript) expect(await axeViolations(page)).toEqual([]);
      await screenshot(page.getByRole("complementary", { name: "Order Summary" }), `cart-tax-note-${javaScript ? "js" : "nojs"}`);
      if (javaScript) {
        // The note follows the cart as it changes: 3 x $12.99 = $38.97, tax $3.12.
        await page.getByRole("button", { name: "Increase quantity of Plain Jane" }).click();
        await expect(note).toHaveText("8% tax ($3.12) is added at checkout: $42.09 in all.");
      }
      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      await expect(page.getByRole("button", { name: javaScript ? "PAY $42.09" : "PAY $28.06" })).toBeVisible();
    });

    test("Smart Savings marks a bundle the cart already completes 'In your cart' and still offers the others @both-widths", async ({ page }) => {
      // Date Night Duo is Plain Jane + Fantasia: complete.
      await putInCart(page, "plain-jane", 1);
      await putInCart(page, "fantasia", 1);
      await open(page, "/cart", javaScript);
      const bundle = (name: string) => page.getByTestId("smart-savings").getByTestId("bundle").filter({ hasText: name });
      await expect(bundle("Date Night Duo").getByTestId("bundle-in-cart")).toHaveText("In your cart");
      await expect(bundle("Flavor Fiesta").getByTestId("bundle-in-cart")).toHaveCount(0);
      await expect(bundle("Flavor Fiesta").getByRole("button", { name: "Add Bundle: Flavor Fiesta" })).toBeEnabled();
      // The order summary takes the same saving.
      await expect(page.getByTestId("summary-bundles")).toHaveText("Date Night Duo");
      if (javaScript) expect(await axeViolations(page)).toEqual([]);
      await bundle("Date Night Duo").scrollIntoViewIfNeeded();
      await screenshot(page.getByTestId("smart-savings"), `smart-savings-in-cart-${javaScript ? "js" : "nojs"}`);

      // Another set can still be added (spec: each bundle can be added): two sets, marked so.
      await bundle("Date Night Duo").getByRole("button", { name: "Add Bundle: Date Night Duo" }).click();
      await expect(bundle("Date Night Duo").getByTestId("bundle-in-cart")).toHaveText("In your cart ×2");
      await expect(page.getByTestId("summary-bundles")).toHaveText("Date Night Duo ×2");
    });
  });
}
