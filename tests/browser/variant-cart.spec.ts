/**
 * The cart and the checkout speak in variants: a line shows its size and colour and changes
 * them; a line whose size is still to choose (added by its product alone, or by a bundle)
 * says so, and checkout asks for it before PAY; a line whose stock fell since it was added
 * is flagged with its fix, and an order someone else's purchase made short is refused with
 * the shop's words while the cart is kept. With and without JavaScript; each test has its
 * own browser context, hence its own visitor and cart (`page.request` fills that cart).
 *
 * Stock is shared by every test of a run: the one test that sells a variant out uses the
 * men's joggers in XL grey (4 in the seed), which no other test buys.
 */
import { expect, test, type Browser, type Page } from "./playwright";
import { SHIPPING_ADDRESS } from "../shopper";
import { axeViolations, hydrated, openHydrated } from "./fixtures";

type Variant = { id: number; options: Record<string, string>; available: boolean; quantityAvailable: number | null };
type ProductJson = { id: number; name: string; variants: Variant[] };

const FORM = {
  Email: "sizes@example.com",
  "First name": SHIPPING_ADDRESS.firstName,
  "Last name": SHIPPING_ADDRESS.lastName,
  Address: SHIPPING_ADDRESS.address,
  City: SHIPPING_ADDRESS.city,
  State: SHIPPING_ADDRESS.state,
  "ZIP code": SHIPPING_ADDRESS.zipCode,
  "Cardholder name": "Jane Doe",
};

async function product(page: Page, slug: string): Promise<ProductJson> {
  const response = await page.request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductJson;
}

/** The id of the product's variant with exactly these options. */
const variantOf = (p: ProductJson, options: Record<string, string>) => {
  const found = p.variants.find((v) => JSON.stringify(v.options) === JSON.stringify(options));
  expect(found, `${p.name} ${JSON.stringify(options)}`).toBeDefined();
  return found!.id;
};

