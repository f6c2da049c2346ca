/**
 * The discount code on the cart and checkout pages (issue 33), through their actions as the
 * routes call them (the test Worker's stand-in pages, tests/worker/entry.tsx): APPLY and
 * REMOVE without JavaScript, each refusal beside the field in the shop's words, the loaders
 * handing the page the cart's code (its terms price the page's own totals), and PAY refused
 * when the code shown is not the cart's, or stopped applying between the page and PAY.
 * tests/browser/discount-codes.spec.ts drives the pages themselves.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CODE_CHANGED_MESSAGE, CODE_FORMAT_MESSAGE, refusalMessage } from "../../app/shared/codes";
import { priceCart } from "../../app/shared/money";
import type { CartCode } from "../../workers/shop/codes";
import { SHIPPING_ADDRESS } from "../shopper";
import { readShown } from "./entry";
import { productBySlug, unique, type Bundle, type CartLine } from "./helpers";
import { newCode } from "./discount-codes";
import { Visitor } from "./visitor";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

type Answer = {
  result: { status?: string; error?: Record<string, string[] | null> };
  discountCodeForm?: true;
  order?: { id: string; email: string; token?: string; discountCode?: string; discount?: number } | null;
};
type ShownPage = { lines: CartLine[]; bundles: Bundle[]; code: CartCode | null };

/** A form posted to `page` without JavaScript: the status, the action's answer and the page's loader data shown after it. */
async function post(visitor: Visitor, page: "/cart" | "/checkout", form: Record<string, string>) {
  const reply = await visitor.post(page, new URLSearchParams(form).toString(), FORM);
  return { status: reply.status, answer: readShown(reply.text, "action") as Answer, shown: readShown(reply.text, "loader") as ShownPage };
}

const loaded = async (visitor: Visitor, page: "/cart" | "/checkout") => readShown((await visitor.get(page)).text, "loader") as ShownPage;

async function shopperWith(slug: string, quantity: number): Promise<Visitor> {
  const visitor = new Visitor();
  const res = await visitor.post("/api/cart", { productId: (await productBySlug(slug)).id, quantity });
  expect(res.status, res.text).toBe(200);
  return visitor;
}

const apply = (visitor: Visitor, page: "/cart" | "/checkout", discountCode: string) => post(visitor, page, { intent: "apply-code", discountCode });
const remove = (visitor: Visitor, page: "/cart" | "/checkout") => post(visitor, page, { intent: "remove-code" });

