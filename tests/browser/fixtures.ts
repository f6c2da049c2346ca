import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (the root sets the marker). */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  return response;
}
