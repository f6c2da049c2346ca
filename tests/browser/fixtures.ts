import { expect, type Page } from "@playwright/test";

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
