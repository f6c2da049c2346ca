/**
 * Bundle savings are charged, and one checkout is one order (contract, "Cart" and
 * "Checkout and orders"; decision 0015), with and without JavaScript. Each test has
 * its own browser context, hence its own visitor and cart.
 */
import { expect, test, type Page } from "./playwright";
import { carriesCardNumber, hydrated, openHydrated } from "./fixtures";

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

// The seed's Date Night Duo: Plain Jane ($12.99) and Fantasia ($16.99) at 10% off.
const DUO = { plainJane: 1299, fantasia: 1699, savings: 300 }; // 2998 x 10% = 299.8 -> 300
const DUO_SUBTOTAL = DUO.plainJane + DUO.fantasia;
const DUO_TAX = 216; // 8% of 2698 = 215.84
const DUO_TOTAL = DUO_SUBTOTAL - DUO.savings + DUO_TAX; // $29.14

const FORM = {
  Email: "bundle@example.com",
  "First name": "Jane",
  "Last name": "Doe",
  Address: "1 Main Street",
  City: "New York",
  State: "NY",
  "ZIP code": "10001",
  "Cardholder name": "Jane Doe",
};

async function putInCart(page: Page, slug: string, quantity = 1) {
  const product = (await (await page.request.get(`/api/products/${slug}`)).json()) as { id: number };
  expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity } })).ok()).toBe(true);
}

const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });

async function fillCheckout(page: Page) {
  for (const [label, value] of Object.entries(FORM)) await checkoutForm(page).getByLabel(label, { exact: true }).fill(value);
}

/** The summary's figures, by row. */
async function expectSummary(page: Page, rows: { subtotal: number; savings: number; tax?: number; total: number }) {
  await expect(page.getByTestId("summary-subtotal")).toHaveText(usd(rows.subtotal));
  await expect(page.getByTestId("summary-bundle-savings")).toHaveText(`−${usd(rows.savings)}`);
  await expect(page.getByTestId("summary-bundles")).toHaveText("Date Night Duo");
  if (rows.tax === undefined) await expect(page.getByTestId("summary-tax")).toHaveCount(0);
  else await expect(page.getByTestId("summary-tax")).toHaveText(usd(rows.tax));
  await expect(page.getByTestId("summary-total")).toHaveText(usd(rows.total));
}

