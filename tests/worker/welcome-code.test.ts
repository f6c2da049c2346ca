/**
 * The newsletter's welcome code (issue 33): confirming an address makes one single-use code
 * bound to it, at the owner's percent (0: none), and emails it through the outbox, once per
 * address. The code takes its percent off for that address only, once; and every email that
 * shows an order's totals shows its code's row as the cart does: "Discount (SAVE10) −$2.60".
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { refusalMessage, type CodeRefusal } from "../../app/shared/codes";
import { isShopError } from "../../app/shared/errors";
import { createDatabase } from "../../workers/db/client";
import { WELCOME_CODE_SHAPE } from "../../workers/shop/applications";
import { openEmail } from "../../workers/shop/backoffice/emails";
import { composeEmail } from "../../workers/shop/emails/compose";
import { moveOrder } from "../../workers/shop/orders/lifecycle";
import { emailKey, type EmailJob } from "../../workers/shop/emails/outbox";
import { SHIPPING_ADDRESS } from "../shopper";
import { unique } from "./helpers";
import { deliver, emailRow, recordingMailer, shopWithOutbox, storeOrder } from "./mail";
import { Visitor } from "./visitor";
import type { CodeRow } from "./discount-codes";

const ORIGIN = "https://shop.example";
const db = createDatabase(env.DB);

const codesOf = async (email: string) => (await env.DB.prepare("SELECT * FROM discount_codes WHERE email = ? ORDER BY id").bind(email).all<CodeRow>()).results;

const setWelcomePercent = (value: string) =>
  env.DB.prepare("INSERT INTO shop_settings (key, value) VALUES ('welcome_code_percent', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    .bind(value)
    .run();

afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_settings WHERE key = 'welcome_code_percent'").run();
});

/** Signs `email` up and presses the confirmation page's button: what it answered, and the jobs queued. */
async function signUpAndConfirm(email: string) {
  const { shop, jobs } = shopWithOutbox();
  await shop.applications.subscribeToNewsletter({ email }, ORIGIN);
  const [confirmation] = jobs.splice(0) as Extract<EmailJob, { kind: "newsletter_confirmation" }>[];
  const confirmed = await shop.applications.confirmNewsletter(confirmation!.token, ORIGIN);
  return { shop, jobs, token: confirmation!.token, confirmed };
}

/** Why a promise was refused: the shop's error's words. */
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isShopError(error), String(error)).toBe(true);
  return (error as Error).message;
}