const checkoutForm = (codeShown: string) => ({
  email: `${unique("buyer")}@example.com`,
  ...SHIPPING_ADDRESS,
  cardholderName: "Jane Q. Cardholder",
  checkoutKey: crypto.randomUUID(),
  codeShown,
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("APPLY and REMOVE, posted without JavaScript (the cart's and the checkout's action)", () => {
  for (const page of ["/cart", "/checkout"] as const) {
    it(`${page}: a code typed in any case is applied, the page is handed its terms and prices as the server does`, async () => {
      const shopper = await shopperWith("plain-jane", 2);
      const code = await newCode({ value: 10 });
      const { status, answer, shown } = await apply(shopper, page, code.toLowerCase());
      expect(status).toBe(200);
      expect(answer).toEqual({ discountCodeForm: true, result: { initialValue: null } });
      expect(shown.code).toEqual({ code, terms: { code, percentOff: 10, amountOff: null, minSubtotal: null, productIds: null }, refusal: null });
      // The page's own pricing with the terms it is handed is the server's.
      const totals = priceCart(shown.lines, shown.bundles, shown.code!.terms);
      expect(totals.discount).toBe(Math.floor((shown.lines[0]!.product.price * 2 * 10 + 50) / 100));
      expect(totals.code).toMatchObject({ code, applied: true });
      // The page reads it again later: the cart keeps it.
      expect((await loaded(shopper, page)).code?.code).toBe(code);
    });

    it(`${page}: REMOVE takes the code off the cart`, async () => {
      const shopper = await shopperWith("fantasia", 1);
      const code = await newCode();
      await apply(shopper, page, code);
      const { status, answer, shown } = await remove(shopper, page);
      expect(status).toBe(200);
      expect(answer).toEqual({ discountCodeForm: true, result: { initialValue: null } });
      expect(shown.code).toBeNull();
    });
  }

  it("one code per order: applying another replaces the one the cart held", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const [first, second] = [await newCode(), await newCode({ kind: "amount", value: 100 })];
    await apply(shopper, "/cart", first);
    const { shown } = await apply(shopper, "/cart", second);
    expect(shown.code?.code).toBe(second);
  });
});

describe("refusals in the shop's words, beside the field (its error), and the cart keeps what it had", () => {
  const refused = async (page: "/cart" | "/checkout", typed: string, expected: (code: string) => string, shopper?: Visitor) => {
    const visitor = shopper ?? (await shopperWith("plain-jane", 1));
    const { status, answer, shown } = await apply(visitor, page, typed);
    expect(status).toBe(400);
    expect(answer.discountCodeForm).toBe(true);
    expect(answer.result.error).toEqual({ discountCode: [expected(typed.trim().toUpperCase())] });
    expect(shown.code).toBeNull();
  };

  it("a malformed code: 'A discount code is 3 to 24 letters, digits or hyphens' (no trip to D1 needed)", async () => {
    await refused("/cart", "no!", () => CODE_FORMAT_MESSAGE);
    await refused("/checkout", "", () => CODE_FORMAT_MESSAGE);
  });

  it("an unknown code: 'We don't know the code …'", async () => {
    await refused("/cart", "nosuch-code", (code) => refusalMessage(code, { reason: "unknown" }));
    await refused("/checkout", "NOSUCH-CODE", (code) => refusalMessage(code, { reason: "unknown" }));
  });

  it("a code not started yet names its start date; an ended one says it has ended", async () => {
    const startsAt = iso(Date.now() + 48 * HOUR);
    const later = await newCode({ startsAt });
    await refused("/cart", later, (code) => refusalMessage(code, { reason: "not_started", startsAt }));
    const ended = await newCode({ endsAt: iso(Date.now() - HOUR) });
    await refused("/checkout", ended, (code) => refusalMessage(code, { reason: "ended" }));
  });

  it("a minimum subtotal: 'Add $4.01 more to use SAVE10'", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const price = (await productBySlug("plain-jane")).price;
    const code = await newCode({ minSubtotal: price + 401 });
    await refused("/cart", code, (c) => `Add $4.01 more to use ${c}.`, shopper);
  });

  it("a code used up: 'has been used up'", async () => {
    const code = await newCode({ maxUses: 2, uses: 2 });
    await refused("/checkout", code, (c) => refusalMessage(c, { reason: "used_up" }));
  });

  it("a code that applies to none of the items: 'applies to none of the items in your cart'", async () => {
    const code = await newCode({ productIds: [(await productBySlug("24k-gold")).id] });
    await refused("/cart", code, (c) => refusalMessage(c, { reason: "no_items" }));
  });

  it("a refused code leaves the code the cart held in place", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const held = await newCode();
    await apply(shopper, "/cart", held);
    const { status, shown } = await apply(shopper, "/cart", "NOSUCH-CODE");
    expect(status).toBe(400);
    expect(shown.code?.code).toBe(held);
  });
});

