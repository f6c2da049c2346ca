/**
 * Discount codes through /api (additive: every call of the spec keeps its shape) and the
 * abuse limit on guessing them, which every door meets: `POST` and `DELETE
 * /api/cart/discount` answer the cart's lines and totals, `GET /api/cart/totals` the totals;
 * the payment intent charges the cart's code; a code tried past 10 a minute from one address
 * is refused with 429 and Retry-After, on the API and as a page's form error.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { formAction } from "../../app/components/forms/page-action.server";
import { logContext } from "../../app/context.server";
import { CODE_ATTEMPTS_MESSAGE, CODE_FORMAT_MESSAGE, refusalMessage } from "../../app/shared/codes";
import { priceCart } from "../../app/shared/money";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import { createVisitor } from "../../workers/shop/visitor";
import { addCode } from "./discount-codes";
import worker from "./entry";
import { allProducts, expectError, pastTheLimit, type Product } from "./helpers";
import { Visitor } from "./visitor";

type Totals = {
  subtotal: number;
  bundleSavings: number;
  discounts: { code: string; label: string; amount: number; message: string | null }[];
  shipping: number;
  tax: number;
  total: number;
};
type CodeAnswer = { items: { id: number; quantity: number; product: { id: number; price: number } }[]; totals: Totals };

const priced = async (products: Product[], slug: string) => products.find((p) => p.slug === slug)!;

async function shopperWith(slug: string, quantity = 1) {
  const product = await priced(await allProducts(), slug);
  const shopper = new Visitor();
  expect((await shopper.post("/api/cart", { productId: product.id, quantity, variantId: product.variants[0]!.id })).status).toBe(200);
  return { shopper, product };
}

describe("POST and DELETE /api/cart/discount", () => {
  it("applies a code: 200 with the cart's lines exactly as GET /api/cart lists them, and totals carrying `discounts` [{code, label, amount}] in cents", async () => {
    await addCode("APISAVE10");
    const { shopper, product } = await shopperWith("plain-jane", 3);
    const res = await shopper.post<CodeAnswer>("/api/cart/discount", { code: "apisave10" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toEqual((await shopper.get("/api/cart")).body);
    const subtotal = product.price * 3;
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    const expected = priceCart([{ quantity: 3, product: { id: product.id, price: product.price } }], [], {
      code: "APISAVE10",
      percentOff: 10,
      amountOff: null,
      minSubtotal: null,
      productIds: null,
    });
    expect(res.body.totals).toEqual({
      subtotal,
      bundleSavings: 0,
      discounts: [{ code: "APISAVE10", label: "Discount (APISAVE10)", amount: discount, message: null }],
      shipping: 0,
      tax: expected.tax,
      total: expected.total,
    });
    expect(res.body.totals.total).toBe(subtotal - discount + expected.tax);
    expect((await shopper.get<Totals>("/api/cart/totals")).body).toEqual(res.body.totals);
  });

  it("the spec's cart calls keep their shape: GET, POST, PATCH and DELETE /api/cart still answer the bare list of lines", async () => {
    await addCode("APISHAPE");
    const { shopper, product } = await shopperWith("tropical-slush");
    await shopper.post("/api/cart/discount", { code: "APISHAPE" });
    const list = await shopper.get("/api/cart");
    expect(Array.isArray(list.body)).toBe(true);
    expect(Object.keys(list.body[0]).sort()).toEqual(expect.arrayContaining(["id", "product", "quantity"]));
    const patched = await shopper.patch(`/api/cart/${list.body[0].id}`, { quantity: 2 });
    expect(Array.isArray(patched.body)).toBe(true);
    const added = await shopper.post("/api/cart", { productId: product.id, quantity: 1, variantId: product.variants[0]!.id });
    expect(Array.isArray(added.body)).toBe(true);
    expect((await shopper.delete("/api/cart")).body).toEqual([]);
  });

  it("DELETE removes the code: the totals carry no discount and the total is the full price plus tax", async () => {
    await addCode("APIREMOVE");
    const { shopper, product } = await shopperWith("silver-surfer");
    expect((await shopper.post("/api/cart/discount", { code: "APIREMOVE" })).status).toBe(200);
    const res = await shopper.delete<CodeAnswer>("/api/cart/discount");
    expect(res.status).toBe(200);
    expect(res.body.totals.discounts).toEqual([]);
    expect(res.body.totals.total).toBe(product.price + Math.floor((product.price * 8 + 50) / 100));
  });

  it("a refusal is 400 with the contract's error shape and the refusal's words on `code`; the cart keeps the code it had", async () => {
    await addCode("APIKEEP");
    await addCode("APIENDED", { endsAt: "2020-01-01T00:00:00.000Z" });
    await addCode("APIMIN", { minSubtotal: 1_000_000 });
    const { shopper } = await shopperWith("blue-magic");
    expect((await shopper.post("/api/cart/discount", { code: "APIKEEP" })).status).toBe(200);
    const refusals = [
      ["NOSUCHCODE", refusalMessage("NOSUCHCODE", { reason: "unknown" })],
      ["apiended", refusalMessage("APIENDED", { reason: "ended" })],
      ["no way!", CODE_FORMAT_MESSAGE],
    ] as const;
    for (const [code, message] of refusals) {
      const res = await shopper.post("/api/cart/discount", { code });
      const body = expectError(res, 400);
      expect(body.error).toEqual({ message, issues: [{ path: "code", message }], requestId: expect.any(String) });
    }
    const minimum = expectError(await shopper.post("/api/cart/discount", { code: "APIMIN" }), 400);
    expect(minimum.error.message).toMatch(/^Add \$[\d,.]+ more to use APIMIN\.$/);
    expect(expectError(await shopper.post("/api/cart/discount", {}), 400).error.issues).toEqual([{ path: "code", message: CODE_FORMAT_MESSAGE }]);
    expect((await shopper.get<Totals>("/api/cart/totals")).body.discounts.map((d) => d.code)).toEqual(["APIKEEP"]);
  });

  it("a held code that stopped applying is listed with 0 off and why, never dropped", async () => {
    await addCode("APISTOPS", { minSubtotal: 1 });
    const { shopper } = await shopperWith("24k-gold");
    expect((await shopper.post("/api/cart/discount", { code: "APISTOPS" })).status).toBe(200);
    await env.DB.prepare("UPDATE discount_codes SET status = 'paused' WHERE code = 'APISTOPS'").run();
    const totals = (await shopper.get<Totals>("/api/cart/totals")).body;
    expect(totals.discounts).toEqual([
      { code: "APISTOPS", label: "Discount (APISTOPS)", amount: 0, message: refusalMessage("APISTOPS", { reason: "paused" }) },
    ]);
    expect(totals.total).toBe(totals.subtotal + totals.tax);
  });
});

describe("the payment intent charges the cart's code", () => {
  it("its amount is the cart's total after the code's discount and the tax on what is left; a code that stopped applying is refused with its words and no intent", async () => {
    await addCode("APIINTENT", { kind: "amount", value: 500 });
    const { shopper, product } = await shopperWith("fantasia", 2);
    const applied = await shopper.post<CodeAnswer>("/api/cart/discount", { code: "APIINTENT" });
    const subtotal = product.price * 2;
    const tax = Math.floor(((subtotal - 500) * 8 + 50) / 100);
    expect(applied.body.totals.total).toBe(subtotal - 500 + tax);
    const intent = await shopper.post("/api/payment/create-payment-intent", { customerEmail: "intent-code@example.com" });
    expect(intent.status, intent.text).toBe(200);
    expect(intent.body.amount).toBe(subtotal - 500 + tax);

    await env.DB.prepare("UPDATE discount_codes SET ends_at = '2020-01-01T00:00:00.000Z' WHERE code = 'APIINTENT'").run();
    const refused = await shopper.post("/api/payment/create-payment-intent", { customerEmail: "intent-code@example.com" });
    expect(expectError(refused, 400).error.message).toBe(refusalMessage("APIINTENT", { reason: "ended" }));
  });
});

/** One request to the Worker with the abuse limits on, from `ip`. */
async function limited(method: string, path: string, ip: string, body?: unknown, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`http://shop.test${path}`, {
    method,
    headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json", Origin: "http://shop.test", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await worker.fetch(request, { ...env, SHOP_RATE_LIMITS: "on" }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    body: text ? (JSON.parse(text) as { error?: { message: string } }) : null,
  };
}

