import { expect, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/site-pages";

/**
 * Every route a visitor can open: the public pages, a search, a condom's and an apparel
 * item's product pages, an apparel filter, the cart and checkout.
 */
export const EVERY_ROUTE = [
  ...PUBLIC_PAGES,
  "/products?search=gold",
  "/products/24k-gold",
  "/products/raw-dogg-performance-tank",
  "/apparel?category=mens",
  "/cart",
  "/checkout",
];

/** Opens a page and waits until React has hydrated it (the root sets the marker). */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  return response;
}

/**
 * Scrolls a lazily hydrated section (app/components/ui/LazySection.tsx) into view, as a
 * visitor does, and waits until it is live: its fields validate as you type from then on.
 */
export async function openSection(page: Page, name: string) {
  const section = page.locator(`[data-lazy-section="${name}"]`);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-live", "true");
  return section;
}
