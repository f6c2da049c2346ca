/**
 * A partner signs in and reads their page (issue 34, items 2 and 6), with and without
 * JavaScript: from the emailed link, with the 6-digit code, and signing out; the page shows
 * their link and code (a Copy button with JavaScript, selectable text without), their order
 * with its commission, and is axe clean at 390 and 1280 px. The partner is made straight in
 * the shop's local D1 (as the owner's approval would make one), and the email is read where
 * the local shop keeps what it sent.
 */
import { expect, test, type APIRequestContext, type Page } from "./playwright";
import { axeViolations, emailTo, openHydrated } from "./fixtures";
import { openShopDatabase } from "./shop-state";

/** The shop under test's D1, opened for writing; null when unknown. */
const shopDatabase = () => openShopDatabase("partners");

/** An order number as the shop draws one (app/shared/orders.ts): `RD-` and two groups of Crockford's base32. */
const orderNumber = () => {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[byte & 31]);
  return `RD-${letters.slice(0, 4).join("")}-${letters.slice(4).join("")}`;
};

type Partner = { email: string; handle: string; code: string; order: string };

/** A partner as the owner's approval makes one, with a $120 order through their link (pending: $18.00) and a few clicks. */
function makePartner(tag: string): Partner {
  const db = shopDatabase();
  test.skip(!db, "the shop's D1 is not reachable: no partner can be made");
  const unique = `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const partner = {
    email: `${unique}@example.com`,
    handle: unique,
    code: unique
      .replace(/[^a-z0-9]/gi, "")
      .toUpperCase()
      .slice(0, 20),
    order: "",
  };
  try {
    db!.exec("BEGIN IMMEDIATE");
    const code = db!.prepare("INSERT INTO discount_codes (code, kind, value, source) VALUES (?, 'percent', 10, 'partner') RETURNING id").get(partner.code) as {
      id: number;
    };
    const { id } = db!
      .prepare("INSERT INTO partners (handle, programme, application_id, name, email, code_id) VALUES (?, 'affiliate', ?, 'Sam Rivera', ?, ?) RETURNING id")
      .get(partner.handle, Math.floor(Math.random() * 1e9), partner.email, code.id) as { id: number };
    const orderId = `ord_${unique.replace(/[^a-z0-9]/gi, "")}`;
    partner.order = orderNumber();
    db!
      .prepare(
        `INSERT INTO orders (id, number, session_id, status, email, subtotal, tax, total, partner_id, attribution, placed_at)
       VALUES (?, ?, 'browser-test', 'placed', 'shopper@example.com', 12000, 960, 12960, ?, 'link', CURRENT_TIMESTAMP)`,
      )
      .run(orderId, partner.order, id);
    db!.prepare("INSERT INTO partner_ledger (partner_id, order_id, net_sales, commission, status) VALUES (?, ?, 12000, 1800, 'pending')").run(id, orderId);
    db!.prepare("INSERT INTO partner_clicks (partner_id, day, clicks) VALUES (?, date('now'), 9)").run(id);
    db!.exec("COMMIT");
  } catch (error) {
    db!.exec("ROLLBACK");
    throw error;
  } finally {
    db!.close();
  }
  return partner;
}

const SENT = "If that email belongs to a partner, we've sent a sign-in link and a 6-digit code. Both work once, for 15 minutes.";

async function askForSignIn(page: Page, email: string) {
  await openHydrated(page, "/login");
  const form = page.getByRole("form", { name: "Partner sign-in" });
  await form.getByLabel("Partner email").fill(email);
  await form.getByRole("button", { name: "Email Me A Link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
}

/** The link and the code in the sign-in email to `email`. */
async function signInEmail(request: APIRequestContext, email: string) {
  const text = await emailTo(request, email, "the sign-in email");
  const link = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const code = /code on the sign-in page: (\d{6})/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  expect(code, text).toBeTruthy();
  return { link: link!, code: code! };
}

/** What every signed-in page shows: the partner's link and code, their order (masked) and its commission. */
async function seesTheirPage(page: Page, partner: Partner) {
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Sam Rivera");
  await expect(page.getByTestId("partner-link")).toHaveText(new RegExp(`/r/${partner.handle}$`));
  await expect(page.getByTestId("partner-code")).toHaveText(partner.code);
  const row = page.getByRole("row", { name: new RegExp(`${partner.order.slice(0, 7)}-••••`) });
  await expect(row).toContainText("$120.00");
  await expect(row).toContainText("$18.00");
  await expect(row).toContainText("Pending (until delivered)");
  await expect(page.getByText(partner.order)).toHaveCount(0);
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a partner signs in from the emailed link and sees their link, code and order", async ({ page, request, context }) => {
      const partner = makePartner(javaScript ? "link-js" : "link-nojs");
      await askForSignIn(page, partner.email);
      const { link } = await signInEmail(request, partner.email);
      // Opened, the link changes nothing (a mail scanner opens links too): its button signs in.
      const opened = await page.goto(link);
      expect(opened?.headers()["cache-control"]).toBe("private, no-store");
      expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
      await page.getByRole("button", { name: "Sign In" }).click();
      await seesTheirPage(page, partner);
      const copy = page.getByRole("button", { name: "Copy link" });
      if (javaScript) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await copy.click();
        await expect(page.getByText("Link copied.")).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/r/${partner.handle}$`));
      } else {
        await expect(copy).toHaveCount(0);
      }
      // Used once: the link no longer signs in.
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link doesn't work");
    });

    test("a partner signs in with the 6-digit code, and signs out", async ({ page, request }) => {
      const partner = makePartner(javaScript ? "code-js" : "code-nojs");
      await askForSignIn(page, partner.email);
      const { code } = await signInEmail(request, partner.email);
      const form = page.getByRole("form", { name: "Sign in with your code" });
      await expect(form.getByLabel("Partner email")).toHaveValue(partner.email);
      await form.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "That code doesn't sign you in" })).toBeVisible();
      await page.getByRole("form", { name: "Sign in with your code" }).getByLabel("6-digit code").fill(code);
      await page.getByRole("form", { name: "Sign in with your code" }).getByRole("button", { name: "Sign In" }).click();
      await seesTheirPage(page, partner);

      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/login\?step=signed-out$/);
      await expect(page.getByText("You're signed out.")).toBeVisible();
      await page.goto("/partner");
      await expect(page).toHaveURL(/\/login$/);
    });

    test("the payout method is saved and shown masked", async ({ page, request }) => {
      const partner = makePartner(javaScript ? "payout-js" : "payout-nojs");
      await askForSignIn(page, partner.email);
      const { code } = await signInEmail(request, partner.email);
      await page.getByLabel("6-digit code").fill(code);
      await page.getByRole("form", { name: "Sign in with your code" }).getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/partner$/);
      if (javaScript) await openHydrated(page, "/partner");
      const form = page.getByRole("form", { name: "Payout method" });
      await form.getByLabel("Payout method").selectOption("paypal");
      await form.getByLabel("Account details").fill("sam.rivera@example.com");
      await form.getByRole("button", { name: "Save Payout Method" }).click();
      await expect(page.getByText("Saved. Payouts go to this account from the next run on.")).toBeVisible();
      await expect(page.getByTestId("payout-on-file")).toHaveText("PayPal: s•••@example.com");
    });
  });
}

test.describe("@both-widths", () => {
  test("/login and the partner's page: axe clean, nothing wider than the screen", async ({ page, request }) => {
    await openHydrated(page, "/login");
    expect(await axeViolations(page), "axe on /login").toEqual([]);
    const partner = makePartner("a11y");
    await askForSignIn(page, partner.email);
    expect(await axeViolations(page), "axe on /login's code form").toEqual([]);
    const { code } = await signInEmail(request, partner.email);
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("form", { name: "Sign in with your code" }).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/partner$/);
    const response = await openHydrated(page, "/partner");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await seesTheirPage(page, partner);
    expect(await axeViolations(page), "axe on /partner").toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  });
});