async function putInCart(page: Page, slug: string, options: Record<string, string> | null, quantity = 1) {
  const p = await product(page, slug);
  const data = options ? { productId: p.id, variantId: variantOf(p, options), quantity } : { productId: p.id, quantity };
  const response = await page.request.post("/api/cart", { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** The cart page's line (a row, or a stacked card on a phone) whose choice reads `label`. */
const cartLineWith = (page: Page, label: string) =>
  page.getByTestId("cart-line").filter({ has: page.getByTestId("line-variant-label").getByText(label, { exact: true }) });

const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });
const payButton = (page: Page) => checkoutForm(page).getByRole("button", { name: /^PAY \$/ });

async function fillCheckout(page: Page) {
  for (const [label, value] of Object.entries(FORM)) await checkoutForm(page).getByLabel(label, { exact: true }).fill(value);
}

/** The checkout's order panel line for `name`. */
const panelLine = (page: Page, name: string) => page.getByTestId("checkout-line").filter({ hasText: name });

/** Changes a line's size with its picker: on change with JavaScript, with the Update button without. */
async function choose(scope: ReturnType<Page["getByTestId"]>, label: string, javaScript: boolean) {
  await scope.getByTestId("line-variant").selectOption({ label });
  if (!javaScript) await scope.getByRole("button", { name: "Update" }).click();
}

const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

for (const javaScript of [true, false]) {
  const mode = javaScript ? "with JavaScript" : "without JavaScript";

  test.describe(`changing a size in the cart, ${mode}`, () => {
    test.use({ javaScriptEnabled: javaScript });
    const open = (page: Page, path: string) => (javaScript ? openHydrated(page, path) : page.goto(path));

    test(
      "a line shows 'Size M'; choosing XXL changes its size and price; choosing a size the cart holds makes one line; sold-out sizes are disabled",
      { tag: "@both-widths" },
      async ({ page }) => {
        await putInCart(page, "raw-dogg-mens-logo-tee", { Size: "M" });
        await putInCart(page, "raw-dogg-mens-logo-tee", { Size: "L" });
        await putInCart(page, "raw-dogg-performance-tank", { Size: "S", Colour: "Pink" });
        await open(page, "/cart");

        const tank = cartLineWith(page, "Size S · Pink");
        await expect(tank.getByRole("link", { name: "Raw Dogg Performance Tank", exact: true })).toBeVisible();
        const soldOut = tank.getByTestId("line-variant").getByRole("option", { name: "Size XS · Pink (sold out)" });
        await expect(soldOut).toBeDisabled();
        // The picker says whose size it is, to a screen reader too.
        await expect(tank.getByLabel("Size and colour of Raw Dogg Performance Tank")).toBeVisible();
        // With JavaScript a change is sent at once: no Update button.
        await expect(tank.getByRole("button", { name: "Update" })).toHaveCount(javaScript ? 0 : 1);

        const medium = cartLineWith(page, "Size M");
        await expect(medium.getByTestId("line-price")).toHaveText("$26.99");
        // The men's XXL costs more: the option says so.
        await medium.getByTestId("line-variant").focus();
        await choose(medium, "Size XXL · $28.99", javaScript);
        const xxl = cartLineWith(page, "Size XXL");
        await expect(xxl.getByTestId("line-price")).toHaveText("$28.99");
        // With JavaScript the select is disabled while the cart changes: the keyboard's focus comes back to it.
        if (javaScript) await expect(xxl.getByTestId("line-variant")).toBeFocused();
        await expect(xxl.getByTestId("line-quantity")).toHaveText("1");
        await expect(page.getByTestId("cart-line")).toHaveCount(3);

        // The cart holds a large already: the two lines become one of 2.
        await choose(xxl, "Size L · $26.99", javaScript);
        await expect(page.getByTestId("cart-line")).toHaveCount(2);
        await expect(cartLineWith(page, "Size L").getByTestId("line-quantity")).toHaveText("2");
        await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
        await noSidewaysScroll(page);
      },
    );
  });
}

test.describe("a size still to choose, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a bundle's tee says 'Choose a size'; checkout refuses PAY with the message and keeps every field; chosen there, the order goes through",
    { tag: "@both-widths" },
    async ({ page }) => {
      const added = await page.request.post("/api/cart/add-bundle/4");
      expect(added.status(), await added.text()).toBe(200);
      await page.goto("/cart");
      const tee = page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name: "Raw Dogg Classic T (Women)", exact: true }) });
      await expect(tee.getByTestId("line-needs-choice")).toHaveText("Choose a size");
      await expect(tee.getByTestId("line-variant")).toHaveValue("");

      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      const line = panelLine(page, "Raw Dogg Classic T (Women)");
      const message = "Choose a size for Raw Dogg Classic T (Women).";
      await expect(line.getByTestId("line-problem")).toHaveText(message);
      await expect(page.getByTestId("checkout-problems")).toContainText(message);
      await noSidewaysScroll(page);

      // PAY works without JavaScript: the server refuses the order and says why.
      await fillCheckout(page);
      await payButton(page).click();
      await expect(checkoutForm(page).getByText(message)).toBeVisible();
      await expect(page.getByTestId("checkout-success")).toHaveCount(0);
      for (const [label, value] of Object.entries(FORM)) await expect(checkoutForm(page).getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(line.getByTestId("line-problem")).toHaveText(message);

      // Chosen in the order panel: back on the checkout, nothing stands in the way.
      await choose(line, "Size M · Black", false);
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(panelLine(page, "Raw Dogg Classic T (Women)").getByTestId("checkout-line-variant")).toHaveText("Size M · Black");
      await expect(page.getByTestId("line-problem")).toHaveCount(0);
      await expect(page.getByTestId("checkout-problems")).toHaveCount(0);
      await fillCheckout(page);
      await payButton(page).click();
      await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
    },
  );
});

test.describe("a size still to choose, with JavaScript", () => {
  test(
    "a tank added by its product alone says 'Choose a size'; PAY is disabled until it is chosen at checkout, then the order goes through",
    { tag: "@both-widths" },
    async ({ page }) => {
      test.setTimeout(60_000); // the checkout itself waits 2 s
      await putInCart(page, "raw-dogg-performance-tank", null);
      await openHydrated(page, "/cart");
      const tank = page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name: "Raw Dogg Performance Tank", exact: true }) });
      await expect(tank.getByTestId("line-needs-choice")).toHaveText("Choose a size");

      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await hydrated(page);
      const message = "Choose a size for Raw Dogg Performance Tank.";
      const line = panelLine(page, "Raw Dogg Performance Tank");
      await expect(line.getByTestId("line-problem")).toHaveText(message);
      await expect(page.getByTestId("checkout-problems")).toContainText(message);
      await fillCheckout(page);
      await expect(payButton(page)).toBeDisabled();

      await choose(line, "Size L · Grey", true);
      await expect(line.getByTestId("checkout-line-variant")).toHaveText("Size L · Grey");
      await expect(page.getByTestId("line-problem")).toHaveCount(0);
      await expect(page.getByTestId("checkout-problems")).toHaveCount(0);
      await expect(payButton(page)).toBeEnabled();
      // The fields typed before the choice are still there.
      await expect(checkoutForm(page).getByLabel("Email", { exact: true })).toHaveValue(FORM.Email);
      await payButton(page).click();
      await expect(page.getByText("PROCESSING...")).toBeVisible();
      await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 15_000 });
    },
  );
});

