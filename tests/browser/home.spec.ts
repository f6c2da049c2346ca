/**
 * The home page (spec section 2 "Home (/)", with sections 4, 8 and 9): every section in
 * order, the carousel, the dialogs, the 24k Gold spotlight, the apparel tabs with and
 * without JavaScript. Each test has its own browser context, hence its own cart.
 */
import { expect, test, type Page } from "./playwright";
import { openHydrated } from "./fixtures";

type Category = { id: number; name: string; slug: string };
type Product = { name: string; slug: string; categoryId: number };

async function apparelCategories(page: Page): Promise<Category[]> {
  const response = await page.request.get("/api/categories?type=apparel");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Category[];
}

async function productNamesIn(page: Page, categoryId: number): Promise<string[]> {
  const response = await page.request.get(`/api/products?categoryId=${categoryId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Product[]).map((p) => p.name);
}

const section = (page: Page, heading: string | RegExp) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: typeof heading === "string" }) });

const apparelSection = (page: Page) => page.locator("section#apparel");
const apparelTabs = (page: Page) => page.getByRole("navigation", { name: "Apparel categories" });
const apparelCards = (page: Page) => apparelSection(page).getByRole("list", { name: "Apparel products" }).getByTestId("product-card");

test("hero: 'UNLEASH THE DOGG IN YOU', the shop buttons and the quick links", async ({ page }) => {
  await openHydrated(page, "/");
  await expect(page).toHaveTitle("Home | Raw Dogg");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("UNLEASH THE DOGG IN YOU");
  const hero = page.locator("section").first();
  await expect(hero.getByRole("link", { name: "Shop Condoms" })).toHaveAttribute("href", "/products");
  await expect(hero.getByRole("link", { name: "Shop Apparel" })).toHaveAttribute("href", "/apparel");
  const quick = page.getByRole("navigation", { name: "Quick links" });
  await expect(quick.getByRole("link", { name: /24k Gold/ })).toHaveAttribute("href", "/products/24k-gold");
  await expect(quick.getByRole("link", { name: /Community Forum/ })).toHaveAttribute("href", "/community");
  await expect(quick.getByRole("link", { name: /Affiliate Program/ })).toHaveAttribute("href", "/affiliate");
  const art = hero.locator("img").first();
  await expect(art).toHaveAttribute("src", "/images/promo/hero.svg");
  await expect(art).toHaveAttribute("width", "1600");
});

test("commercials: 2 videos with poster, captions and fallback text; previous/next wrap around; dots choose", async ({ page }) => {
  await openHydrated(page, "/");
  const carousel = page.getByRole("region", { name: "Commercials" });
  const counter = carousel.getByTestId("commercial-counter");
  const videos = carousel.locator("video");
  await expect(videos).toHaveCount(2);
  // The poster is a lazily loaded picture under the video (the `poster` attribute is fetched with the page).
  const poster = carousel.getByRole("group", { name: /^1 of 2/ }).locator("img");
  await expect(poster).toHaveAttribute("src", /\.jpg$/);
  await expect(poster).toHaveAttribute("loading", "lazy");
  await expect(videos.first()).not.toHaveAttribute("poster");
  await expect(videos.first().locator("track[kind=captions]")).toHaveCount(1);
  await expect(videos.first()).toContainText("Your browser does not support the video tag.");
  await expect(counter).toHaveText("1 / 2");

  await carousel.getByRole("button", { name: "Next commercial" }).click();
  await expect(counter).toHaveText("2 / 2");
  await carousel.getByRole("button", { name: "Next commercial" }).click();
  await expect(counter).toHaveText("1 / 2");
  await carousel.getByRole("button", { name: "Previous commercial" }).click();
  await expect(counter).toHaveText("2 / 2");
  await expect(carousel.getByRole("button", { name: /^Show commercial 2/ })).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: /^Show commercial 1/ }).click();
  await expect(counter).toHaveText("1 / 2");
  await expect(carousel.getByRole("button", { name: /^Show commercial 1/ })).toHaveAttribute("aria-current", "true");
});

test("videos: no captions file loads with the page; a video's captions show when it first plays, and stay off once turned off", async ({ page }) => {
  const captionFiles: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".vtt")) captionFiles.push(request.url());
  });
  await openHydrated(page, "/");
  await page.waitForLoadState("load");
  expect(captionFiles).toEqual([]);

  const carousel = page.getByRole("region", { name: "Commercials" });
  const first = carousel.locator("video").first();
  const captionsMode = () => first.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode);
  await expect.poll(captionsMode).toBe("disabled");
  await carousel.getByRole("button", { name: "Mute" }).click();
  await carousel.getByRole("button", { name: "Play commercial" }).click();
  await expect.poll(captionsMode).toBe("showing");
  await expect.poll(() => captionFiles).toEqual([expect.stringMatching(/\/videos\/commercial-1\.vtt$/)]);

  // Turned off in the player, they stay off when it plays again.
  await carousel.getByRole("button", { name: "Pause commercial" }).click();
  await first.evaluate((v: HTMLVideoElement) => {
    v.textTracks[0]!.mode = "disabled";
  });
  await carousel.getByRole("button", { name: "Play commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Pause commercial" })).toBeVisible();
  expect(await captionsMode()).toBe("disabled");

  // A dialog's video too, in a section that may not have hydrated.
  const life = apparelSection(page).getByRole("article", { name: "Raw Dogg Life Women's Tee" });
  await life.getByRole("button", { name: /^Watch Video/ }).click();
  const video = page.getByRole("dialog").locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe("showing");
});

test("commercials: play/pause toggles, switching pauses, an ended video is not playing, mute, fullscreen failures are only logged", async ({ page }) => {
  await openHydrated(page, "/");
  const carousel = page.getByRole("region", { name: "Commercials" });
  const videos = carousel.locator("video");
  const mute = carousel.getByRole("button", { name: "Mute" });
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => videos.first().evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  await carousel.getByRole("button", { name: "Play commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Pause commercial" })).toBeVisible();
  await carousel.getByRole("button", { name: "Pause commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Play commercial" })).toBeVisible();

  await carousel.getByRole("button", { name: "Play commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Pause commercial" })).toBeVisible();
  await carousel.getByRole("button", { name: "Next commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Play commercial" })).toBeVisible();
  await expect.poll(() => videos.first().evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  await carousel.getByRole("button", { name: "Play commercial" }).click();
  await expect(carousel.getByRole("button", { name: "Pause commercial" })).toBeVisible();
  await videos.nth(1).evaluate((v: HTMLVideoElement) => v.dispatchEvent(new Event("ended")));
  await expect(carousel.getByRole("button", { name: "Play commercial" })).toBeVisible();

  // Fullscreen acts on the video box; a refusal is only logged.
  await page.evaluate(() => {
    HTMLElement.prototype.requestFullscreen = () => Promise.reject(new Error("denied"));
  });
  const logged = page.waitForEvent("console", (message) => message.type() === "error" && message.text().includes("Fullscreen failed"));
  await carousel.getByRole("button", { name: "Fullscreen" }).click();
  await logged;
  await expect(carousel.getByRole("button", { name: "Fullscreen" })).toHaveAttribute("aria-pressed", "false");
});

test("featured: 'TOP SELLING PROTECTION' banners open a dialog with the product link, closed by Close; 6 featured products; VIEW ALL PRODUCTS", async ({
  page,
}) => {
  await openHydrated(page, "/");
  const featured = section(page, "TOP SELLING PROTECTION");
  for (const [name, slug] of [
    ["Plain Jane", "plain-jane"],
    ["Fantasia", "fantasia"],
  ] as const) {
    await featured.getByRole("button", { name: `Learn More about ${name}` }).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: `Shop ${name}` })).toHaveAttribute("href", `/products/${slug}`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(featured.getByTestId("product-card")).toHaveCount(6);
  for (const name of ["Plain Jane", "Tropical Slush", "Silver Surfer", "Blue Magic", "24k Gold", "Fantasia"]) {
    await expect(featured.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(featured.getByRole("link", { name: "VIEW ALL PRODUCTS" })).toHaveAttribute("href", "/products");
});

test("24k Gold spotlight: $19.99, struck-through $24.99 (+500 cents), 4 bullets, ADD TO CART updates the header badge", async ({ page }) => {
  await openHydrated(page, "/");
  const spotlight = page.getByTestId("gold-spotlight");
  await expect(spotlight.getByRole("heading", { name: "24k Gold" })).toBeVisible();
  await expect(spotlight.getByTestId("spotlight-price")).toHaveText(/\$19\.99$/);
  await expect(spotlight.locator("s")).toHaveText(/\$24\.99$/);
  await expect(spotlight.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeAttached();
  await spotlight.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeAttached();
});

test("apparel: tabs 'All' plus one per category, at most 3 products, Men's switches in place", async ({ page }) => {
  const categories = await apparelCategories(page);
  const mens = categories.find((c) => c.slug === "mens");
  expect(mens).toBeDefined();
  await openHydrated(page, "/");
  const tabs = apparelTabs(page).getByRole("link");
  await expect(tabs).toHaveText(["All", ...categories.map((c) => c.name)]);
  await expect(apparelTabs(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
  await expect(apparelCards(page).first()).toBeVisible();
  expect(await apparelCards(page).count()).toBeLessThanOrEqual(3);

  const mensNames = await productNamesIn(page, mens!.id);
  const tab = apparelTabs(page).getByRole("link", { name: mens!.name, exact: true });
  await expect(tab).toHaveAttribute("href", `/?apparel=${mens!.id}#apparel`);
  await tab.click();
  await expect(tab).toHaveAttribute("aria-current", "true");
  await expect(apparelCards(page)).toHaveCount(Math.min(3, mensNames.length));
  for (const name of await apparelCards(page).getByRole("heading").allInnerTexts()) expect(mensNames).toContain(name);
  // Switched in place: no navigation.
  expect(new URL(page.url()).search).toBe("");
});

