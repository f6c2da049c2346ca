/**
 * Choosing a size and colour on a product page (the product page's part of the variants
 * work), with and without JavaScript: the radio groups, the choice in the URL, a sold-out
 * value, "Only 3 left", "Choose a size" in view, the grid's CHOOSE SIZE, the size guide,
 * and the pictures the catalog names. Seed stock (README): tank Pink XS sold out, Black M 3 left.
 */
import { expect, test, type Locator, type Page } from "./playwright";
import { openHydrated } from "./fixtures";

const TANK = "/products/raw-dogg-performance-tank";

const sizeGroup = (page: Page) => page.getByRole("group", { name: /^Size/ });
const colourGroup = (page: Page) => page.getByRole("group", { name: /^Colour/ });
const picture = (page: Page) => page.getByTestId("product-image");
const price = (page: Page) => page.getByTestId("product-price");
/** Picks a value as a shopper does: its radio (under the whole chip, so a click anywhere on the chip is the radio's). */
const choose = (group: Locator, value: string) => group.getByRole("radio", { name: value, exact: true }).click();
const addToCart = (page: Page) => page.getByRole("button", { name: "ADD TO CART", exact: true });

/** What of GET /api/products these tests read. */
type Product = { imageUrl: string; variants: { imageUrl: string | null }[] };