/** A visitor of its own, without JavaScript, whose cart holds `quantity` joggers in XL grey. */
async function shopperWithJoggers(browser: Browser, quantity: number) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await putInCart(page, "raw-dogg-mens-joggers", { Size: "XL", Colour: "Grey" }, quantity);
  return { context, page };
}

test("stock that falls after a line was added: the order is refused in the shop's words and the cart kept; the line is flagged with its fix, with and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two checkouts with JavaScript wait 2 s each
  const joggers = await product(page, "raw-dogg-mens-joggers");
  const xlGrey = joggers.variants.find((v) => v.id === variantOf(joggers, { Size: "XL", Colour: "Grey" }))!;
  expect(xlGrey.quantityAvailable).toBe(4);

  // This shopper (with JavaScript) holds 2 and is about to pay; another (without) holds 1.
  await putInCart(page, "raw-dogg-mens-joggers", { Size: "XL", Colour: "Grey" }, 2);
  await openHydrated(page, "/checkout");
  await expect(page.getByTestId("line-problem")).toHaveCount(0);
  await fillCheckout(page);
  const late = await shopperWithJoggers(browser, 1);

  // Meanwhile someone buys 3 of the 4.
  const other = await shopperWithJoggers(browser, 3);
  await other.page.goto("/checkout");
  await fillCheckout(other.page);
  await payButton(other.page).click();
  await expect(other.page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
  await other.context.close();

  // PAY: 'Checkout Failed', the reason in the page, the line flagged with its fix, the cart kept.
  const short = "Only 1 left of Raw Dogg Men's Joggers (Size XL · Grey). Lower the quantity to 1.";
  await payButton(page).click();
  await expect(page.getByText("Checkout Failed")).toBeVisible({ timeout: 15_000 });
  await expect(checkoutForm(page).getByText(short)).toBeVisible();
  const line = panelLine(page, "Raw Dogg Men's Joggers");
  await expect(line.getByTestId("line-problem")).toHaveText(short);
  await expect(payButton(page)).toBeDisabled();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // Lowered to what is left, the order goes through with the last one.
  await line.getByRole("button", { name: "Lower to 1" }).click();
  await expect(line.getByText("Quantity: 1")).toBeVisible();
  await expect(page.getByTestId("line-problem")).toHaveCount(0);
  // Fixed: the refusal's words leave the form too.
  await expect(checkoutForm(page).getByText(short)).toHaveCount(0);
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 15_000 });

  // The shopper without JavaScript finds the line flagged as sold out, PAY refused with the
  // same words and the fields kept; another size chosen there, the way is clear.
  const soldOut = "Raw Dogg Men's Joggers (Size XL · Grey) has sold out. Remove it or choose another size.";
  await late.page.goto("/checkout");
  const lateLine = panelLine(late.page, "Raw Dogg Men's Joggers");
  await expect(lateLine.getByTestId("line-problem")).toHaveText(soldOut);
  await expect(lateLine.getByRole("button", { name: "Remove Raw Dogg Men's Joggers from cart" })).toBeVisible();
  await fillCheckout(late.page);
  await payButton(late.page).click();
  await expect(checkoutForm(late.page).getByText(soldOut)).toBeVisible();
  await expect(checkoutForm(late.page).getByLabel("Email", { exact: true })).toHaveValue(FORM.Email);
  await choose(lateLine, "Size L · Grey", false);
  await expect(late.page).toHaveURL(/\/checkout$/);
  await expect(late.page.getByTestId("line-problem")).toHaveCount(0);
  await expect(panelLine(late.page, "Raw Dogg Men's Joggers").getByTestId("checkout-line-variant")).toHaveText("Size L · Grey");
  await late.context.close();
});

test("axe finds no WCAG 2.1 A/AA violation on /cart and /checkout with a size to choose and a chosen size", { tag: "@both-widths" }, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await putInCart(page, "raw-dogg-performance-tank", null);
  await putInCart(page, "raw-dogg-mens-logo-tee", { Size: "M" });
  await openHydrated(page, "/cart");
  await expect(page.getByTestId("line-needs-choice")).toBeVisible();
  expect(await axeViolations(page), "axe violations on /cart").toEqual([]);
  await openHydrated(page, "/checkout");
  await expect(page.getByTestId("line-problem")).toBeVisible();
  expect(await axeViolations(page), "axe violations on /checkout").toEqual([]);
});
