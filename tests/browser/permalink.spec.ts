/**
 * A UCP permalink followed in Chromium (workers/ucp/permalink.ts): the link fills the visitor's
 * cart and lands on the checkout; the same link loaded as a picture by a page fills nothing,
 * because only a top-level navigation may.
 */
import { expect, test } from "./playwright";

const cartLink = (page: import("@playwright/test").Page) => page.getByRole("link", { name: /^Cart, \d+ items?$/ });

test("following /buy/RD-PLAIN-12:2 lands on the checkout holding two Plain Jane", async ({ page }) => {
  const response = await page.goto("/buy/RD-PLAIN-12:2");
  expect(new URL(page.url()).pathname).toBe("/checkout");
  expect(response?.status()).toBe(200);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
});

test("the same link as a page's picture adds nothing (refused: not a navigation)", async ({ page }) => {
  await page.goto("/");
  const refused = page.waitForResponse((answer) => answer.url().includes("/buy/RD-PLAIN-12:1"));
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/buy/RD-PLAIN-12:1";
    document.body.append(image);
  });
  expect((await refused).status()).toBe(403);
  await page.goto("/cart");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
});
