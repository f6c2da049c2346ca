/**
 * UCP's rules an agent meets past the happy path (issue 35): a cart becomes a checkout
 * (cart.md, "Cart-to-Checkout Conversion"), a checkout that is completed or canceled is a
 * conflict (409, as the reference implementation answers), stock left is a business outcome
 * (clamped with `quantity_adjusted`, or `out_of_stock`), and what the security review of
 * the agents' door found: a completed session keeps no personal data unmasked, a claimed
 * key has a lease, an open session whose order was placed answers that order, and the
 * profile fetches and order reads are limited per address.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { createDatabase } from "../../workers/db/client";
import * as t from "../../workers/db/schema";
import { placeOrder } from "../../workers/shop/checkout";
import { readSession, sessionDeps } from "../../workers/shop/agents/sessions";
import { createVisitor } from "../../workers/shop/visitor";
import { CheckoutSchema } from "../../app/shared/schemas";
import { checkoutForm } from "../../workers/ucp/checkout-answer";
import { createProfileResolver } from "../../workers/ucp/agents";
import * as ucpSchemas from "../../workers/ucp/schemas";
import worker from "./entry";
import { inOneWindow } from "./helpers";
import { Visitor } from "./visitor";

const AGENT = 'profile="https://agent.example/.well-known/ucp"';
const BASE = "/ucp/v1";

async function ucp(method: "GET" | "POST" | "PUT", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), ...headers };
  if (method !== "GET" && !("Idempotency-Key" in headers)) h["Idempotency-Key"] = crypto.randomUUID();
  return new Visitor().request(method, `${BASE}${path}`, body, h);
}

function valid<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  expect(result.success, result.success ? "" : `${JSON.stringify(v.flatten(result.issues))}\n${JSON.stringify(body)}`).toBe(true);
  return result.output as v.InferOutput<S>;
}

const db = () => createDatabase(env.DB);
const DESTINATION = {
  first_name: "Jane",
  last_name: "Doe",
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "United States",
};
const DEMO_PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true }] } };
const buyer = () => ({ email: `agent-${crypto.randomUUID().slice(0, 8)}@example.com`, first_name: "Jane", last_name: "Doe", phone_number: "+12125550100" });
const READY = () => ({ buyer: buyer(), fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] } });

async function readyCheckout(sku = "RD-SNAPBACK") {
  const created = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }], ...READY() });
  const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
  expect(checkout.status).toBe("ready_for_complete");
  return checkout;
}

/** A variant with a counted stock of `stock`, for the stock rules. */
async function variantWithStock(stock: number) {
  const row = await db()
    .select({ id: t.variants.id, sku: t.variants.sku })
    .from(t.variants)
    .where(sql`${t.variants.stock} IS NOT NULL AND ${t.variants.sku} LIKE 'RD-LOGOTEE-%'`)
    .get();
  await db().update(t.variants).set({ stock }).where(eq(t.variants.id, row!.id));
  return row!.sku;
}

