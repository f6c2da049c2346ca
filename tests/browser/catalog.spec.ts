/**
 * The catalog screens (spec section 2): the condom listing with its filter and search,
 * the product page (badges, features, reactions, recommendation, related, not found)
 * and the apparel tabs, with and without JavaScript.
 */
import { expect, test, type APIRequestContext, type Page } from "./playwright";
import { openHydrated } from "./fixtures";

/**
 * A first-time visitor on a network of their own (the local server takes the client's
 * `CF-Connecting-IP` as sent): the shop counts one cookie-less reaction per network, so
 * visitors from the test machine's one address would count once between them.
 */
const ownNetwork = () => ({ "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });

type Category = { id: number; name: string; slug: string };
type Product = { id: number; name: string; slug: string };

const categoriesOf = async (request: APIRequestContext, type: "condom" | "apparel") =>
  (await (await request.get(`/api/categories?type=${type}`)).json()) as Category[];

/** What the API lists for these category ids and search text (the page must agree). */
async function productsFor(request: APIRequestContext, categoryIds: number[], search = "") {
  const query = new URLSearchParams({ categoryId: categoryIds.join(",") });
  if (search) query.set("search", search);
  return (await (await request.get(`/api/products?${query}`)).json()) as Product[];
}

const cards = (page: Page) => page.getByTestId("product-card");

/**
 * Holds back the page's data requests matching `url` until `release()`, so the loading state
 * stays on screen until the test has seen it, however fast or slow the machine.
 */
async function holdData(page: Page, url: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
const searchBox = (page: Page) => page.getByPlaceholder("Find your perfect protection...");
const typeSelect = (page: Page) => page.getByRole("combobox", { name: "Type" });

const SIGNATURE_PRODUCTS = [
  { slug: "plain-jane", name: "Plain Jane", badge: "BESTSELLER" },
  { slug: "tropical-slush", name: "Tropical Slush", badge: "FLAVORED" },
  { slug: "silver-surfer", name: "Silver Surfer", badge: "EXTRA LUBE" },
  { slug: "blue-magic", name: "Blue Magic", badge: "FIRE & ICE" },
  { slug: "24k-gold", name: "24k Gold", badge: "MAGNUM" },
  { slug: "fantasia", name: "Fantasia", badge: "ULTRA-THIN" },
];

test.describe("Premium condoms listing", () => {
  test("shows 'Showing N product(s)' for every condom product, and only condoms", async ({ page, request }) => {
    const condomIds = (await categoriesOf(request, "condom")).map((c) => c.id);
    const condoms = await productsFor(request, condomIds);
    const response = await page.goto("/products");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Premium Condoms | Raw Dogg");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb).toContainText("Premium Condoms");
    await expect(page.getByText(`Showing ${condoms.length} product(s)`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(condoms.length);
    await expect(cards(page).getByRole("link", { name: "Black & White Raw Dogg Tee" })).toHaveCount(0);
    await expect(typeSelect(page).locator("option").first()).toHaveText("All Types");

    // A categoryId that is not a condom category lists every condom instead of failing.
    expect((await page.goto("/products?categoryId=oops"))?.status()).toBe(200);
    await expect(page.getByText(`Showing ${condoms.length} product(s)`, { exact: true })).toBeVisible();
  });

  test("the category filter applies at once, says ' in selected category' and shows the skeleton while loading", async ({ page, request }) => {
    const flavored = (await categoriesOf(request, "condom")).find((c) => c.slug === "flavored")!;
    const expected = await productsFor(request, [flavored.id]);
    await openHydrated(page, "/products");
    const release = await holdData(page, "**/products.data*");
    await typeSelect(page).selectOption({ label: flavored.name });
    await expect(page.getByTestId("product-skeleton").locator("li")).toHaveCount(8);
    release();
    await expect(page).toHaveURL(new RegExp(`categoryId=${flavored.id}`));
    await expect(page.getByText(`Showing ${expected.length} product(s) in selected category`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.length);
  });

  test("search is applied 500 ms after typing stops, kept in ?search=, says ' matching \"gold\"'; no match shows 'NO PRODUCTS FOUND'", async ({
    page,
    request,
  }) => {
    const condomIds = (await categoriesOf(request, "condom")).map((c) => c.id);
    const expected = await productsFor(request, condomIds, "gold");
    await openHydrated(page, "/products");
    await searchBox(page).pressSequentially("gold", { delay: 60 });
    // Typing alone does not apply: the URL changes only after the pause.
    expect(page.url()).not.toContain("search=");
    await expect(page).toHaveURL(/[?&]search=gold\b/);
    await expect(page.getByText(`Showing ${expected.length} product(s) matching "gold"`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.length);
    await expect(cards(page).getByRole("link", { name: "24k Gold" })).toBeVisible();

    await searchBox(page).fill("zebra-unicorn");
    await expect(page.getByRole("heading", { name: "NO PRODUCTS FOUND" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search criteria to find what you're looking for.")).toBeVisible();
    await expect(page.getByText('Showing 0 product(s) matching "zebra-unicorn"', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]search=zebra-unicorn\b/);
  });

  test("?search= and ?categoryId= from the URL apply, with both suffixes", async ({ page, request }) => {
    const flavored = (await categoriesOf(request, "condom")).find((c) => c.slug === "flavored")!;
    const expected = await productsFor(request, [flavored.id], "mango");
    await page.goto(`/products?categoryId=${flavored.id}&search=mango`);
    await expect(searchBox(page)).toHaveValue("mango");
    await expect(typeSelect(page)).toHaveValue(String(flavored.id));
    await expect(page.getByText(`Showing ${expected.length} product(s) in selected category matching "mango"`, { exact: true })).toBeVisible();
  });
});

test.describe("Premium condoms listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form filters by category and search", async ({ page, request }) => {
    const flavored = (await categoriesOf(request, "condom")).find((c) => c.slug === "flavored")!;
    const expected = await productsFor(request, [flavored.id], "berry");
    await page.goto("/products");
    await typeSelect(page).selectOption({ label: flavored.name });
    await searchBox(page).fill("berry");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`categoryId=${flavored.id}&search=berry`));
    await expect(page.getByText(`Showing ${expected.length} product(s) in selected category matching "berry"`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.length);
  });
});

test.describe("Product detail", () => {
  test("each signature product shows its badge, its name in uppercase, the Features list and up to 4 other featured products", async ({ page }) => {
    test.setTimeout(60_000);
    for (const { slug, name, badge } of SIGNATURE_PRODUCTS) {
      await page.goto(`/products/${slug}`);
      await expect(page).toHaveTitle(`${name} | Raw Dogg`);
      const detail = page.getByTestId("product-detail");
      await expect(detail.getByText(badge, { exact: true })).toBeVisible();
      await expect(detail.getByRole("heading", { level: 1 })).toHaveText(name.toUpperCase());
      const features = detail.getByRole("region", { name: "Features" });
      await expect(features).toContainText(/Type: \w/);
      await expect(features).toContainText(/Pack Size: \d+ pcs/);
      await expect(features).toContainText("Material: Premium Latex");
      await expect(features).toContainText("Protection: 99.9% Effective");
      if (slug === "tropical-slush") await expect(features).toContainText("Flavors: Pineapple, Mango, Coconut, Passion Fruit");
      await expect(detail.getByRole("button", { name: "ADD TO CART" })).toBeVisible();
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
      await expect(crumbs).toContainText(name);

      const related = page.getByRole("region", { name: "YOU MIGHT ALSO LIKE" });
      await expect(related.getByTestId("product-card").first()).toBeVisible();
      expect(await related.getByTestId("product-card").count()).toBeLessThanOrEqual(4);
      await expect(related.locator(`a[href="/products/${slug}"]`)).toHaveCount(0);
    }
  });

  test("reacting increments the count and shows 'Thanks for your reaction!'", async ({ page }) => {
    await page.setExtraHTTPHeaders(ownNetwork());
    await openHydrated(page, "/products/fantasia");
    const reaction = page.getByRole("button", { name: /^React with 🙏 \(/ });
    const countOf = async () => Number((await reaction.getAttribute("aria-label"))!.match(/\((\d+)\+?\)/)![1]);
    const before = await countOf();
    await reaction.click();
    await expect(page.getByText("Thanks for your reaction!")).toBeVisible();
    await expect(page.getByText("Your feedback helps others discover great products.")).toBeVisible();
    // Other tests may react at the same time; this visitor's reaction adds at least one.
    await expect.poll(countOf).toBeGreaterThanOrEqual(Math.min(before + 1, 99));
  });

  test("the recommendation card marks itself viewed, and View Product marks it clicked and opens the product", async ({ page }) => {
    await openHydrated(page, "/products/plain-jane");
    const card = page.getByRole("complementary").filter({ hasText: "Recommended for you" });
    await expect(card).toBeVisible();
    const name = (await card.getByRole("heading").textContent())!;
    expect(name).not.toBe("Plain Jane");
    await expect
      .poll(async () => {
        const list = (await (await page.request.get("/api/recommendations")).json()) as { viewed: boolean; product: Product }[];
        return list.find((r) => r.product.name === name)?.viewed;
      })
      .toBe(true);
    await card.getByRole("button", { name: "View Product" }).click();
    // Two requests in a row (the PATCH, then the page's data): allow them a little longer.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name.toUpperCase(), { timeout: 15_000 });
    await expect
      .poll(async () => {
        const list = (await (await page.request.get("/api/recommendations")).json()) as { clicked: boolean; product: Product }[];
        return list.find((r) => r.product.name === name)?.clicked;
      })
      .toBe(true);
  });

  test("an unknown slug shows 'Product Not Found' with status 404, and Go Back leaves it", async ({ page }) => {
    const response = await openHydrated(page, "/products/no-such-condom");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Product Not Found | Raw Dogg");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();
    // Opened directly, there is no history to go back to: Go Back opens the listing.
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe("Product detail without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reaction posts the form and comes back to the product with the count raised", async ({ page }) => {
    await page.setExtraHTTPHeaders(ownNetwork());
    await page.goto("/products/silver-surfer");
    const reaction = page.getByRole("button", { name: /^React with 😮 \(/ });
    const countOf = async () => Number((await reaction.getAttribute("aria-label"))!.match(/\((\d+)\+?\)/)![1]);
    const before = await countOf();
    await reaction.click();
    await expect(page).toHaveURL(/\/products\/silver-surfer\?reacted=1$/);
    await expect.poll(countOf).toBeGreaterThanOrEqual(Math.min(before + 1, 99));
  });

  test("Go Back is a link to /products, and no recommendation placeholder is left on the page", async ({ page }) => {
    const notFound = await page.goto("/products/no-such-condom");
    expect(notFound?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/products");
    await page.goto("/products/blue-magic");
    await expect(page.locator("[data-recommendation-skeleton]")).toBeHidden();
  });
});

test.describe("Apparel", () => {
  test("'All' lists every apparel product; a tab narrows to its category (skeleton while loading) and is marked current", async ({ page, request }) => {
    const categories = await categoriesOf(request, "apparel");
    const all = await productsFor(
      request,
      categories.map((c) => c.id),
    );
    const mens = categories.find((c) => c.slug === "mens")!;
    const mensProducts = await productsFor(request, [mens.id]);
    await openHydrated(page, "/apparel");
    await expect(page).toHaveTitle("Apparel & Lifestyle | Raw Dogg");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Apparel & Lifestyle");
    const tabs = page.getByRole("navigation", { name: "Apparel categories" });
    await expect(tabs.getByRole("link")).toHaveText(["All", ...categories.map((c) => c.name)]);
    await expect(tabs.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(all.length);
    await expect(cards(page).getByRole("link", { name: "Plain Jane" })).toHaveCount(0);

    const release = await holdData(page, "**/apparel.data*");
    await tabs.getByRole("link", { name: mens.name, exact: true }).click();
    await expect(page.getByTestId("product-skeleton")).toBeVisible();
    release();
    await expect(page).toHaveURL(new RegExp(`/apparel\\?category=${mens.id}$`));
    await expect(tabs.getByRole("link", { name: mens.name, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(mensProducts.length);

    await tabs.getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL(/\/apparel$/);
    await expect(cards(page)).toHaveCount(all.length);
  });

  test("?category=mens (a slug) shows the men's products", async ({ page, request }) => {
    const mens = (await categoriesOf(request, "apparel")).find((c) => c.slug === "mens")!;
    const mensProducts = await productsFor(request, [mens.id]);
    await page.goto("/apparel?category=mens");
    await expect(page.getByRole("link", { name: mens.name, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(mensProducts.length);
    for (const product of mensProducts) await expect(cards(page).getByRole("link", { name: product.name })).toBeVisible();
  });
});

test("a page of product cards sends its browser each card's fields, not the products' stock or SKUs (decision 0034)", async ({ request }) => {
  for (const path of ["/", "/products", "/apparel"]) {
    const html = await (await request.get(path)).text();
    // The cards are there, and the loader data the page hydrates from carries no variant.
    expect(html.includes('data-testid="product-card"'), `${path} shows product cards`).toBe(true);
    expect(html.includes("quantityAvailable"), `${path} carries stock counts`).toBe(false);
    expect(html.match(/RD-[A-Z0-9]+-[A-Z0-9-]+/)?.[0], `${path} carries a SKU`).toBeUndefined();
  }
});