/** A shopper with Plain Jane ($12.99) in the cart and `code` applied, and their shop. */
async function cartWithCode(code: string) {
  const shopper = new Visitor();
  expect((await shopper.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
  const { shop, jobs } = shopWithOutbox(shopper.jar.get("rd_session") ?? null);
  await shop.cart.applyDiscountCode(code);
  return { shop, jobs };
}

const checkoutAs = (email: string) => ({ email, ...SHIPPING_ADDRESS, cardholderName: "Jane Q. Cardholder", checkoutKey: crypto.randomUUID() });

describe("confirming the newsletter makes one welcome code, bound to the address, and emails it", () => {
  it("the confirmation makes exactly one code: WELCOME-…, 10% (the default), one use, for this address only, from the newsletter", async () => {
    const email = `${unique("welcome")}@example.org`;
    const { jobs, confirmed } = await signUpAndConfirm(email.toUpperCase());
    expect(confirmed).toEqual({ state: "confirmed", welcomePercent: 10 });
    const codes = await codesOf(email);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      kind: "percent",
      value: 10,
      min_subtotal: null,
      starts_at: null,
      ends_at: null,
      max_uses: 1,
      max_uses_per_email: 1,
      uses: 0,
      product_ids: null,
      status: "active",
      source: "newsletter",
      email,
    });
    expect(codes[0]!.code).toMatch(WELCOME_CODE_SHAPE);
    expect(jobs).toEqual([{ kind: "newsletter_welcome", codeId: codes[0]!.id, origin: ORIGIN }]);
  });

  it("the welcome email says 10% off your first order, gives the code, how to use it and that it works once with this address; it is sent once", async () => {
    const email = `${unique("mail")}@example.org`;
    const { jobs } = await signUpAndConfirm(email);
    const [code] = await codesOf(email);
    const { sent, mailer } = recordingMailer();
    // The queue delivers at least once: twice here, one email.
    await deliver([...jobs, ...jobs], mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: email, subject: "10% off your first Raw Dogg order" });
    for (const part of [sent[0]!.text, sent[0]!.html]) {
      expect(part).toContain(code!.code);
      expect(part).toContain("10% off your first order");
      expect(part).toContain("Enter it in the Discount code field on your cart or at checkout");
      expect(part).toContain("It works once, with this email address");
    }
    expect(sent[0]!.text).toContain(`Shop now: ${ORIGIN}/products`);
    expect(sent[0]!.html).toContain(`href="${ORIGIN}/products"`);
    const record = await emailRow(`newsletter_welcome:${code!.id}`);
    expect(record).toMatchObject({ kind: "newsletter_welcome", recipient: email, status: "sent" });
    // The record holds no body: the code is in the email only (and in the owner's list of codes).
    expect(JSON.stringify(record)).not.toContain(code!.code);
  });

  it("a confirmed address is proven: its welcome email goes out though it already got the daily cap's 3 emails today", async () => {
    const email = `${unique("capped")}@example.org`;
    const { sent, mailer } = recordingMailer();
    await deliver(
      [await storeOrder(email), await storeOrder(email), await storeOrder(email)].map((orderId) => ({ kind: "order_confirmation", orderId })),
      mailer,
    );
    const { jobs } = await signUpAndConfirm(email);
    await deliver(jobs, mailer);
    expect(sent.map((e) => e.subject)).toContain("10% off your first Raw Dogg order");
  });

  it("the confirm button pressed again makes no second code and queues no second email", async () => {
    const email = `${unique("twice")}@example.org`;
    const { shop, jobs, token } = await signUpAndConfirm(email);
    expect(jobs).toHaveLength(1);
    const again = shopWithOutbox();
    expect(await again.shop.applications.confirmNewsletter(token, ORIGIN)).toEqual({ state: "confirmed", welcomePercent: null });
    expect(await shop.applications.confirmNewsletter(token, ORIGIN)).toEqual({ state: "confirmed", welcomePercent: null });
    expect(again.jobs).toEqual([]);
    expect(await codesOf(email)).toHaveLength(1);
  });

  it("one welcome code per address: removed from the list by the owner, signed up and confirmed again, it gets none", async () => {
    const email = `${unique("again")}@example.org`;
    await signUpAndConfirm(email);
    await env.DB.prepare("DELETE FROM newsletter_signups WHERE email = ?").bind(email).run();
    const { jobs, confirmed } = await signUpAndConfirm(email);
    expect(confirmed).toEqual({ state: "confirmed", welcomePercent: null });
    expect(jobs).toEqual([]);
    expect(await codesOf(email)).toHaveLength(1);
  });

  it("the owner's percent: 0 makes no code and sends no welcome email, yet confirms; 15 makes a 15% code", async () => {
    await setWelcomePercent("0");
    const off = `${unique("off")}@example.org`;
    const none = await signUpAndConfirm(off);
    expect(none.confirmed).toEqual({ state: "confirmed", welcomePercent: null });
    expect(none.jobs).toEqual([]);
    expect(await codesOf(off)).toEqual([]);
    expect(await env.DB.prepare("SELECT confirmed_at FROM newsletter_signups WHERE email = ?").bind(off).first("confirmed_at")).toEqual(expect.any(String));

    await setWelcomePercent("15");
    const fifteen = `${unique("fifteen")}@example.org`;
    const made = await signUpAndConfirm(fifteen);
    expect(made.confirmed).toEqual({ state: "confirmed", welcomePercent: 15 });
    expect((await codesOf(fifteen))[0]).toMatchObject({ kind: "percent", value: 15 });
    const email = (await composeEmail(db, made.jobs[0]!))!;
    expect(email.subject).toBe("15% off your first Raw Dogg order");
  });

  it("only the confirmation makes a code: an address confirmed while the code was off gets none when its button is pressed again after it is on", async () => {
    await setWelcomePercent("0");
    const email = `${unique("later")}@example.org`;
    const { token } = await signUpAndConfirm(email);
    await setWelcomePercent("10");
    const again = shopWithOutbox();
    expect(await again.shop.applications.confirmNewsletter(token, ORIGIN)).toEqual({ state: "confirmed", welcomePercent: null });
    expect(again.jobs).toEqual([]);
    expect(await codesOf(email)).toEqual([]);
  });

  it("the back office opens the welcome email again from D1, and can resend it", async () => {
    const email = `${unique("office")}@example.org`;
    const { jobs } = await signUpAndConfirm(email);
    await deliver(jobs, recordingMailer().mailer);
    const key = await emailKey(jobs[0]!);
    const { id } = (await env.DB.prepare("SELECT id FROM emails WHERE key = ?").bind(key).first<{ id: number }>())!;
    const opened = await openEmail({ db, outbox: { enqueue: () => undefined }, address: "198.18.0.9" }, id);
    expect(opened.email).toMatchObject({ to: email, subject: "10% off your first Raw Dogg order" });
    expect(opened.noResend).toBeNull();
  });
});