describe("a cart becomes a checkout (cart.md, Cart-to-Checkout Conversion)", () => {
  it("create_checkout with cart_id carries the cart's lines and buyer, ignoring the checkout payload's own, and answers the same checkout while it is incomplete", async () => {
    const cart = valid(
      ucpSchemas.CartAnswer,
      (await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }], buyer: { email: "cart@example.com" } })).body,
    );
    const created = await ucp("POST", "/checkout-sessions", {
      cart_id: cart.id,
      line_items: [{ item: { id: "RD-LOGOTEE-M" }, quantity: 1 }],
      buyer: { email: "other@example.com" },
    });
    expect(created.status).toBe(201);
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.line_items.map((line) => [line.item.id, line.quantity])).toEqual([["RD-SNAPBACK", 2]]);
    expect(checkout.buyer?.email).toBe("cart@example.com");
    // "If an incomplete checkout already exists for the given cart_id, the business MUST return the existing checkout session."
    const again = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", "/checkout-sessions", { cart_id: cart.id, line_items: [] })).body);
    expect(again.id).toBe(checkout.id);
    // During the checkout the cart stays, and reflects the checkout's line changes.
    await ucp("PUT", `/checkout-sessions/${checkout.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 3 }] });
    const kept = valid(ucpSchemas.CartAnswer, (await ucp("GET", `/carts/${cart.id}`)).body);
    expect(kept.line_items.map((line) => line.quantity)).toEqual([3]);
  });

  it("over MCP too: create_checkout's checkout argument takes cart_id", async () => {
    const cart = valid(ucpSchemas.CartAnswer, (await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }] })).body);
    const res = await new Visitor().request(
      "POST",
      "/ucp/mcp",
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: {
          name: "create_checkout",
          arguments: { meta: { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } }, checkout: { cart_id: cart.id, line_items: [] } },
        },
      },
      { Accept: "application/json, text/event-stream" },
    );
    const checkout = valid(ucpSchemas.CheckoutAnswer, (res.body as { result: { structuredContent: unknown } }).result.structuredContent);
    expect(checkout.line_items.map((line) => [line.item.id, line.quantity])).toEqual([["RD-SNAPBACK", 2]]);
  });

  it("carries the agent's discount code held on the cart into the checkout", async () => {
    const cart = valid(ucpSchemas.CartAnswer, (await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] })).body);
    await db().insert(t.discountCodes).values({ code: "CARTTEN", kind: "percent", value: 10 }).onConflictDoNothing();
    await db().update(t.carts).set({ discountCode: "CARTTEN" }).where(eq(t.carts.id, cart.id));
    const checkout = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", "/checkout-sessions", { cart_id: cart.id, line_items: [] })).body);
    expect(checkout.discounts?.applied?.map((applied) => applied.code)).toEqual(["CARTTEN"]);
  });

  it("an unknown, canceled or foreign cart id answers not_found (200, ucp.status error) and makes no checkout", async () => {
    const cart = valid(ucpSchemas.CartAnswer, (await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] })).body);
    await ucp("POST", `/carts/${cart.id}/cancel`, {});
    const checkout = await readyCheckout();
    for (const id of ["ucp_AAAAAAAAAAAAAAAAAAAAAA", "nonsense", cart.id, checkout.id]) {
      const res = await ucp("POST", "/checkout-sessions", { cart_id: id, line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] });
      expect(res.status, id).toBe(200);
      expect(valid(ucpSchemas.ErrorAnswer, res.body).messages[0]).toMatchObject({ type: "error", code: "not_found" });
    }
  });

  it("once its checkout is completed, the cart is cleared: reading it is not_found", async () => {
    const cart = valid(ucpSchemas.CartAnswer, (await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] })).body);
    const checkout = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", "/checkout-sessions", { cart_id: cart.id, line_items: [], ...READY() })).body);
    const done = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT)).body);
    expect(done.status).toBe("completed");
    const gone = valid(ucpSchemas.ErrorAnswer, (await ucp("GET", `/carts/${cart.id}`)).body);
    expect(gone.messages[0]).toMatchObject({ code: "not_found" });
  });
});

describe("a completed or canceled checkout is a conflict (409, as the reference implementation answers)", () => {
  it("update, complete and cancel of a completed checkout answer 409 checkout_not_modifiable with code and content", async () => {
    const checkout = await readyCheckout();
    const key = crypto.randomUUID();
    const done = await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT, { "Idempotency-Key": key });
    expect(done.status).toBe(200);
    for (const [method, path, body] of [
      ["PUT", `/checkout-sessions/${checkout.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }] }],
      ["POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT],
      ["POST", `/checkout-sessions/${checkout.id}/cancel`, {}],
    ] as const) {
      const res = await ucp(method, path, body);
      expect(res.status, path).toBe(409);
      expect(valid(ucpSchemas.ProtocolErrorAnswer, res.body)).toMatchObject({ code: "checkout_not_modifiable" });
    }
    // The completing request again, with its own key: the same order (its answer is replayed).
    const replay = await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT, { "Idempotency-Key": key });
    expect(replay.status).toBe(200);
    expect(valid(ucpSchemas.CheckoutAnswer, replay.body).order?.id).toBe(valid(ucpSchemas.CheckoutAnswer, done.body).order?.id);
  });

  it("update and complete of a canceled checkout answer 409; canceling it again is the same conflict", async () => {
    const checkout = await readyCheckout();
    expect((await ucp("POST", `/checkout-sessions/${checkout.id}/cancel`, {})).status).toBe(200);
    for (const [method, path, body] of [
      ["PUT", `/checkout-sessions/${checkout.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }] }],
      ["POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT],
      ["POST", `/checkout-sessions/${checkout.id}/cancel`, {}],
    ] as const) {
      const res = await ucp(method, path, body);
      expect(res.status, path).toBe(409);
      expect(valid(ucpSchemas.ProtocolErrorAnswer, res.body).code).toBe("checkout_not_modifiable");
    }
  });

  it("over MCP, the same conflict is the JSON-RPC error -32000 with the code and content in data", async () => {
    const checkout = await readyCheckout();
    await ucp("POST", `/checkout-sessions/${checkout.id}/cancel`, {});
    const res = await new Visitor().request(
      "POST",
      "/ucp/mcp",
      {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: {
          name: "cancel_checkout",
          arguments: { meta: { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" }, "idempotency-key": crypto.randomUUID() }, id: checkout.id },
        },
      },
      { Accept: "application/json, text/event-stream" },
    );
    expect(res.body).toMatchObject({ id: 7, error: { code: -32000, data: { code: "checkout_not_modifiable" } } });
  });
});

describe("stock is a business outcome", () => {
  it("a quantity over what is left comes back clamped to it, with a quantity_adjusted warning (200)", async () => {
    const sku = await variantWithStock(3);
    const created = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 10 }], ...READY() });
    expect(created.status).toBe(201);
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.line_items.map((line) => line.quantity)).toEqual([3]);
    expect(checkout.messages).toEqual([expect.objectContaining({ type: "warning", code: "quantity_adjusted", path: "$.line_items[0].quantity" })]);
    expect(checkout.status).toBe("ready_for_complete");
    const updated = await ucp("PUT", `/checkout-sessions/${checkout.id}`, { line_items: [{ item: { id: sku }, quantity: 10001 }] });
    expect(updated.status).toBe(200);
    const after = valid(ucpSchemas.CheckoutAnswer, updated.body);
    expect(after.line_items.map((line) => line.quantity)).toEqual([3]);
    expect(after.messages?.map((m) => [m.type, m.code])).toEqual([["warning", "quantity_adjusted"]]);
  });

  it("a variant with nothing left gives out_of_stock (200)", async () => {
    const sku = await variantWithStock(0);
    const res = await ucp("POST", "/checkout-sessions", {
      line_items: [
        { item: { id: "RD-SNAPBACK" }, quantity: 1 },
        { item: { id: sku }, quantity: 2 },
      ],
      ...READY(),
    });
    expect(res.status).toBe(201);
    const checkout = valid(ucpSchemas.CheckoutAnswer, res.body);
    expect(checkout.messages).toEqual([expect.objectContaining({ type: "error", code: "out_of_stock", path: "$.line_items[1]" })]);
  });
});

describe("what the review of the agents' door found", () => {
  it("a completed session answers with the order's masks, and its row keeps no buyer nor destination once the order holds them", async () => {
    const checkout = await readyCheckout();
    const done = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT)).body);
    const email = checkout.buyer!.email!;
    const row = await db().select().from(t.ucpSessions).where(eq(t.ucpSessions.id, checkout.id)).get();
    expect(row).toMatchObject({ state: "completed", buyer: {}, destination: null });
    for (const answer of [done, valid(ucpSchemas.CheckoutAnswer, (await ucp("GET", `/checkout-sessions/${checkout.id}`)).body)]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(email);
      expect(text).not.toContain("+12125550100");
      expect(text).not.toContain("1 Main Street");
      expect(text).not.toContain('"Doe"');
      expect(answer.buyer).toMatchObject({ email: `${email[0]}•••@e•••.com`, first_name: "Jane", last_name: "D." });
      expect(answer.fulfillment?.methods?.[0]?.destinations?.[0]).toMatchObject({ street_address: "1 M…", postal_code: "10001" });
    }
  });

  it("an interrupted write (claimed, never answered) can be retried with its key once the claim's lease has run out", async () => {
    const key = crypto.randomUUID();
    const body = { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] };
    const first = await ucp("POST", "/carts", body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    // As if the request had stopped between its claim and its answer two minutes ago.
    await db()
      .update(t.ucpIdempotency)
      .set({ status: 0, response: "", createdAt: sql`datetime('now', '-2 minutes')` })
      .where(eq(t.ucpIdempotency.key, key));
    const retried = await ucp("POST", "/carts", body, { "Idempotency-Key": key });
    expect(retried.status).toBe(201);
    // Within the lease a claim still stands: the key answers that it is being handled.
    await db()
      .update(t.ucpIdempotency)
      .set({ status: 0, response: "", createdAt: sql`datetime('now', '-10 seconds')` })
      .where(eq(t.ucpIdempotency.key, key));
    const running = await ucp("POST", "/carts", body, { "Idempotency-Key": key });
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ code: "idempotency_in_progress" });
  });

  it("an open session whose order was placed (stopped between placing and marking) answers that order, completed again even under a new key", async () => {
    const checkout = await readyCheckout();
    // What completing does up to the crash: the order placed under the session's checkout key.
    const deps = {
      db: db(),
      kv: env.CATALOG_KV,
      visitor: createVisitor(null, { address: "test" }),
      waitUntil: () => undefined,
      log: () => undefined,
      outbox: { enqueue: () => undefined },
    };
    const read = await readSession(deps as never, checkout.id, "checkout");
    const order = await placeOrder(sessionDeps(deps as never, checkout.id), v.parse(CheckoutSchema, checkoutForm(read!.row)));
    const again = await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT);
    expect(again.status).toBe(200);
    const done = valid(ucpSchemas.CheckoutAnswer, again.body);
    expect(done.status).toBe("completed");
    expect(done.order?.label).toBe(order.number);
    expect(JSON.stringify(done)).not.toContain("holds no items");
    const row = await db().select().from(t.ucpSessions).where(eq(t.ucpSessions.id, checkout.id)).get();
    expect(row).toMatchObject({ state: "completed", orderId: order.id, buyer: {}, destination: null });
  });

  it("profile fetches are limited per client address before the shared budget: one address past its limit leaves the budget to others", async () => {
    let fetched = 0;
    const fetch = async () => {
      fetched++;
      return Response.json({ ucp: { version: "2026-04-08", capabilities: {} } });
    };
    const resolver = createProfileResolver({ fetch: fetch as never, fetchesPerMinute: 3 });
    const refused = await resolver.resolve('profile="https://random-1.example/p"', async () => false);
    expect(refused).toMatchObject({ ok: false, status: 429, code: "too_many_requests" });
    expect(refused.ok === false && refused.retryAfter).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await resolver.resolve(`profile="https://random-${i}.example/p"`, async () => false);
    expect(fetched).toBe(0);
    await resolver.resolve('profile="https://agent.example/p"', async () => true);
    expect(fetched).toBe(1);
  });

  it("UCP order reads meet the order pages' limit per address: past it, 429 through REST and MCP", async () => {
    const send = async (path: string, init: RequestInit) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(`http://shop.test${path}`, init), { ...env, SHOP_RATE_LIMITS: "on" }, ctx);
      await waitOnExecutionContext(ctx);
      return response.status;
    };
    const rest = (address: string) =>
      send(`${BASE}/orders/nothing-here`, { headers: { "CF-Connecting-IP": address, "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID() } });
    const mcp = (address: string) =>
      send("/ucp/mcp", {
        method: "POST",
        headers: { "CF-Connecting-IP": address, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "get_order", arguments: { meta: { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } }, id: "nothing-here" } },
        }),
      });
    const { statuses, byMcp } = await inOneWindow(async (network) => {
      const statuses = [];
      for (let i = 0; i < 121; i++) statuses.push(await rest(`${network}::1`));
      return { statuses, byMcp: await mcp(`${network}::1`) };
    });
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(byMcp).toBe(429);
  });
});

describe("what a checkout still needs is said in an agent's words", () => {
  it("a buyer without a name is asked for the buyer's first and last name (missing), never the web form's cardholder name", async () => {
    for (const body of [
      { line_items: [{ item: { id: "RD-SINGLE-WTTP" }, quantity: 1 }], buyer: { email: "download@example.com" } },
      { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }], buyer: { email: "shipped@example.com" } },
    ]) {
      const created = await ucp("POST", "/checkout-sessions", body);
      const named = (created.body.messages as { code: string; path?: string; content: string }[]).filter((m) => m.path === "$.buyer.first_name");
      expect(named, JSON.stringify(created.body.messages)).toEqual([
        expect.objectContaining({ code: "missing", content: "Please give the buyer's first and last name: the order is placed in that name." }),
      ]);
      expect(JSON.stringify(created.body.messages)).not.toContain("Cardholder");
    }
  });
});
