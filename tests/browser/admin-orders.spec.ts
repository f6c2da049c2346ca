/**
 * The owner fulfils orders from /admin (decision 0021) in a real browser: finds a shopper's
 * order by its number, packs it and ships it with a carrier and a tracking number (a wrong
 * one first, refused beside its field), with and without JavaScript, at 390 and 1280 px; a
 * move another owner made first is refused in words; and packed orders are shipped from a CSV
 * file whose every line is reported. The back office ships no JavaScript at all, so both
 * modes must do the same. The pages with an error and a report pass axe's WCAG 2.1 AA rules.
 *
 * Each test's owner signs in from a network of their own (the local server takes
 * `CF-Connecting-IP` as sent): sign-ins are limited to 5 a minute per address, which no
 * switch lifts, and the other back office tests sign in too.
 */
import { expect, keepScreenshot, test, type Page } from "./playwright";
import { axeViolations, shopperPlacesOrder, signInFromOwnNetwork } from "./fixtures";

const shopperEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;

/** The page as it looks now, whole, for a person to look at ($SHOTS_DIR). */
const screenshot = (page: Page, name: string) => keepScreenshot(page, name, { fullPage: true });

/** Nothing sticks out sideways: at 390 px a wide table scrolls in its own box, the page does not. */
const expectNoSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

const timeline = (page: Page) => page.getByRole("list", { name: "Timeline" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the owner finds a shopper's order by its number, packs it and ships it; a tracking number not in the carrier's format is refused beside its field @both-widths", async ({
      page,
      browser,
    }) => {
      const number = await shopperPlacesOrder(browser, shopperEmail("packer"));
      await signInFromOwnNetwork(page);

      await test.step("finds the order by its number, typed loosely", async () => {
        await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders", exact: true }).click();
        await page.getByRole("search", { name: "Find an order" }).getByLabel("Order number").fill(number.toLowerCase().replace(/-/g, " "));
        await page.getByRole("button", { name: "Find the order" }).click();
        await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
        await expect(timeline(page).getByRole("listitem")).toHaveText([/^Placed .* UTC, at checkout$/]);
        await screenshot(page, `order-placed-${javaScriptEnabled ? "js" : "nojs"}`);
      });

      await test.step("packs it", async () => {
        await page.getByRole("button", { name: "Mark packed" }).click();
        await expect(page.getByRole("status")).toHaveText("Marked packed. The shopper is being emailed.");
        await expect(page.locator("dd").first()).toHaveText("Packed");
        await expect(page.getByRole("button", { name: "Mark packed" })).toHaveCount(0);
      });

      await test.step("ships it: a UPS number one character short is refused in words, the right one ships it", async () => {
        await page.getByLabel("Carrier").selectOption({ label: "UPS" });
        await page.getByLabel("Tracking number").fill("1Z999AA1012345678");
        await page.getByRole("button", { name: "Mark shipped" }).click();
        const tracking = page.getByLabel("Tracking number");
        await expect(tracking).toHaveAccessibleDescription(/^That is not a UPS tracking number: UPS's are 1Z and 16 letters or digits/);
        await expect(tracking).toHaveValue("1Z999AA1012345678");
        await expect(page.getByLabel("Carrier")).toHaveValue("ups");
        await screenshot(page, `order-ship-refused-${javaScriptEnabled ? "js" : "nojs"}`);
        // axe runs as a script in the page: only where the browser runs scripts (the page is the same without).
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

        await tracking.fill("1Z 999 AA1 0123456784");
        await page.getByRole("button", { name: "Mark shipped" }).click();
        await expect(page.getByRole("status")).toHaveText("Marked shipped. The shopper is being emailed the carrier, the tracking number and its link.");
        const shipped = timeline(page).getByRole("listitem").last();
        await expect(shipped).toContainText("Shipped");
        await expect(shipped).toContainText("UPS 1Z999AA10123456784");
        await expect(shipped.getByRole("link", { name: "Track the parcel" })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
        await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await screenshot(page, `order-shipped-${javaScriptEnabled ? "js" : "nojs"}`);
      });

      await test.step("the shipped tab lists it by number and status", async () => {
        await page.getByRole("link", { name: "Back to shipped orders" }).click();
        await expect(page.getByRole("link", { name: "Shipped orders", exact: true })).toHaveAttribute("aria-current", "page");
        const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: number, exact: true }) });
        await expect(row.getByRole("cell").nth(1)).toHaveText("Shipped");
        await expectNoSidewaysScroll(page);
        await screenshot(page, `orders-shipped-tab-${javaScriptEnabled ? "js" : "nojs"}`);
      });
    });
  });
}

test("a move another owner made first is refused in words, and the page then offers what the order allows now", async ({ page, browser }) => {
  const number = await shopperPlacesOrder(browser, shopperEmail("two-owners"));
  await signInFromOwnNetwork(page);
  await page.goto(`/admin/orders/${number}`);
  // The other owner: another tab of the same session, which packs the order first.
  const other = await page.context().newPage();
  await other.goto(`/admin/orders/${number}`);
  await other.getByRole("button", { name: "Mark packed" }).click();
  await expect(other.getByRole("status")).toHaveText("Marked packed. The shopper is being emailed.");

  await page.getByRole("button", { name: "Mark packed" }).click();
  await expect(page.getByRole("alert")).toHaveText("This order was packed already.");
  await expect(page.locator("dd").first()).toHaveText("Packed");
  await expect(page.getByRole("button", { name: "Mark shipped" })).toBeVisible();
});

test("packed orders are shipped from a CSV file, and the page says what it did with every line, good and bad @both-widths", async ({ page, browser }) => {
  const [packed, notPacked] = [await shopperPlacesOrder(browser, shopperEmail("csv-a")), await shopperPlacesOrder(browser, shopperEmail("csv-b"))];
  await signInFromOwnNetwork(page);
  await page.goto(`/admin/orders/${packed}`);
  await page.getByRole("button", { name: "Mark packed" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked packed. The shopper is being emailed.");

  await page.goto("/admin/orders?status=packed");
  await page.getByRole("link", { name: "Ship packed orders from a CSV file" }).click();
  await expect(page.getByRole("heading", { name: "Ship orders from a file" })).toBeVisible();
  const file = [
    "order number,carrier,tracking number",
    `${packed},FedEx,1234 5678 9012`,
    `${notPacked},UPS,1Z999AA10123456784`,
    "RD-0000-0000,DHL,1234567890",
    "RD-12,usps,1",
  ].join("\r\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "shipping.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Ship these orders" }).click();

  const report = page.getByRole("region", { name: "What the upload did" });
  await expect(report.getByRole("status")).toHaveText("1 order was shipped.");
  await expect(report.getByRole("listitem")).toHaveText([
    `line 2: ${packed} shipped with FedEx 123456789012`,
    `line 3: ${notPacked}: This order is not packed yet: mark it packed before shipping it. Skipped.`,
    "line 4: RD-0000-0000: There is no order with that number. Skipped.",
    "line 5: 'RD-12' is not an order number (they read like RD-7KQ3-9X2M), skipped",
  ]);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "shipping-report");
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/admin/orders/${packed}`);
  await expect(timeline(page).getByRole("listitem").last()).toContainText("FedEx 123456789012");
  await page.goto(`/admin/orders/${notPacked}`);
  await expect(page.locator("dd").first()).toHaveText("Placed");
});
