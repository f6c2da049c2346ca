/**
 * The owner's small needs in a real browser, with and without JavaScript (the back office
 * ships none, so both must do the same): a shopper's orders found by their email address in
 * any case, their confirmation opened on the Emails page (re-rendered from today's data, the
 * order page's link left out) and resent, the resend arriving as a second sent email; and the
 * shop's icon, which no back-office page makes the browser ask /favicon.ico for.
 *
 * Each owner signs in from a network of their own (fixtures.ts `signInFromOwnNetwork`).
 */
import { expect, test, type Page } from "./playwright";
import { shopperPlacesOrder, signInFromOwnNetwork } from "./fixtures";

/** The Emails page's rows about `subject`, read again until `expected` of them are sent (the queue sends in the background). */
async function expectSent(page: Page, subject: string, expected: number) {
  await expect
    .poll(
      async () => {
        await page.goto("/admin/emails");
        const rows = page.getByRole("region", { name: "Emails" }).getByRole("row").filter({ hasText: subject });
        return rows.filter({ hasText: "Sent" }).count();
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(expected);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the owner finds a shopper's orders by email address, opens the confirmation re-rendered from today's data, and resends it once", async ({
      page,
      browser,
    }) => {
      test.slow();
      const email = `Emma-${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}@Example.com`;
      const number = await test.step("a shopper places an order", () => shopperPlacesOrder(browser, email));
      const icons: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/favicon.ico") icons.push(request.url());
      });
      await signInFromOwnNetwork(page);

      await test.step("the order search finds the order by the email address, typed in another case", async () => {
        await page.goto("/admin/orders");
        const search = page.getByRole("search", { name: "Find an order" });
        await search.getByLabel("Order number or email address").fill(email.toUpperCase());
        await search.getByRole("button", { name: "Find the order" }).click();
        const found = page.getByRole("region", { name: `Orders placed with ${email.toUpperCase()}` });
        await expect(found.getByRole("link", { name: number })).toBeVisible();
      });

      const subject = `Your Raw Dogg order ${number}`;
      await test.step("the confirmation is on the Emails page, sent; opened, it says it is re-rendered and leaves the order's link out", async () => {
        await expectSent(page, subject, 1);
        await page.getByRole("link", { name: subject }).click();
        await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
        await expect(page.getByText(/Re-rendered from today's data/)).toBeVisible();
        const text = page.getByRole("heading", { name: "What it says" }).locator("xpath=following-sibling::pre[1]");
        await expect(text).toContainText(`Order number: ${number}`);
        await expect(text).toContainText("Follow your order: [link left out]");
      });

      await test.step("resent, it is queued as a new email and sent once more; the original stays as it was", async () => {
        await page.getByRole("button", { name: "Resend this email" }).click();
        await expect(page.getByRole("status")).toHaveText(/Queued again as a new email/);
        await expectSent(page, subject, 2);
      });

      expect(icons, "no back-office page makes the browser ask for /favicon.ico").toEqual([]);
    });
  });
}

test("/favicon.ico is the shop's icon, not the storefront's 404 page", async ({ request }) => {
  const answer = await request.get("/favicon.ico");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO file's header: reserved 0, type 1 (icon).
  expect([...(await answer.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});
