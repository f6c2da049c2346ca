/**
 * Accessibility: axe-core finds no WCAG 2.1 A/AA violation at both widths (a phone's stacked
 * layout has its own contrast, order and names) in the states a first visit does not reach: a
 * cart and a checkout with an item, the 404 page, a home dialog and the phone menu open
 * (tests/browser/first-visit.spec.ts runs axe on every route as it first opens); and a shopper
 * can go from the header search to the checkout with the keyboard alone, always seeing where
 * the focus is.
 */
import { expect, test, type Page } from "./playwright";
import { axeViolations, openHydrated } from "./fixtures";

/** Fails with one readable line per element axe finds against WCAG 2.1 A/AA. */
async function expectNoViolations(page: Page) {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

async function putOneInCart(page: Page) {
  const response = await page.request.post("/api/cart", { data: { productId: 1 } });
  expect(response.ok()).toBe(true);
}

test.describe("axe: no WCAG 2.1 A/AA violations", { tag: "@both-widths" }, () => {
  // The cart and checkout fill in from the browser; reduced motion keeps axe off mid-animation colours.
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("/cart with an item", async ({ page }) => {
    await putOneInCart(page);
    await openHydrated(page, "/cart");
    await expect(page.getByTestId("cart-line").first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("/checkout with an item", async ({ page }) => {
    await putOneInCart(page);
    await openHydrated(page, "/checkout");
    await expect(page.getByRole("form", { name: "Checkout" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the 404 page", async ({ page }) => {
    const response = await openHydrated(page, "/no-such-page");
    expect(response?.status()).toBe(404);
    await expectNoViolations(page);
  });

  test("the home page with a promo dialog open", async ({ page }) => {
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Learn More about Plain Jane" }).click();
    await expect(page.getByRole("dialog", { name: "Plain Jane" })).toBeVisible();
    await expectNoViolations(page);
  });

  // The menu button shows on phones only.
  test("the phone menu open", { tag: "@phone-only" }, async ({ page }) => {
    await openHydrated(page, "/");
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoViolations(page);
  });
});

/** The focused element draws an outline or a box shadow, so a keyboard user sees where they are. */
async function expectFocusVisible(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: "body", outline: "none", boxShadow: "none" };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle === "none" || style.outlineWidth === "0px" ? "none" : `${style.outlineStyle} ${style.outlineWidth}`;
    return { tag: `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 40) ?? ""}`, outline, boxShadow: style.boxShadow };
  });
  expect(focus.outline !== "none" || focus.boxShadow !== "none", `focus is not visible on ${focus.tag}`).toBe(true);
}

/** Presses Tab until the focus is on `target`, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, { backwards = false, maxPresses = 80 } = {}) {
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    await expectFocusVisible(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

// Desktop width: on phones the header search field is in the phone menu.
test("keyboard only: search from the header, open a product, add it, open the cart and pay at checkout, focus always visible", async ({ page }) => {
  test.setTimeout(60_000); // the checkout itself waits 2 s
  await openHydrated(page, "/");

  await tabTo(page, page.locator("#header-search"));
  await page.keyboard.type("gold");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\?search=gold$/);

  const product = page.getByTestId("product-card").first().getByRole("link", { name: "24k Gold" }).first();
  await expect(product).toBeVisible();
  await tabTo(page, product);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\/24k-gold$/);
  // The URL changes before React has shown the new page: wait for it, or a Tab lands on the old one.
  await expect(page.getByRole("heading", { level: 1, name: /24k gold/i })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "ADD TO CART", exact: true }));
  await page.keyboard.press("Enter");
  const cart = page.getByRole("link", { name: "Cart, 1 item" });
  await expect(cart).toBeVisible();

  // Back up to the header's cart link.
  await tabTo(page, cart, { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();

  const checkout = page.getByRole("link", { name: /checkout/i }).last();
  await tabTo(page, checkout);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.getByRole("form", { name: "Checkout" });
  await expect(form).toBeVisible();

  // Every field reached with Tab and typed into; the country keeps its default.
  const fields: [string, string][] = [
    ["Email", "keys@example.com"],
    ["First name", "Kay"],
    ["Last name", "Board"],
    ["Address", "1 Tab Street"],
    ["City", "New York"],
    ["State", "NY"],
    ["ZIP code", "10001"],
    ["Cardholder name", "Kay Board"],
    ["Card number", "4242 4242 4242 4242"],
    ["Expiry (MM/YY)", "12/30"],
    ["CVC", "123"],
  ];
  for (const [label, value] of fields) {
    await tabTo(page, form.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  await tabTo(page, form.getByRole("button", { name: /^PAY \$/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 6000 });
});

test("keyboard only: a dialog takes the focus, keeps it while tabbing and gives it back to its button on Escape", async ({ page }) => {
  await openHydrated(page, "/");
  // On the home page's promo block: a section whose code loads as the focus reaches it.
  const opener = page.getByRole("button", { name: "Learn More about Plain Jane" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Plain Jane" });
  await expect(dialog).toBeVisible();

  const focusIsInDialog = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      // Tab past the dialog's last control leaves for the browser's own controls (the body here), never for the page.
      return !active || active === document.body || Boolean(active.closest("dialog[open]"));
    });
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
  for (let presses = 0; presses < 6; presses++) {
    await page.keyboard.press("Tab");
    await expect.poll(focusIsInDialog, { message: `Tab ${presses + 1} left the dialog` }).toBe(true);
  }
  for (let presses = 0; presses < 3; presses++) {
    await page.keyboard.press("Shift+Tab");
    await expect.poll(focusIsInDialog, { message: `Shift+Tab ${presses + 1} left the dialog` }).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
