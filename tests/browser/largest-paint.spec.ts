/**
 * The largest paint comes first (docs/decisions/0030-hydration-after-the-largest-paint.md):
 * on each page Lighthouse measures, the element a phone paints largest is the one chosen for
 * it, a chosen picture is the first request after the page itself, and no script or built
 * stylesheet (its CSS is inline; the link only fills the cache) starts before that paint.
 * Until then the page is its server HTML: a link or a form used before hydration works as it
 * does without JavaScript.
 */
import { expect, test, type Page } from "./playwright";
import { hydrated } from "./fixtures";

/** Each page's largest element at 390 px, as a selector, and whether it is a picture. */
const LARGEST = [
  { path: "/", element: 'img[src="/images/promo/hero.svg"]', picture: true },
  // The one-column grid shows the top of the first card below the heading, about as large
  // as it (71,600 px² against 59,700): either may win, with the display font in or not.
  // Its picture is the one fetched first, whichever is drawn largest.
  { path: "/products", element: '[data-testid="product-card"] img, main h1', picture: true },
  { path: "/products/24k-gold", element: '[data-testid="product-image"]', picture: true },
  { path: "/cart", element: "main p", text: "Nothing in here yet", picture: false },
  // An empty cart's checkout is short: the footer's tagline is larger than its notice.
  { path: "/checkout", element: "footer p", text: "Unleash the dogg in you", picture: false },
];

type Largest = { selector: string; text?: string; at: number };
type LargestWindow = { __largest: Largest[] };

/** Before any script of the page runs: record every largest-paint candidate with its element. */
function recordLargestPaint() {
  const seen: Largest[] = [];
  Object.assign(window, { __largest: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      seen.push({ selector: entry.element?.tagName.toLowerCase() ?? "", text: entry.element?.textContent ?? undefined, at: entry.startTime });
      // The element itself is matched in the page: kept on it for the test to find.
      entry.element?.setAttribute("data-largest-paint", String(seen.length));
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/**
 * What the page's largest paint was, once hydrated: whether it is `element` (with `text`),
 * the scripts started before it, the first request, the chosen picture, and why hydration
 * started (the starter's `hydration-start` mark).
 */
function largestPaint(page: Page, element: string, text?: string) {
  return page.evaluate(
    ({ element, text }) => {
      const candidates = (window as unknown as LargestWindow).__largest;
      const last = document.querySelector(`[data-largest-paint="${candidates.length}"]`);
      const isChosen = (node: Element | null) => node !== null && node.matches(element) && (!text || node.textContent?.includes(text) === true);
      const picture = [...document.querySelectorAll(element)].find((node) => node instanceof HTMLImageElement);
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const held = resources.filter(
        (entry) => entry.initiatorType === "script" || (entry.initiatorType === "link" && /\.(js|css)$/.test(new URL(entry.name).pathname)),
      );
      const largestAt = candidates.at(-1)?.at ?? Infinity;
      const started = performance.getEntriesByName("hydration-start")[0] as PerformanceMark | undefined;
      return {
        isChosen: isChosen(last),
        largest: `${last?.outerHTML.slice(0, 120)}`,
        firstRequest: resources.sort((a, b) => a.startTime - b.startTime)[0]?.name,
        chosenSrc: picture instanceof HTMLImageElement ? picture.currentSrc : null,
        lazy: picture instanceof HTMLImageElement ? picture.loading : null,
        early: held.filter((entry) => entry.startTime < largestAt).map((entry) => `${entry.name} at ${Math.round(entry.startTime)} ms`),
        largestAt: Math.round(largestAt),
        why: started?.detail as unknown,
      };
    },
    { element, text },
  );
}

// The page as most shoppers see it: with its motion (the config asks for less elsewhere).
test.use({ reducedMotion: "no-preference" });

test.describe("the largest paint at 390 px", { tag: "@phone-only" }, () => {
  for (const { path, element, text, picture } of LARGEST) {
    test(`on ${path} is ${element}${text ? ` ("${text}…")` : ""}, ${picture ? "fetched first, " : ""}and no script or stylesheet starts before it`, async ({
      page,
    }) => {
      await page.addInitScript(recordLargestPaint);
      await page.goto(path);
      await hydrated(page);
      const result = await largestPaint(page, element, text);
      expect(result.isChosen, `the largest paint was ${result.largest}`).toBe(true);
      expect(result.early, `scripts or stylesheets started before the largest paint (${result.largestAt} ms)`).toEqual([]);
      if (picture) {
        expect(result.firstRequest).toBe(result.chosenSrc);
        expect(result.lazy).not.toBe("lazy");
      }
    });
  }
});

test.describe("the largest paint at 1280 px", () => {
  test("on / is the heading (the hero picture is too plain there for Chromium to report): the scripts start once it is painted, without waiting for the picture", async ({
    page,
  }) => {
    await page.addInitScript(recordLargestPaint);
    await page.goto("/");
    await hydrated(page);
    const result = await largestPaint(page, "main h1");
    expect(result.isChosen, `the largest paint was ${result.largest}`).toBe(true);
    expect(result.early, `scripts started before the largest paint (${result.largestAt} ms)`).toEqual([]);
    // "grace": the starter waited out its second for the hero, which could never be the largest paint.
    expect(result.why).toBe("painted");
  });
});

test.describe("before hydration", () => {
  test("a link followed and a form posted before the scripts run work as plain page loads", async ({ page }) => {
    // The hydration scripts never arrive: the page stays its server HTML.
    await page.route(/\/assets\/[^/]+\.js$/, () => undefined);
    // The held scripts would hold the load event back: the page is used as soon as it is parsed.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Shop Condoms" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator("main h1")).toHaveText("Premium Condoms");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    await page.goto("/products/24k-gold", { waitUntil: "domcontentloaded" });
    await page
      .getByTestId("product-detail")
      .getByRole("button", { name: /add to cart/i })
      .click();
    await expect(page.locator("a[data-cart-link]")).toHaveAttribute("aria-label", /^Cart, [1-9]\d* items?$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });
});
