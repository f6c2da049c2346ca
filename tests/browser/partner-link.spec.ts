/**
 * A shopper arrives through a partner's link and buys (issue 34, "Done when"; docs/decisions/0026),
 * with and without JavaScript: the link leads to the page it names and sets the first-party
 * referral cookie, the click is counted, and the order is the partner's by link.
 *
 * The partner is made in the test shop's own D1 (`wrangler d1 execute` against its state
 * folder, scripts/serve-test.mjs) as approval makes one: a `partners` row and its code. The
 * order is read back from the same D1. Against a shop already running ($BASE_URL) there is no
 * state folder to reach, so these tests are skipped there.
 */
import { expect, test, type Page } from "./playwright";
import { SHIPPING_ADDRESS } from "../shopper";
import { openHydrated, waitUntilReady } from "./fixtures";
import { shopSql, shopStateDir } from "./shop-state";

/** SQL on the test shop's D1 (skipped above when it is not known here). */
const d1 = <Row = Record<string, unknown>>(sql: string): Row[] => shopSql<Row>(sql)!;

/** A partner as approval makes one, with a handle of their own (lower case letters, digits, hyphens). */
function makePartner(): { id: number; handle: string } {
  const handle = `browser-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const code = handle.toUpperCase().replaceAll("-", "");
  const [partner] = d1<{ id: number }>(
    `INSERT INTO discount_codes (code, kind, value, source) VALUES ('${code}', 'percent', 10, 'partner');
     INSERT INTO partners (handle, programme, application_id, name, email, status, code_id)
       VALUES ('${handle}', 'creator', ${Math.floor(Math.random() * 1e9)}, 'Brie Partner', '${handle}@example.com', 'active', last_insert_rowid())
       RETURNING id;`,
  );
  return { id: partner!.id, handle };
}

const field = (page: Page, label: string) => page.getByRole("form", { name: "Checkout" }).getByLabel(label, { exact: true });

async function fillCheckout(page: Page, email: string) {
  const { country: _country, ...address } = SHIPPING_ADDRESS;
  const values: [string, string][] = [
    ["Email", email],
    ["First name", address.firstName],
    ["Last name", address.lastName],
    ["Address", address.address],
    ["City", address.city],
    ["State", address.state],
    ["ZIP code", address.zipCode],
    ["Cardholder name", "Jane Doe"],
    ["Card number", "4242 4242 4242 4242"],
    ["Expiry (MM/YY)", "12/30"],
    ["CVC", "123"],
  ];
  for (const [label, value] of values) await field(page, label).fill(value);
}

/** Arrives through the partner's link to Plain Jane's page: the cookie it set and the page it led to. */
async function arriveThroughLink(page: Page, handle: string) {
  await page.goto(`/r/${handle}?to=/products/plain-jane`);
  await expect(page).toHaveURL(/\/products\/plain-jane$/);
  const cookie = (await page.context().cookies()).find(({ name }) => name.replace(/^__Host-/, "") === "rd_ref");
  expect(cookie?.value).toMatch(new RegExp(`^${handle}\\.\\d+$`));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
}

/** The placed order of `email`, as D1 keeps it, and the partner's clicks of today. */
function attributed(email: string, partnerId: number) {
  const orders = d1<{ partner_id: number | null; attribution: string | null }>(
    `SELECT partner_id, attribution FROM orders WHERE email = '${email}' AND status = 'placed'`,
  );
  const [clicks] = d1<{ clicks: number }>(`SELECT clicks FROM partner_clicks WHERE partner_id = ${partnerId}`);
  return { orders, clicks: clicks?.clicks ?? 0 };
}

test.skip(shopStateDir() === null, "the partner is made in the test shop's own D1");

test("with JavaScript: a shopper arrives through a partner's link, buys, and the order is the partner's by link", async ({ page }) => {
  test.setTimeout(60_000); // the checkout's own 2 s, and wrangler started three times
  const partner = makePartner();
  const email = `${partner.handle}-shopper@example.com`;
  await arriveThroughLink(page, partner.handle);
  await waitUntilReady(page, "/products/plain-jane");
  await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
  await expect(page.getByText("Product added to cart")).toBeVisible();

  await openHydrated(page, "/checkout");
  await fillCheckout(page, email);
  await page.getByRole("button", { name: /^PAY \$/ }).click();
  await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 10_000 });

  expect(attributed(email, partner.id)).toEqual({ orders: [{ partner_id: partner.id, attribution: "link" }], clicks: 1 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper arrives through a partner's link, buys, and the order is the partner's by link", async ({ page }) => {
    test.setTimeout(60_000); // four page loads, and wrangler started three times
    const partner = makePartner();
    const email = `${partner.handle}-shopper@example.com`;
    await arriveThroughLink(page, partner.handle);
    await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
    await expect(page).toHaveURL(/\/cart\?done=add$/);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await fillCheckout(page, email);
    await page.getByRole("button", { name: /^PAY \$/ }).click();
    await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible();

    expect(attributed(email, partner.id)).toEqual({ orders: [{ partner_id: partner.id, attribution: "link" }], clicks: 1 });
  });
});

test("the privacy page states the referral cookie: its name, what it holds, 30 days, the last click, first party, what the partner sees, and Global Privacy Control", async ({
  page,
}) => {
  await page.goto("/privacy");
  const cookies = page.getByRole("region", { name: "The visitor cookies" });
  await expect(cookies.getByRole("listitem").filter({ hasText: "rd_ref" })).toContainText("30 days");
  const section = page.getByRole("region", { name: "Partner links" });
  for (const promise of [
    /rd_ref/,
    /first-party/,
    /handle and when you clicked/,
    /30 days/,
    /last click wins/,
    /No third party receives anything about you/,
    /masked order number, its date, its amounts and its status/,
    /Global Privacy Control/,
  ])
    await expect(section.getByText(promise).first(), String(promise)).toBeVisible();
});
