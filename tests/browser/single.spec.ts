/**
 * The single is delivered (contract, "Variants, stock and downloads"), with and without
 * JavaScript: the single is added from its page, checked out with no shipping address, the
 * success screen gives the download link (and, with JavaScript, stays on it instead of going
 * home), and the link's page downloads the MP3 and the FLAC as attachments, each counted.
 * With JavaScript at 390 px too, where axe checks the screens; without it nothing depends on
 * the width.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./playwright";
import { axeViolations, hydrated } from "./fixtures";

const SINGLE_PAGE = "/products/welcome-to-the-pound";
const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });

/** The bytes a download saved. */
async function savedBytes(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(button).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** From the success screen: the link's page, then both files, each counted (axe needs JavaScript in the page to run). */
async function downloadBoth(page: Page, { axe }: { axe: boolean }) {
  const music = page.getByTestId("download-your-music");
  await expect(music.getByRole("heading", { name: "Download your music" })).toBeVisible();
  if (axe) expect(await axeViolations(page)).toEqual([]);
  await music.getByRole("link", { name: /Download Welcome to the Pound/ }).click();
  await expect(page).toHaveURL(/\/downloads\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to the Pound");
  await expect(page.getByTestId("download-limits")).toContainText("5 of 5 downloads left");
  await expect(page.getByTestId("download-limits")).toContainText(/expires on \w+ \d{1,2}, \d{4}/);
  if (axe) expect(await axeViolations(page)).toEqual([]);
  // The page is the link's secret: no referrer leaves it, and no search engine keeps it.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  const mp3 = await savedBytes(page, "download-mp3");
  expect(mp3.name).toBe("welcome-to-the-pound.mp3");
  // An MP3 starts with its ID3 tag, or with a frame's sync word.
  const id3 = mp3.bytes.subarray(0, 3).toString("latin1") === "ID3";
  expect(id3 || (mp3.bytes[0] === 0xff && mp3.bytes[1] === 0xfb)).toBe(true);

  const flac = await savedBytes(page, "download-flac");
  expect(flac.name).toBe("welcome-to-the-pound.flac");
  expect(flac.bytes.subarray(0, 4).toString("latin1")).toBe("fLaC");

  await page.reload();
  await expect(page.getByTestId("download-limits")).toContainText("3 of 5 downloads left");
}

test.describe("the single, bought and downloaded", () => {
  test.describe("with JavaScript @both-widths", () => {
    test("add the single, check out without an address, stay on the download link, download the MP3 and the FLAC", async ({ page }) => {
      test.setTimeout(90_000); // the checkout itself waits 2 s
      await page.clock.install();
      await page.goto(SINGLE_PAGE);
      await hydrated(page);
      await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
      await expect(page.locator("[data-sonner-toast]")).toContainText("Product added to cart");

      await page.goto("/checkout");
      await hydrated(page);
      await expect(checkoutForm(page).getByTestId("download-only-note")).toBeVisible();
      await expect(checkoutForm(page).getByLabel("Address", { exact: true })).toHaveCount(0);
      await expect(checkoutForm(page).getByRole("group", { name: /Shipping Address/ })).toHaveCount(0);
      await checkoutForm(page).getByLabel("Email", { exact: true }).fill("single-js@example.com");
      await checkoutForm(page).getByLabel("Cardholder name", { exact: true }).fill("Sam Fan");
      const intent = page.waitForResponse("**/api/payment/create-payment-intent");
      await checkoutForm(page).getByRole("button", { name: /^PAY / }).click();
      await intent;
      // The demo's 2 s of processing, on the page's clock.
      await page.clock.fastForward(2_500);
      await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Payment Successful!" })).toBeVisible();
      // Past the 3 s after which an order without downloads goes home: this one stays on its
      // links. A trip home would ask for the home page's data (`/_root.data`) or its document.
      const wentHome: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path === "/" || path === "/_root.data") wentHome.push(request.url());
      });
      await page.clock.fastForward(5_000);
      await expect(page).toHaveURL(/\/checkout$/);
      await downloadBoth(page, { axe: true });
      expect(wentHome).toEqual([]);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("add the single, check out without an address, see the download link, download the MP3 and the FLAC", async ({ page }) => {
      await page.goto(SINGLE_PAGE);
      await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
      await page.goto("/checkout");
      await expect(checkoutForm(page).getByLabel("Address", { exact: true })).toHaveCount(0);
      await checkoutForm(page).getByLabel("Email", { exact: true }).fill("single-nojs@example.com");
      await checkoutForm(page).getByLabel("Cardholder name", { exact: true }).fill("Sam Fan");
      await checkoutForm(page).getByRole("button", { name: /^PAY / }).click();
      await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();
      await expect(page.getByText("Your music is ready to download.")).toBeVisible();
      await downloadBoth(page, { axe: false });
    });
  });
});