describe("guessing codes is rate-limited (the abuse limits' `discount` row: 10 a minute per client address)", () => {
  it("/api: the 11th code tried in a minute from one address answers 429 with Retry-After: 60 and the shop's words, whatever the codes", async () => {
    const { allowed, refused } = await pastTheLimit(10, (address, i) => limited("POST", "/api/cart/discount", address, { code: `GUESS${i}` }));
    expect(allowed.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    expect(refused).toMatchObject({ status: 429, retryAfter: "60", body: { error: { message: CODE_ATTEMPTS_MESSAGE } } });
    // Another address is not held back.
    expect((await limited("POST", "/api/cart/discount", "203.0.113.121", { code: "GUESS11" })).status).toBe(400);
  });

  it("SHOP_RATE_LIMITS=off lifts it on a local server, as it lifts the others", async () => {
    const shopper = new Visitor(undefined, "203.0.113.122");
    for (let i = 0; i < 12; i++) expect((await shopper.post("/api/cart/discount", { code: `LIFTED${i}` })).status).toBe(400);
  });

  it("a page's APPLY shows the shop's words above its form with 429, never an error page (the one page-action shape)", async () => {
    const refusing = createShop({
      db: createDatabase(env.DB),
      kv: env.CATALOG_KV,
      visitor: createVisitor(null),
      waitUntil: () => undefined,
      log: () => undefined,
      codeAttempts: async () => false,
    });
    const context = new RouterContextProvider();
    context.set(logContext, () => undefined);
    const answer = await formAction({
      request: new Request("http://shop.test/cart", { method: "POST", body: new URLSearchParams({ discountCode: "SAVE10" }) }),
      context,
      schema: v.object({ discountCode: v.string() }),
      idle: {},
      failureMessage: "That did not work.",
      perform: async ({ discountCode }) => (await refusing.cart.applyDiscountCode(discountCode), {}),
    });
    if (answer instanceof Response) throw new Error("expected data");
    expect(answer.init?.status).toBe(429);
    expect(answer.data.result).toMatchObject({ status: "error", error: { "": [CODE_ATTEMPTS_MESSAGE] } });
  });
});