test("apparel: 3 grey placeholders while a tab loads, then 'No apparel products found in this category.'", async ({ page }) => {
  const categories = await apparelCategories(page);
  const last = categories.at(-1)!;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/products?categoryId=${last.id}`, async (route) => {
    await held;
    await route.fulfill({ json: [] });
  });
  await openHydrated(page, "/");
  await apparelTabs(page).getByRole("link", { name: last.name, exact: true }).click();
  await expect(apparelSection(page).getByTestId("apparel-placeholders").getByRole("listitem")).toHaveCount(3);
  release();
  await expect(apparelSection(page).getByText("No apparel products found in this category.")).toBeVisible();
});

test("apparel promo blocks: $24.99 (Watch Video), $34.99 (NEW, XS to XL, pink, black, grey), men's (Watch Ad), $28.99, $24.99, Shop all apparel", async ({
  page,
}) => {
  await openHydrated(page, "/");
  const promos = apparelSection(page).getByTestId("apparel-promo");
  await expect(promos).toHaveCount(5);
  const expected = [
    ["/products/black-white-raw-dogg-tshirt", "$24.99"],
    ["/products/raw-dogg-performance-tank", "$34.99"],
    ["/apparel?category=mens", null],
    ["/products/raw-dogg-life-womens-tshirt", "$28.99"],
    ["/products/raw-dogg-classic-t-women", "$24.99"],
  ] as const;
  for (const [index, [href, price]] of expected.entries()) {
    const link = promos.nth(index).locator(`a[href="${href}"]`);
    await expect(link).toBeVisible();
    if (price) await expect(link).toContainText(price);
  }
  const tank = promos.nth(1);
  await expect(tank.getByText("NEW", { exact: true })).toBeVisible();
  for (const text of ["XS", "S", "M", "L", "XL", "Pink", "Black", "Grey"]) await expect(tank.getByText(text, { exact: true })).toBeVisible();
  await expect(promos.nth(0).getByRole("button", { name: /^Watch Video/ })).toBeVisible();
  await expect(promos.nth(2).getByRole("button", { name: /^Watch Ad/ })).toBeVisible();
  await expect(apparelSection(page).getByRole("link", { name: "Shop all apparel" })).toHaveAttribute("href", "/apparel");
});

test("apparel promo: the Life tee's video dialog plays the local video, lists streaming platforms and links out to stream", async ({ page }) => {
  await openHydrated(page, "/");
  const life = apparelSection(page).getByRole("article", { name: "Raw Dogg Life Women's Tee" });
  await life.getByRole("button", { name: /^Watch Video/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator("video source")).toHaveAttribute("src", "/videos/life-tee.mp4");
  for (const platform of ["Spotify", "Apple Music", "YouTube Music", "TikTok"]) await expect(dialog.getByText(platform, { exact: true })).toBeVisible();
  const stream = dialog.getByRole("link", { name: /Stream Now/ });
  await expect(stream).toHaveAttribute("href", /^https:\/\//);
  await expect(stream).toHaveAttribute("rel", "noopener noreferrer");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("entertainment: single drops April 17, 2025 for $9.99, a preview on June 1, 2025, animated dialogs wait for launch, Get Notified", async ({ page }) => {
  await openHydrated(page, "/");
  const entertainment = section(page, "Watch. Listen. Unleash.");
  await expect(entertainment.getByText("April 17, 2025").first()).toBeVisible();
  await expect(entertainment.getByText("June 1, 2025").first()).toBeVisible();
  const buy = entertainment.locator('a[href="/products/welcome-to-the-pound"]').filter({ visible: true });
  await expect(buy).toContainText("$9.99");
  const external = entertainment.locator('a[href^="https://"]').filter({ visible: true });
  await expect(external).toHaveCount(3);
  for (const link of await external.all()) await expect(link).toHaveAttribute("target", "_blank");

  await entertainment.getByRole("button", { name: /^Watch Now/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Video content is available upon launch.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await expect(entertainment.getByRole("link", { name: "Get Notified" })).toHaveAttribute("href", "/entertainment");
  await expect(entertainment.getByText("Coming soon")).toBeVisible();
});

test("coin: RAW on Solana, external buy and NFT links in a new tab, promo video dialog, risk disclaimer", async ({ page }) => {
  await openHydrated(page, "/");
  const coin = section(page, /RAW on Solana/i);
  await expect(coin).toContainText("launchpad");
  for (const name of [/^Buy \$RAW/, /^View the NFTs/]) {
    const link = coin.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(coin.getByTestId("coin-disclaimer")).toContainText("volatile");
  await expect(coin.getByTestId("coin-disclaimer")).toContainText("not financial advice");
  await expect(coin.getByTestId("coin-disclaimer")).toContainText("lose all of its value");
  await coin.getByRole("button", { name: /^Watch Promo/ }).click();
  await expect(page.getByRole("dialog").locator("video source")).toHaveAttribute("src", "/videos/coin-promo.mp4");
});

test("social: six tiles tagged instagram or tiktok link to the brand's profile; five profiles with handles", async ({ page }) => {
  await openHydrated(page, "/");
  const tiles = page.getByTestId("social-tile");
  await expect(tiles).toHaveCount(6);
  for (const tile of await tiles.all()) {
    const platform = await tile.getAttribute("data-platform");
    expect(["instagram", "tiktok"]).toContain(platform);
    await expect(tile).toContainText(platform!);
    await expect(tile).toHaveAttribute(
      "href",
      platform === "instagram" ? "https://www.instagram.com/rawdoggofficial" : "https://www.tiktok.com/@rawdoggofficial",
    );
  }
  const profiles = page.getByRole("list", { name: "Our profiles" }).getByRole("link");
  await expect(profiles).toHaveCount(5);
  await expect(profiles.filter({ hasText: "Twitter" })).toContainText("@rawdoggbrand");
});

/** The home page's sections below the fold, each a LazySection (app/components/home/below-the-fold.tsx). */
const LAZY_SECTIONS = ["commercials", "featured", "spotlight", "apparel", "entertainment", "coin", "social", "newsletter"];
/** Their chunks' file names start with their components' names. */
const SECTION_CHUNK =
  /\/assets\/(CommercialsCarousel|FeaturedSection|GoldSpotlight|ApparelSection|EntertainmentSection|CoinSection|SocialSection|NewsletterSignup)-[\w-]+\.js$/;

test("below the fold: every section is in the page at once, and its code loads only as the visitor scrolls near it", async ({ page }) => {
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (SECTION_CHUNK.test(request.url())) chunks.push(request.url());
  });
  await openHydrated(page, "/");
  const sections = page.locator("[data-lazy-section]");
  await expect(sections).toHaveCount(LAZY_SECTIONS.length);
  expect(await sections.evaluateAll((elements) => elements.map((e) => (e as HTMLElement).dataset.lazySection))).toEqual(LAZY_SECTIONS);
  // The server's HTML, untouched by hydration: every section's heading is there.
  for (const heading of ["The Commercials", "TOP SELLING PROTECTION", "Wear the Dogg", "Watch. Listen. Unleash.", "Follow the Pound"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeAttached();
  }
  await page.waitForLoadState("networkidle");
  // The commercials, right under the hero, may be near enough to load; the sections far down may not.
  const far = ["EntertainmentSection", "CoinSection", "SocialSection", "NewsletterSignup"];
  expect(
    chunks.filter((url) => far.some((name) => url.includes(`/${name}-`))),
    "no code of a section far down on a first visit that stays at the top",
  ).toEqual([]);
  for (const name of ["entertainment", "coin", "social", "newsletter"]) {
    await expect(page.locator(`[data-lazy-section="${name}"]`)).not.toHaveAttribute("data-live");
  }

  const social = page.locator('[data-lazy-section="social"]');
  await social.scrollIntoViewIfNeeded();
  await expect(social).toHaveAttribute("data-live", "true");
  expect(chunks.some((url) => url.includes("/SocialSection-"))).toBe(true);
  await expect(section(page, "Follow the Pound").getByRole("link")).not.toHaveCount(0);
});

test("below the fold: a button pressed before its section's code has loaded does its job once it has", async ({ page }) => {
  await openHydrated(page, "/");
  await expect(page.locator('[data-lazy-section="entertainment"]')).not.toHaveAttribute("data-live");
  // Playwright scrolls and clicks at once, well before the section's chunk can arrive.
  await page.getByRole("button", { name: `Watch Now: Raw Dogg: The Animated Short` }).click();
  await expect(page.getByRole("dialog", { name: "Raw Dogg: The Animated Short" })).toBeVisible();
});

test("below the fold: a client-side navigation back home renders every section", async ({ page }) => {
  await openHydrated(page, "/products");
  await page.getByRole("banner").getByRole("link", { name: "Raw Dogg home" }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const name of LAZY_SECTIONS) {
    await expect(page.locator(`[data-lazy-section="${name}"]`)).toHaveAttribute("data-live", "true");
  }
  await expect(page.getByRole("heading", { name: "Follow the Pound" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every section shows, in order, ending with the newsletter", async ({ page }) => {
    await page.goto("/");
    const headings = [
      "UNLEASH THE DOGG IN YOU",
      "The Commercials",
      "TOP SELLING PROTECTION",
      "24k Gold",
      "Wear the Dogg",
      "Watch. Listen. Unleash.",
      "$RAW on Solana",
      "Follow the Pound",
      "Join the Pound",
    ];
    const shown = await page.locator("main h1, main h2").allInnerTexts();
    const order = headings.map((h) => shown.findIndex((text) => text.toLowerCase() === h.toLowerCase()));
    expect(
      order.every((i) => i >= 0),
      `headings found: ${shown.join(" | ")}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.getByTestId("gold-spotlight").getByTestId("spotlight-price")).toHaveText(/\$19\.99$/);
    await expect(apparelCards(page).first()).toBeVisible();
    await expect(page.getByTestId("social-tile")).toHaveCount(6);
  });

  test("an apparel tab is a link: /?apparel=<id>#apparel shows that category", async ({ page }) => {
    const mens = (await apparelCategories(page)).find((c) => c.slug === "mens")!;
    const mensNames = await productNamesIn(page, mens.id);
    await page.goto("/");
    await apparelTabs(page).getByRole("link", { name: mens.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?apparel=${mens.id}#apparel$`));
    await expect(apparelTabs(page).getByRole("link", { name: mens.name, exact: true })).toHaveAttribute("aria-current", "true");
    await expect(apparelCards(page)).toHaveCount(Math.min(3, mensNames.length));
    for (const name of await apparelCards(page).getByRole("heading").allInnerTexts()) expect(mensNames).toContain(name);
  });
});