async function catalog(page: Page): Promise<Product[]> {
  const response = await page.request.get("/api/products");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

test.describe("with JavaScript", () => {
  test("choosing size and colour: price, picture, stock note and URL follow at once, without a navigation", { tag: "@both-widths" }, async ({ page }) => {
    await openHydrated(page, "/products/raw-dogg-mens-logo-tee");
    await expect(price(page)).toHaveText("$26.99");
    // The XXL cut costs more.
    await choose(sizeGroup(page), "XXL");
    await expect(price(page)).toHaveText("$28.99");
    await expect(page).toHaveURL(/\/products\/raw-dogg-mens-logo-tee\?size=XXL$/);

    await openHydrated(page, TANK);
    // A mark on this document: a navigation (a new document) would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await choose(colourGroup(page), "Black");
    await choose(sizeGroup(page), "M");
    await expect(page).toHaveURL(/\?size=M&colour=Black$/);
    await expect(picture(page)).toHaveAttribute("src", "/images/products/raw-dogg-performance-tank-black.svg");
    await expect(page.getByTestId("stock-note")).toHaveText("Only 3 left");
    const scrolled = await page.evaluate(() => window.scrollY);
    await choose(colourGroup(page), "Grey");
    await expect(page).toHaveURL(/\?size=M&colour=Grey$/);
    await expect(picture(page)).toHaveAttribute("src", "/images/products/raw-dogg-performance-tank-grey.svg");
    await expect(page.getByTestId("stock-note")).toHaveText("");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // A full choice adds that variant: the cart's line names it.
    await addToCart(page).click();
    await expect(page.getByText("Product added to cart")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    const lines = (await (await page.request.get("/api/cart")).json()) as { variant: { label: string } | null }[];
    expect(lines.map((line) => line.variant?.label)).toEqual(["Size M · Grey"]);
  });

  test("ADD TO CART with no size: 'Choose a size' at once, next to the picker, focus on it, nothing added", { tag: "@both-widths" }, async ({ page }) => {
    await openHydrated(page, TANK);
    await addToCart(page).click();
    const problem = sizeGroup(page).getByText("Choose a size", { exact: true });
    await expect(problem).toBeVisible();
    await expect(problem).toBeInViewport();
    await expect(sizeGroup(page).getByRole("radio", { name: "S", exact: true })).toBeFocused();
    expect(await (await page.request.get("/api/cart")).json()).toEqual([]);
    // Choosing a size clears it.
    await choose(sizeGroup(page), "L");
    await expect(problem).toBeHidden();
  });

  test("a sold-out value is disabled and says so: tank Pink XS, and Pink itself once XS is chosen", { tag: "@both-widths" }, async ({ page }) => {
    await openHydrated(page, `${TANK}?colour=pink`);
    const xs = sizeGroup(page).getByRole("radio", { name: "XS sold out" });
    await expect(xs).toBeDisabled();
    await expect(sizeGroup(page).getByText("sold out")).toBeVisible();
    await choose(colourGroup(page), "Black");
    await expect(sizeGroup(page).getByRole("radio", { name: "XS", exact: true })).toBeEnabled();
    await choose(sizeGroup(page), "XS");
    await expect(colourGroup(page).getByRole("radio", { name: "Pink sold out" })).toBeDisabled();
  });

  test("the grid's CHOOSE SIZE of a product with options opens its page; a product without options still ADDs", async ({ page }) => {
    await openHydrated(page, "/apparel");
    const tank = page.getByTestId("product-card").filter({ hasText: "Raw Dogg Performance Tank" });
    await expect(tank.getByRole("button", { name: /^Add / })).toHaveCount(0);
    const chooseSize = tank.getByRole("link", { name: "CHOOSE SIZE", exact: true });
    await expect(chooseSize).toHaveAccessibleDescription("Raw Dogg Performance Tank");
    await chooseSize.click();
    await expect(page).toHaveURL(new RegExp(`${TANK}$`));
    await expect(sizeGroup(page)).toBeVisible();
    await page.goto("/apparel");
    const snapback = page.getByTestId("product-card").filter({ hasText: "Raw Dogg Snapback" });
    await expect(snapback.getByRole("button", { name: "Add Raw Dogg Snapback to cart" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shared ?size=&colour= link (any case) opens that choice as the server renders it", { tag: "@both-widths" }, async ({ page }) => {
    await page.goto(`${TANK}?size=m&colour=BLACK`);
    await expect(sizeGroup(page).getByRole("radio", { name: "M", exact: true })).toBeChecked();
    await expect(colourGroup(page).getByRole("radio", { name: "Black", exact: true })).toBeChecked();
    await expect(picture(page)).toHaveAttribute("src", "/images/products/raw-dogg-performance-tank-black.svg");
    await expect(page.getByTestId("stock-note")).toHaveText("Only 3 left");
    await expect(price(page)).toHaveText("$34.99");
  });

  test(
    "ADD TO CART with no size: the page comes back with 'Choose a size' in view beside the picker, the colour kept, nothing added",
    { tag: "@both-widths" },
    async ({ page }) => {
      await page.goto(TANK);
      await choose(colourGroup(page), "Grey");
      await addToCart(page).click();
      const problem = page.getByTestId("choice-problem");
      await expect(problem).toHaveText("Choose a size");
      await expect(sizeGroup(page)).toContainText("Choose a size");
      await expect(problem).toBeInViewport();
      await expect(colourGroup(page).getByRole("radio", { name: "Grey", exact: true })).toBeChecked();
      await page.goto("/cart");
      await expect(page.getByTestId("empty-cart")).toBeVisible();
    },
  );

  test("a full choice is added, and the cart says so", async ({ page }) => {
    await page.goto(`${TANK}?size=L&colour=grey`);
    await addToCart(page).click();
    await expect(page).toHaveURL(/\/cart\?done=add$/);
    await expect(page.getByText("Product added to cart")).toBeVisible();
    const lines = (await (await page.request.get("/api/cart")).json()) as { variant: { label: string } | null }[];
    expect(lines.map((line) => line.variant?.label)).toEqual(["Size L · Grey"]);
  });

  test("the size guide opens as a dialog (cm and inches) and closes with its Close button and with Escape", { tag: "@both-widths" }, async ({ page }) => {
    await page.goto("/products/raw-dogg-mens-joggers");
    const dialog = page.getByRole("dialog", { name: "Size guide" });
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Size guide" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("columnheader", { name: "Waist (cm / in)" })).toBeVisible();
    await expect(dialog.getByRole("row", { name: /^M 80 \/ 31\.5/ })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Size guide" }).click();
    await expect(dialog.getByRole("columnheader", { name: "Inseam (cm / in)" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test("features fit the product: apparel lists fabric, fit, sizes, colours and care, never the latex lines; the single its facts", async ({ page }) => {
  await page.goto(TANK);
  const features = page.getByRole("region", { name: "Features" });
  await expect(features).toContainText("Sizes: XS, S, M, L, XL");
  await expect(features).toContainText("Colours: Pink, Black, Grey");
  await expect(features).not.toContainText("Latex");
  await page.goto("/products/welcome-to-the-pound");
  await expect(page.getByRole("region", { name: "Features" })).toContainText("Format: Digital download");
  await expect(page.getByRole("region", { name: "Features" })).not.toContainText("Protection");
  await expect(page.getByRole("button", { name: "Size guide" })).toHaveCount(0);
});

test("every picture the catalog names, the colour variants' included, is a real SVG file", async ({ page }) => {
  const urls = new Set((await catalog(page)).flatMap((product) => [product.imageUrl, ...product.variants.flatMap((v) => (v.imageUrl ? [v.imageUrl] : []))]));
  expect(urls.size).toBeGreaterThan(18);
  for (const url of urls) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toMatch(/image\/svg\+xml/);
    expect((await response.body()).length, url).toBeLessThan(8_000);
  }
});