test.describe("with JavaScript", () => {
  test("a bundle bought one product at a time: cart, checkout panel, PAY, payment intent and the placed order agree to the cent, and are one order", async ({
    page,
  }) => {
    test.setTimeout(60_000); // the checkout itself waits 2 s
    await putInCart(page, "plain-jane");
    await putInCart(page, "fantasia");
    await openHydrated(page, "/cart");
    // The cart page's total is before tax: subtotal - bundle savings.
    await expectSummary(page, { subtotal: DUO_SUBTOTAL, savings: DUO.savings, total: DUO_SUBTOTAL - DUO.savings });
    // No horizontal scrolling, at any width, with the extra row.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await hydrated(page);
    await expectSummary(page, { subtotal: DUO_SUBTOTAL, savings: DUO.savings, tax: DUO_TAX, total: DUO_TOTAL });
    const pay = page.getByRole("button", { name: `PAY ${usd(DUO_TOTAL)}` });
    await expect(pay).toBeVisible();

    await fillCheckout(page);
    const key = await checkoutForm(page).locator('input[name="checkoutKey"]').inputValue();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const intentAnswer = page.waitForResponse("**/api/payment/create-payment-intent");
    // The fetcher posts to the route's data URL (/checkout.data).
    const orderPost = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout"));
    await pay.click();
    const intent = await intentAnswer;
    // The intent is keyed by this checkout, and charges what PAY said.
    expect(intent.request().headers()["idempotency-key"]).toBe(key);
    expect(intent.request().postDataJSON()).toEqual({ customerEmail: FORM.Email });
    const { id, amount } = (await intent.json()) as { id: string; amount: number };
    expect(amount).toBe(DUO_TOTAL);
    // The order is placed under the same key, without the card number.
    const posted = (await orderPost).postData() ?? "";
    expect(posted).toContain(key);
    expect(carriesCardNumber(posted), posted).toBe(false);

    await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 6000 });
    // The intent's row became the order: one checkout, one order.
    await expect(page.getByText(`Order ${id}`)).toBeVisible();
    await expect.poll(async () => (await page.request.get("/api/cart")).json()).toEqual([]);
  });

  test("ADD BUNDLE twice: two complete sets, the saving charged twice", async ({ page }) => {
    await openHydrated(page, "/cart");
    const duo = page.getByTestId("bundle").filter({ hasText: "Date Night Duo" });
    for (let i = 0; i < 2; i++) {
      await duo.getByRole("button", { name: /Add Bundle/ }).click();
      await expect(page.getByText("Bundle added!").first()).toBeVisible();
      await expect(page.getByRole("link", { name: `Cart, ${2 * (i + 1)} items` })).toBeVisible();
    }
    await expect(page.getByTestId("summary-bundles")).toHaveText("Date Night Duo ×2");
    await expect(page.getByTestId("summary-bundle-savings")).toHaveText(`−${usd(2 * DUO.savings)}`);
    await expect(page.getByTestId("summary-total")).toHaveText(usd(2 * (DUO_SUBTOTAL - DUO.savings)));
    await openHydrated(page, "/checkout");
    const discounted = 2 * (DUO_SUBTOTAL - DUO.savings); // 5396: tax 431.68 -> 432
    await expect(page.getByRole("button", { name: `PAY ${usd(discounted + 432)}` })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart and checkout show the bundle savings; the order placed is the one checkout's, and submitting it again shows the same order", async ({
    page,
  }) => {
    await putInCart(page, "plain-jane");
    await putInCart(page, "fantasia");
    await page.goto("/cart");
    await expectSummary(page, { subtotal: DUO_SUBTOTAL, savings: DUO.savings, total: DUO_SUBTOTAL - DUO.savings });
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expectSummary(page, { subtotal: DUO_SUBTOTAL, savings: DUO.savings, tax: DUO_TAX, total: DUO_TOTAL });

    await fillCheckout(page);
    // What the form sends, as a browser resending it would (a double click, back and submit again).
    const key = await checkoutForm(page).locator('input[name="checkoutKey"]').inputValue();
    const sent = {
      email: FORM.Email,
      firstName: "Jane",
      lastName: "Doe",
      address: "1 Main Street",
      city: "New York",
      state: "NY",
      zipCode: "10001",
      country: "United States",
      cardholderName: "Jane Doe",
      checkoutKey: key,
    };
    await page.getByRole("button", { name: `PAY ${usd(DUO_TOTAL)}` }).click();
    await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
    const orderId = (await page.getByText(/^Order RD-/).textContent())!.replace("Order ", "");

    const again = await page.request.post("/checkout", { form: sent });
    expect(again.status()).toBe(200);
    const html = await again.text();
    expect(html).toContain("PAYMENT SUCCESSFUL");
    expect(html).toContain(orderId);
    expect(await (await page.request.get("/api/cart")).json()).toEqual([]);
  });

  test("a second tab's checkout (another key) after the first emptied the cart: 'YOUR CART IS EMPTY' and the shop's message, no second order", async ({
    page,
    context,
  }) => {
    await putInCart(page, "blue-magic", 2);
    await page.goto("/checkout");
    const second = await context.newPage();
    await second.goto("/checkout");
    const keys = await Promise.all([page, second].map((p) => checkoutForm(p).locator('input[name="checkoutKey"]').inputValue()));
    expect(keys[0]).not.toBe(keys[1]);

    await fillCheckout(page);
    await checkoutForm(page).getByRole("button", { name: /^PAY / }).click();
    await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();

    await fillCheckout(second);
    const answer = second.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout");
    await checkoutForm(second).getByRole("button", { name: /^PAY / }).click();
    expect((await answer).status()).toBe(400);
    await expect(second.getByRole("heading", { name: "YOUR CART IS EMPTY" })).toBeVisible();
    await expect(second.getByText("Your cart is empty. Add items to your cart before checking out.")).toBeVisible();
  });
});
