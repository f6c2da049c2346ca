/**
 * One checkout, one order (contract, "Checkout and orders"; decision 0015): ordering the cart
 * and clearing it is one atomic step that orders exactly the lines it removes, and a
 * repeated submission of the same checkout (double click, retry, second tab) returns the
 * first order. These tests call the shop function the checkout page's action calls
 * (`checkout.placeOrder`), the payment-intent API, and the action itself through the test
 * Worker's stand-in page (tests/worker/entry.tsx); tests/browser/one-checkout.spec.ts drives
 * the page itself, with and without JavaScript.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isShopError } from "../../app/shared/errors";
import { ORDER_NUMBER_SHAPE } from "../../app/shared/orders";
import { readShown } from "./entry";
import { expectIssue, productBySlug, shopOf, unique, type CartLine } from "./helpers";
import { SHIPPING_ADDRESS } from "../shopper";
import { Visitor } from "./visitor";

const INTENT = "/api/payment/create-payment-intent";

const ADDRESS = SHIPPING_ADDRESS;

const checkoutForm = (checkoutKey?: string) => ({
  email: `${unique("buyer")}@example.com`,
  ...ADDRESS,
  cardholderName: "Jane Q. Cardholder",
  checkoutKey,
});

/**
 * D1 that runs `between` after its first batch answers and before that answer is handed
 * on: what another request does between a checkout's read and its write.
 */
function pausingAfterFirstBatch(between: () => Promise<unknown>): D1Database {
  let first = true;
  return new Proxy(env.DB, {
    get(target, key) {
      if (key !== "batch") {
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      }
      return async (statements: D1PreparedStatement[]) => {
        const results = await target.batch(statements);
        if (first) {
          first = false;
          await between();
        }
        return results;
      };
    },
  });
}

async function shopperWith(items: [slug: string, quantity: number][]): Promise<Visitor> {
  const visitor = new Visitor();
  for (const [slug, quantity] of items) {
    const res = await visitor.post("/api/cart", { productId: (await productBySlug(slug)).id, quantity });
    expect(res.status, res.text).toBe(200);
  }
  return visitor;
}

type OrderRow = { id: string; number: string; status: string; checkout_key: string; shipping_address: string | null; total: number; placed_at: string | null };

const ordersOf = async (visitor: Visitor) =>
  (await env.DB.prepare("SELECT * FROM orders WHERE session_id = ? ORDER BY created_at").bind(visitor.jar.get("rd_session")).all<OrderRow>()).results;

const orderLinesOf = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT product_id, quantity FROM order_lines WHERE order_id = ? ORDER BY product_id")
      .bind(orderId)
      .all<{ product_id: number; quantity: number }>()
  ).results;

const cartOf = async (visitor: Visitor) => (await visitor.get<CartLine[]>("/api/cart")).body;