describe("a held code that stopped applying: the page is handed why, and it takes nothing off", () => {
  it("below its minimum once a quantity is lowered: the loader's refusal says how much to add", async () => {
    const price = (await productBySlug("plain-jane")).price;
    const shopper = await shopperWith("plain-jane", 2);
    const code = await newCode({ minSubtotal: price * 2 });
    expect((await apply(shopper, "/cart", code)).status).toBe(200);
    const [line] = (await shopper.get<CartLine[]>("/api/cart")).body;
    expect((await shopper.patch(`/api/cart/${line!.id}`, { quantity: 1 })).status).toBe(200);
    const shown = await loaded(shopper, "/cart");
    expect(shown.code).toMatchObject({ code, refusal: { reason: "minimum", missing: price } });
    expect(priceCart(shown.lines, shown.bundles, shown.code!.terms).discount).toBe(0);
  });

  it("ended since it was applied: the loader's refusal is 'ended', and there are no terms to price with", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const code = await newCode();
    await apply(shopper, "/checkout", code);
    await env.DB.prepare("UPDATE discount_codes SET ends_at = ?, updated_at = ? WHERE code = ?")
      .bind(iso(Date.now() - 1000), iso(Date.now()), code)
      .run();
    expect((await loaded(shopper, "/checkout")).code).toEqual({ code, terms: null, refusal: { reason: "ended" } });
  });
});

describe("PAY: what is charged is what was shown", () => {
  it("the code shown is the cart's: the order takes its discount, and the answer names the code and the discount", async () => {
    const shopper = await shopperWith("plain-jane", 2);
    const code = await newCode({ value: 10 });
    const { shown } = await apply(shopper, "/checkout", code);
    const totals = priceCart(shown.lines, shown.bundles, shown.code!.terms);
    const { status, answer } = await post(shopper, "/checkout", checkoutForm(code));
    expect(status).toBe(200);
    expect(answer.order).toMatchObject({ discountCode: code, discount: totals.discount });
    const row = await env.DB.prepare("SELECT total, discount, discount_code FROM orders WHERE number = ?").bind(answer.order!.id).first();
    expect(row).toEqual({ total: totals.total, discount: totals.discount, discount_code: code });
  });

  it("no code, no code's line: the answer is as before", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const { answer } = await post(shopper, "/checkout", checkoutForm(""));
    expect(answer.order).not.toHaveProperty("discountCode");
    expect(answer.order).not.toHaveProperty("discount");
  });

  it("the code changed in another tab (codeShown is not the cart's): refused with CODE_CHANGED_MESSAGE, nothing ordered, cart kept", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const code = await newCode();
    await apply(shopper, "/cart", code); // the other tab
    const { status, answer } = await post(shopper, "/checkout", checkoutForm("")); // this page showed none
    expect(status).toBe(409);
    expect(answer.order).toBeNull();
    expect(answer.result.error?.[""]).toEqual([CODE_CHANGED_MESSAGE]);
    expect((await shopper.get<CartLine[]>("/api/cart")).body).toHaveLength(1);
  });

  it("a code that ended between the page and PAY: refused with its message as the form's error, nothing charged, cart kept", async () => {
    const shopper = await shopperWith("plain-jane", 1);
    const code = await newCode();
    await apply(shopper, "/checkout", code);
    await env.DB.prepare("UPDATE discount_codes SET ends_at = ?, updated_at = ? WHERE code = ?")
      .bind(iso(Date.now() - 1000), iso(Date.now()), code)
      .run();
    const { status, answer } = await post(shopper, "/checkout", checkoutForm(code));
    expect(status).toBe(400);
    expect(answer.order).toBeNull();
    expect(answer.result.error?.[""]).toEqual([refusalMessage(code, { reason: "ended" })]);
    expect((await shopper.get<CartLine[]>("/api/cart")).body).toHaveLength(1);
  });

  it("a code this email already used: refused at PAY with 'was already used with this email address'", async () => {
    const code = await newCode({ maxUsesPerEmail: 1 });
    const form = checkoutForm(code);
    const first = await shopperWith("plain-jane", 1);
    await apply(first, "/checkout", code);
    expect((await post(first, "/checkout", form)).answer.order).toMatchObject({ discountCode: code });
    const again = await shopperWith("fantasia", 1);
    await apply(again, "/checkout", code);
    const { status, answer } = await post(again, "/checkout", { ...form, checkoutKey: crypto.randomUUID() });
    expect(status).toBe(400);
    expect(answer.order).toBeNull();
    expect(answer.result.error?.[""]).toEqual([refusalMessage(code, { reason: "used_by_email" })]);
  });
});