describe("the welcome code at checkout: its address only, once", () => {
  it("it applies for its address (10% off Plain Jane: $1.30) and the order takes its one use", async () => {
    const email = `${unique("buyer")}@example.org`;
    await signUpAndConfirm(email);
    const [code] = await codesOf(email);
    const { shop } = await cartWithCode(code!.code.toLowerCase());
    const order = await shop.checkout.placeOrder(checkoutAs(email.toUpperCase()), ORIGIN);
    expect(order).toMatchObject({ discountCode: code!.code, discount: 130 });
    expect((await codesOf(email))[0]).toMatchObject({ uses: 1 });
  });

  it("another email address at checkout is refused (other_email), and nothing is placed", async () => {
    const email = `${unique("owner")}@example.org`;
    await signUpAndConfirm(email);
    const [code] = await codesOf(email);
    const { shop } = await cartWithCode(code!.code);
    const message = await refusalOf(shop.checkout.placeOrder(checkoutAs(`${unique("someone-else")}@example.org`), ORIGIN));
    expect(message).toBe(refusalMessage(code!.code, { reason: "other_email" }));
    expect((await codesOf(email))[0]).toMatchObject({ uses: 0 });
  });

  it("used once, it is refused: on the cart (used up) and at checkout by the same address", async () => {
    const email = `${unique("once")}@example.org`;
    await signUpAndConfirm(email);
    const [code] = await codesOf(email);
    const first = await cartWithCode(code!.code);
    await first.shop.checkout.placeOrder(checkoutAs(email), ORIGIN);

    const second = new Visitor();
    expect((await second.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
    const { shop } = shopWithOutbox(second.jar.get("rd_session") ?? null);
    const usedUp: CodeRefusal = { reason: "used_up" };
    expect(await refusalOf(shop.cart.applyDiscountCode(code!.code))).toBe(refusalMessage(code!.code, usedUp));
    // Held in a cart from before the use (applied while one was left): placing refuses it too.
    await env.DB.prepare("UPDATE carts SET discount_code = ? WHERE id = ?").bind(code!.code, second.jar.get("rd_session")).run();
    // Its one use overall is its address's one use too: used up is what the shopper is told.
    expect(await refusalOf(shop.checkout.placeOrder(checkoutAs(email), ORIGIN))).toBe(refusalMessage(code!.code, usedUp));
    expect((await codesOf(email))[0]).toMatchObject({ uses: 1 });
  });
});

describe("every email that shows an order's totals shows its code's row", () => {
  it("the order confirmation and the order's updates: 'Discount (WELCOME-…) −$1.30', in the text and the HTML", async () => {
    const email = `${unique("rows")}@example.org`;
    await signUpAndConfirm(email);
    const [code] = await codesOf(email);
    const { shop, jobs } = await cartWithCode(code!.code);
    const order = await shop.checkout.placeOrder(checkoutAs(email), ORIGIN);
    const updates: EmailJob[] = [];
    await moveOrder({ db, outbox: { enqueue: (job) => void updates.push(job) }, address: "198.18.0.9" }, order.number, { to: "packed" }, ORIGIN);

    const confirmation = (await composeEmail(
      db,
      jobs.find((job) => job.kind === "order_confirmation")!,
    ))!;
    const packed = (await composeEmail(
      db,
      updates.find((job) => job.kind === "order_update")!,
    ))!;
    for (const sent of [confirmation, packed]) {
      expect(sent.text).toContain(`Discount (${code!.code}): −$1.30`);
      expect(sent.html).toMatch(new RegExp(`>Discount \\(${code!.code}\\)</td><td[^>]*>−\\$1\\.30<`));
      // Its place: after the subtotal, before the tax (8% of $12.99 − $1.30 = $0.94).
      expect(sent.text).toMatch(/Subtotal: \$12\.99\nDiscount \([A-Z0-9-]+\): −\$1\.30\nShipping: Free\nTax: \$0\.94\nTotal: \$12\.63/);
    }
  });

  it("an order without a code shows no discount row", async () => {
    const orderId = await storeOrder(`${unique("plain")}@example.org`);
    const sent = (await composeEmail(db, { kind: "order_confirmation", orderId }))!;
    expect(sent.text).not.toContain("Discount");
    expect(sent.html).not.toContain("Discount");
  });
});