/** The shop's error for `promise`, which must fail. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the checkout to fail");
}

describe("one checkout, one order", () => {
  it("two concurrent submissions of the same checkout: one order, and both answers name it", async () => {
    const shopper = await shopperWith([
      ["plain-jane", 2],
      ["blue-magic", 1],
    ]);
    const form = checkoutForm(crypto.randomUUID());
    const [a, b] = await Promise.all([shopOf(shopper).checkout.placeOrder(form), shopOf(shopper).checkout.placeOrder(form)]);
    expect(a.id).toBe(b.id);
    expect(a).toEqual(b);
    const orders = await ordersOf(shopper);
    expect(orders.map((o) => [o.id, o.status])).toEqual([[a.id, "placed"]]);
    expect(await orderLinesOf(a.id)).toHaveLength(2);
    expect(await cartOf(shopper)).toEqual([]);
  });

  it("a repeated submission later (a reload, a retry) returns the first order, even with a new cart", async () => {
    const shopper = await shopperWith([["fantasia", 1]]);
    const form = checkoutForm(crypto.randomUUID());
    const first = await shopOf(shopper).checkout.placeOrder(form);
    await shopper.post("/api/cart", { productId: (await productBySlug("24k-gold")).id });
    const again = await shopOf(shopper).checkout.placeOrder({ ...form, email: "changed@example.com" });
    expect(again).toEqual(first);
    expect(await ordersOf(shopper)).toHaveLength(1);
    expect((await cartOf(shopper)).map((line) => line.quantity)).toEqual([1]); // the new cart is untouched
  });

  it("a second tab (another key) after the first emptied the cart: 'cart is empty' (400), and no second order", async () => {
    const shopper = await shopperWith([["silver-surfer", 1]]);
    await shopOf(shopper).checkout.placeOrder(checkoutForm(crypto.randomUUID()));
    const error = await failure(shopOf(shopper).checkout.placeOrder(checkoutForm(crypto.randomUUID())));
    expect(isShopError(error) && error.kind).toBe("invalid");
    expect((error as Error).message).toMatch(/cart is empty/i);
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it("a line added between the checkout's read and its write is ordered (the write sees the cart changed and starts over)", async () => {
    const [plainJane, gold] = [await productBySlug("plain-jane"), await productBySlug("24k-gold")];
    const shopper = await shopperWith([["plain-jane", 1]]);
    const addGold = () => shopper.post("/api/cart", { productId: gold.id });
    const order = await shopOf(shopper, pausingAfterFirstBatch(addGold)).checkout.placeOrder(checkoutForm(crypto.randomUUID()));
    expect(await orderLinesOf(order.id)).toEqual(
      [
        { product_id: plainJane.id, quantity: 1 },
        { product_id: gold.id, quantity: 1 },
      ].sort((a, b) => a.product_id - b.product_id),
    );
    expect(order.subtotal).toBe(plainJane.price + gold.price);
    expect(await cartOf(shopper)).toEqual([]);
  });

  it("a quantity changed between the read and the write is ordered as changed", async () => {
    const shopper = await shopperWith([["fantasia", 1]]);
    const fantasia = await productBySlug("fantasia");
    const lineId = (await cartOf(shopper))[0]!.id;
    const setFive = () => shopper.patch(`/api/cart/${lineId}`, { quantity: 5 });
    const order = await shopOf(shopper, pausingAfterFirstBatch(setFive)).checkout.placeOrder(checkoutForm(crypto.randomUUID()));
    expect(await orderLinesOf(order.id)).toEqual([{ product_id: fantasia.id, quantity: 5 }]);
  });

  it("a line added while the order is placed is either ordered or left in the cart, never lost", async () => {
    const [plainJane, gold] = [await productBySlug("plain-jane"), await productBySlug("24k-gold")];
    for (let round = 0; round < 6; round++) {
      const shopper = await shopperWith([["plain-jane", 1]]);
      const [order] = await Promise.all([
        shopOf(shopper).checkout.placeOrder(checkoutForm(crypto.randomUUID())),
        new Promise((resolve) => setTimeout(resolve, round)).then(() => shopper.post("/api/cart", { productId: gold.id })),
      ]);
      const ordered = (await orderLinesOf(order.id)).map((line) => line.product_id);
      const inCart = (await cartOf(shopper)).map((line) => line.product.id);
      expect(ordered, `round ${round}`).toContain(plainJane.id);
      expect(
        [...ordered, ...inCart].filter((id) => id === gold.id),
        `round ${round}: ordered ${ordered}, cart ${inCart}`,
      ).toEqual([gold.id]);
      expect(order.lines.map((line) => line.productId).sort()).toEqual([...ordered].sort());
    }
  });

  it("the same checkout submitted again between the first one's read and write: the first answers with the order the second placed", async () => {
    const shopper = await shopperWith([["blue-magic", 2]]);
    const form = checkoutForm(crypto.randomUUID());
    let second: Awaited<ReturnType<ReturnType<typeof shopOf>["checkout"]["placeOrder"]>> | undefined;
    const submitAgain = async () => {
      second = await shopOf(shopper).checkout.placeOrder(form);
    };
    const first = await shopOf(shopper, pausingAfterFirstBatch(submitAgain)).checkout.placeOrder(form);
    expect(second).toBeDefined();
    expect(first).toEqual(second);
    expect(await ordersOf(shopper)).toHaveLength(1);
    expect(await cartOf(shopper)).toEqual([]);
  });

  it("the JavaScript checkout's intent and the order it places are one row: 'intent', then 'placed'", async () => {
    const shopper = await shopperWith([["tropical-slush", 3]]);
    const key = crypto.randomUUID();
    const intent = await shopper.post<{ id: string; amount: number }>(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key });
    expect(intent.status, intent.text).toBe(200);
    // The intent answers with the order's number, never its internal id.
    expect(intent.body.id).toMatch(ORDER_NUMBER_SHAPE);
    expect((await ordersOf(shopper)).map((o) => [o.number, o.status, o.placed_at])).toEqual([[intent.body.id, "intent", null]]);
    // Checkout Failed, then PAY again: the retry's intent is the same row.
    const retry = await shopper.post<{ id: string; amount: number }>(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key });
    expect(retry.body.id).toBe(intent.body.id);

    const order = await shopOf(shopper).checkout.placeOrder(checkoutForm(key));
    expect(order.number).toBe(intent.body.id);
    expect(order.total).toBe(intent.body.amount);
    const rows = await ordersOf(shopper);
    expect(rows.map((o) => [o.number, o.status])).toEqual([[intent.body.id, "placed"]]);
    expect(rows[0]!.placed_at).not.toBeNull();
    expect(JSON.parse(rows[0]!.shipping_address!)).toEqual(ADDRESS);

    // An intent for a checkout already placed answers with that order and changes nothing.
    const late = await shopper.post<{ id: string; amount: number }>(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ id: order.number, amount: order.total });
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it("an intent priced again after the cart changed, then placed: the order has the cart as it was when placed", async () => {
    const shopper = await shopperWith([["blue-magic", 1]]);
    const key = crypto.randomUUID();
    await shopper.post(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key });
    const blueMagic = await productBySlug("blue-magic");
    await shopper.post("/api/cart", { productId: blueMagic.id, quantity: 2 });
    const order = await shopOf(shopper).checkout.placeOrder(checkoutForm(key));
    expect(await orderLinesOf(order.id)).toEqual([{ product_id: blueMagic.id, quantity: 3 }]);
    expect(order.subtotal).toBe(blueMagic.price * 3);
  });

  it("concurrent intents of one checkout are one row; intents without a key are a checkout each", async () => {
    const shopper = await shopperWith([["fantasia", 2]]);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shopper.post<{ id: string }>(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    await shopper.post(INTENT, { customerEmail: "api@example.com" });
    await shopper.post(INTENT, { customerEmail: "api@example.com" });
    expect((await ordersOf(shopper)).map((o) => o.status)).toEqual(["intent", "intent", "intent"]);
  });

  it("a malformed Idempotency-Key is a 400 naming it, and nothing is recorded", async () => {
    const shopper = await shopperWith([["fantasia", 1]]);
    for (const key of ["short", "x".repeat(65), "has spaces in it, sixteen+", "<script>alert(1)</script>"]) {
      expectIssue(await shopper.post(INTENT, { customerEmail: "js@example.com" }, { "Idempotency-Key": key }), "Idempotency-Key");
    }
    expect(await ordersOf(shopper)).toEqual([]);
  });

  it("a checkout without a session (no cart) is 'cart is empty' and leaves nothing behind", async () => {
    const nobody = new Visitor();
    const error = await failure(shopOf(nobody).checkout.placeOrder(checkoutForm(crypto.randomUUID())));
    expect((error as Error).message).toMatch(/cart is empty/i);
  });
});

describe("round trips", () => {
  /** D1 that counts its trips: a batch is one, a statement run on its own is one. */
  function counting(counter: { trips: number }): D1Database {
    return new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== "function") return value;
        if (key === "batch") counter.trips++;
        if (key === "prepare") {
          return (query: string) =>
            new Proxy(target.prepare(query), {
              get(stmt, name) {
                const member = Reflect.get(stmt, name) as unknown;
                if (typeof member !== "function") return member;
                if (["all", "raw", "first", "run"].includes(String(name))) counter.trips++;
                return member.bind(stmt);
              },
            });
        }
        return value.bind(target);
      },
    });
  }

  it("placing an order makes two trips to D1 (read, then one transaction); a repeated submission one", async () => {
    const shopper = await shopperWith([
      ["plain-jane", 1],
      ["fantasia", 1],
    ]);
    await shopOf(shopper).checkout.createPaymentIntent("warm@example.com"); // the catalog copy in memory
    const form = checkoutForm(crypto.randomUUID());
    const counter = { trips: 0 };
    await shopOf(shopper, counting(counter)).checkout.placeOrder(form);
    expect(counter.trips).toBe(2);
    counter.trips = 0;
    await shopOf(shopper, counting(counter)).checkout.placeOrder(form);
    expect(counter.trips).toBe(1);
  });
});

describe("the checkout page's form, posted without JavaScript (its action, as the route calls it)", () => {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
  const post = (visitor: Visitor, form: Record<string, string>) => visitor.post("/checkout", new URLSearchParams(form).toString(), FORM);
  /** What the action answered, as the stand-in page shows it. */
  const answerOf = (html: string) =>
    readShown(html, "action") as { order: { id: string; email: string; token?: string } | null; result: { error?: Record<string, string[]> } };

  it("places the order and empties the cart; the same form posted again answers with the same order", async () => {
    const shopper = await shopperWith([["plain-jane", 2]]);
    const form = { ...checkoutForm(crypto.randomUUID()) } as Record<string, string>;
    const first = await post(shopper, form);
    expect(first.status, first.text).toBe(200);
    const placed = answerOf(first.text).order;
    // Its number and its own page's link token (the internal id never: docs/decisions/0021).
    expect(placed).toEqual({ id: expect.stringMatching(ORDER_NUMBER_SHAPE), email: form.email, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(await cartOf(shopper)).toEqual([]);
    const again = await post(shopper, form);
    expect(again.status).toBe(200);
    expect(answerOf(again.text).order).toEqual(placed);
    expect((await ordersOf(shopper)).map((o) => o.number)).toEqual([placed!.id]);
  });

  it("an invalid form answers 400 with the field's message, and nothing is recorded", async () => {
    const shopper = await shopperWith([["fantasia", 1]]);
    const answer = await post(shopper, { ...checkoutForm(crypto.randomUUID()), email: "not-an-email" } as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answerOf(answer.text)).toMatchObject({ order: null, result: { error: { email: [expect.any(String)] } } });
    expect(await ordersOf(shopper)).toEqual([]);
    expect(await cartOf(shopper)).toHaveLength(1);
  });
});

describe("the cardholder name is never stored", () => {
  it("the stored shipping address has no cardholder name; the order row holds no card field", async () => {
    const shopper = await shopperWith([["plain-jane", 1]]);
    const form = checkoutForm(crypto.randomUUID());
    const order = await shopOf(shopper).checkout.placeOrder(form);
    const row = await env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first<OrderRow>();
    expect(JSON.parse(row!.shipping_address!)).toEqual(ADDRESS);
    expect(JSON.stringify(row)).not.toContain(form.cardholderName);
    expect(JSON.stringify(order)).not.toContain(form.cardholderName);
  });
});
