/**
 * UCP's discount extension (`dev.ucp.shopping.discount`, discount.md at v2026-04-08) over REST
 * and MCP: declared in the profile; codes sent on checkout create and update, the first that
 * applies kept (one code per order), the others warnings with the spec's rejection codes in
 * the shop's words; the discount an order-level `discount` total ("Discount (SAVE10)") equal
 * to the web checkout's to the cent; completing takes the code's use. Too many codes tried
 * from one address is the spec's 429, over both bindings.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CODE_ATTEMPTS_MESSAGE, refusalMessage } from "../../app/shared/codes";
import * as ucpSchemas from "../../workers/ucp/schemas";
import { addCode } from "./discount-codes";
import worker from "./entry";
import { allProducts, pastTheLimit, shopOf } from "./helpers";
import { ORIGIN, Visitor } from "./visitor";

const AGENT = 'profile="https://agent.example/.well-known/ucp"';
const BASE = "/ucp/v1";
const META = { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } };

async function ucp(method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
  const headers: Record<string, string> = { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID() };
  if (method !== "GET") headers["Idempotency-Key"] = crypto.randomUUID();
  return new Visitor().request(method, `${BASE}${path}`, body, headers);
}

function valid<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  expect(result.success, result.success ? "" : `${JSON.stringify(v.flatten(result.issues))}\n${JSON.stringify(body)}`).toBe(true);
  return result.output as v.InferOutput<S>;
}

type Checkout = ucpSchemas.CheckoutAnswer & { discounts?: { codes?: string[]; applied?: { code?: string; title: string; amount: number }[] } };
const checkoutOf = (body: unknown) => valid(ucpSchemas.CheckoutAnswer, body) as Checkout;
const amount = (checkout: Checkout, type: string) => checkout.totals.find((total) => total.type === type)?.amount;

/** The men's logo tee in M: $26.99, the item the conformance suite's fixtures name. */
async function logoTee() {
  const tee = (await allProducts()).find((p) => p.slug === "raw-dogg-mens-logo-tee")!;
  const variant = tee.variants.find((candidate) => candidate.options.Size === "M")!;
  return { product: tee, variant, sku: variant.sku, price: variant.price };
}

const DESTINATION = {
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "United States",
};
const DEMO_PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true }] } };

describe("the extension in the profile", () => {
  it("declares dev.ucp.shopping.discount at 2026-04-08, extending checkout, with the spec's spec and schema", async () => {
    const profile = valid(ucpSchemas.BusinessProfile, (await new Visitor().get("/.well-known/ucp/2026-04-08")).body);
    expect(profile.ucp.capabilities!["dev.ucp.shopping.discount"]).toEqual([
      {
        version: "2026-04-08",
        spec: "https://ucp.dev/2026-04-08/specification/discount",
        schema: "https://ucp.dev/2026-04-08/schemas/shopping/discount.json",
        extends: "dev.ucp.shopping.checkout",
      },
    ]);
  });
});

describe("codes on a checkout through REST", () => {
  it("a code sent on create is applied: `discounts.applied`, and a 'Discount (CODE)' total equal to the web checkout's to the cent", async () => {
    await addCode("UCPSAVE10");
    const { product, variant, sku } = await logoTee();
    const res = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 3 }], discounts: { codes: ["ucpsave10"] } });
    expect(res.status, res.text).toBe(201);
    const checkout = checkoutOf(res.body);
    expect(Object.keys(checkout.ucp.capabilities ?? {})).toContain("dev.ucp.shopping.discount");

    const web = new Visitor();
    await web.post("/api/cart", { productId: product.id, quantity: 3, variantId: variant.id });
    expect((await web.post("/api/cart/discount", { code: "UCPSAVE10" })).status).toBe(200);
    const webTotals = (await shopOf(web).cart.priced()).totals;
    expect(webTotals.discount).toBeGreaterThan(0);

    expect(checkout.discounts).toEqual({ codes: ["ucpsave10"], applied: [{ code: "UCPSAVE10", title: "Discount (UCPSAVE10)", amount: webTotals.discount }] });
    expect(checkout.totals).toEqual([
      { type: "subtotal", amount: webTotals.subtotal },
      { type: "discount", display_text: "Discount (UCPSAVE10)", amount: -webTotals.discount },
      { type: "fulfillment", display_text: "Free shipping", amount: 0 },
      { type: "tax", display_text: "Sales tax (8%)", amount: webTotals.tax },
      { type: "total", amount: webTotals.total },
    ]);
    // Read back, the checkout names the code it holds.
    expect(checkoutOf((await ucp("GET", `/checkout-sessions/${checkout.id}`)).body).discounts).toEqual({
      codes: ["UCPSAVE10"],
      applied: checkout.discounts!.applied,
    });
  });

  it("one code per order: of several, the first that applies is kept; the others are warnings with the spec's codes, at their paths, in the shop's words", async () => {
    await addCode("UCPFIRST");
    await addCode("UCPSECOND", { kind: "amount", value: 100 });
    await addCode("UCPENDED", { endsAt: "2020-01-01T00:00:00.000Z" });
    await addCode("UCPMIN", { minSubtotal: 1_000_000 });
    const { sku } = await logoTee();
    const created = checkoutOf((await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }] })).body);
    expect(created.discounts).toEqual({ codes: [], applied: [] });

    const codes = ["INVALID_CODE", "UCPENDED", "UCPMIN", "UCPFIRST", "ucpfirst", "UCPSECOND", "NOSUCHCODE"];
    const res = await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes } });
    expect(res.status, res.text).toBe(200);
    const checkout = checkoutOf(res.body);
    expect(checkout.discounts?.codes).toEqual(codes);
    expect(checkout.discounts?.applied?.map((applied) => applied.code)).toEqual(["UCPFIRST"]);
    const warnings = (checkout.messages ?? []).filter((message) => message.type === "warning").map(({ code, path }) => [path, code]);
    expect(warnings).toEqual([
      ["$.discounts.codes[0]", "discount_code_invalid"],
      ["$.discounts.codes[1]", "discount_code_expired"],
      ["$.discounts.codes[2]", "discount_code_user_ineligible"],
      ["$.discounts.codes[4]", "discount_code_already_applied"],
      ["$.discounts.codes[5]", "discount_code_combination_disallowed"],
      ["$.discounts.codes[6]", "discount_code_combination_disallowed"],
    ]);
    const contentAt = (path: string) => checkout.messages!.find((message) => message.path === path)!.content;
    expect(contentAt("$.discounts.codes[1]")).toBe(refusalMessage("UCPENDED", { reason: "ended" }));
    expect(contentAt("$.discounts.codes[2]")).toMatch(/^Add \$[\d,.]+ more to use UCPMIN\.$/);
    // A rejected code takes nothing off: the checkout can still be completed without it.
    expect(checkout.messages!.some((message) => message.type === "error" && message.path?.startsWith("$.discounts"))).toBe(false);
  });

  it("codes are replaced by the next ones sent, `[]` removes the code, and an update that sends none keeps it (its lines replaced)", async () => {
    await addCode("UCPKEEP");
    await addCode("UCPOTHER", { kind: "amount", value: 250 });
    const { sku } = await logoTee();
    const created = checkoutOf(
      (await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }], discounts: { codes: ["UCPKEEP"] } })).body,
    );
    const linesOnly = checkoutOf((await ucp("PUT", `/checkout-sessions/${created.id}`, { line_items: [{ item: { id: sku }, quantity: 2 }] })).body);
    expect(linesOnly.discounts?.applied?.map((applied) => applied.code)).toEqual(["UCPKEEP"]);
    const replaced = checkoutOf((await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes: ["UCPOTHER"] } })).body);
    expect(replaced.discounts?.applied).toEqual([{ code: "UCPOTHER", title: "Discount (UCPOTHER)", amount: 250 }]);
    // None of the new ones applying leaves none: the codes sent replace the one held.
    const unknown = checkoutOf((await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes: ["NOT-A-CODE"] } })).body);
    expect(unknown.discounts?.applied).toEqual([]);
    expect(amount(unknown, "discount")).toBeUndefined();
    await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes: ["UCPOTHER"] } });
    const cleared = checkoutOf((await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes: [] } })).body);
    expect(cleared.discounts).toEqual({ codes: [], applied: [] });
    expect(amount(cleared, "discount")).toBeUndefined();
  });

  it("a held code that stopped applying is an error at $.discounts.codes[0] until removed (placing would refuse it), never dropped", async () => {
    await addCode("UCPPAUSE");
    const { sku } = await logoTee();
    const created = checkoutOf(
      (
        await ucp("POST", "/checkout-sessions", {
          line_items: [{ item: { id: sku }, quantity: 1 }],
          buyer: { email: "held-code@example.com", first_name: "Jane", last_name: "Doe" },
          fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
          discounts: { codes: ["UCPPAUSE"] },
        })
      ).body,
    );
    expect(created.status).toBe("ready_for_complete");
    await env.DB.prepare("UPDATE discount_codes SET status = 'paused' WHERE code = 'UCPPAUSE'").run();
    const read = checkoutOf((await ucp("GET", `/checkout-sessions/${created.id}`)).body);
    expect(read.status).toBe("incomplete");
    expect(read.messages).toContainEqual({
      type: "error",
      code: "discount_code_invalid",
      path: "$.discounts.codes[0]",
      severity: "recoverable",
      content: refusalMessage("UCPPAUSE", { reason: "paused" }),
    });
    expect(amount(read, "discount")).toBeUndefined();
    const removed = checkoutOf((await ucp("PUT", `/checkout-sessions/${created.id}`, { discounts: { codes: [] } })).body);
    expect(removed.status).toBe("ready_for_complete");
  });

  it("completing takes the code's use (placeOrder): the order keeps the code and its discount, and the completed checkout and the order show them", async () => {
    await addCode("UCPONCE", { maxUses: 1 });
    const { sku, price } = await logoTee();
    const created = checkoutOf(
      (
        await ucp("POST", "/checkout-sessions", {
          line_items: [{ item: { id: sku }, quantity: 1 }],
          buyer: { email: "code-order@example.com", first_name: "Jane", last_name: "Doe" },
          fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
          discounts: { codes: ["UCPONCE"] },
        })
      ).body,
    );
    const discount = Math.floor((price * 10 + 50) / 100);
    expect(created.discounts?.applied?.[0]?.amount).toBe(discount);
    const done = checkoutOf((await ucp("POST", `/checkout-sessions/${created.id}/complete`, DEMO_PAYMENT)).body);
    expect(done.status).toBe("completed");
    expect(done.totals).toEqual(created.totals);
    expect(done.discounts?.applied).toEqual([{ code: "UCPONCE", title: "Discount (UCPONCE)", amount: discount }]);
    const row = await env.DB.prepare("SELECT uses FROM discount_codes WHERE code = 'UCPONCE'").first<{ uses: number }>();
    expect(row?.uses).toBe(1);
    const stored = await env.DB.prepare("SELECT discount_code, discount, total FROM orders WHERE session_id = ?").bind(created.id).first();
    expect(stored).toEqual({ discount_code: "UCPONCE", discount, total: amount(created, "total") });
    const order = valid(ucpSchemas.OrderAnswer, (await ucp("GET", `/orders/${done.order!.id}`)).body);
    expect(order.totals.find((total) => total.type === "discount")).toEqual({ type: "discount", display_text: "Discount (UCPONCE)", amount: -discount });

    // Its one use taken, another checkout is told so.
    const next = checkoutOf(
      (await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }], discounts: { codes: ["UCPONCE"] } })).body,
    );
    expect(next.discounts?.applied).toEqual([]);
    expect(next.messages).toContainEqual(
      expect.objectContaining({ type: "warning", code: "discount_code_invalid", content: refusalMessage("UCPONCE", { reason: "used_up" }) }),
    );
  });
});

describe("codes on a checkout through MCP", () => {
  it("create_checkout and update_checkout take `discounts.codes` and answer as REST does", async () => {
    await addCode("MCPSAVE");
    const { sku, price } = await logoTee();
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/ucp/mcp`), { fetch: (url, init) => exports.default.fetch(new Request(url, init)) });
    const client = new Client({ name: "ucp-test-agent", version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
      return checkoutOf(result.structuredContent);
    };
    const created = await call("create_checkout", {
      meta: META,
      checkout: { line_items: [{ item: { id: sku }, quantity: 1 }], discounts: { codes: ["MCPSAVE"] } },
    });
    const discount = Math.floor((price * 10 + 50) / 100);
    expect(created.discounts?.applied).toEqual([{ code: "MCPSAVE", title: "Discount (MCPSAVE)", amount: discount }]);
    expect(amount(created, "discount")).toBe(-discount);
    const updated = await call("update_checkout", { meta: META, id: created.id, checkout: { discounts: { codes: ["NOSUCH", "MCPSAVE"] } } });
    expect(updated.discounts?.applied?.map((applied) => applied.code)).toEqual(["MCPSAVE"]);
    expect(updated.messages).toContainEqual(expect.objectContaining({ type: "warning", code: "discount_code_invalid", path: "$.discounts.codes[0]" }));
    await client.close();
  });
});

describe("guessing codes through UCP meets the abuse limits' `discount` row", () => {
  const send = async (path: string, ip: string, method: string, body: unknown, headers: Record<string, string>) => {
    const ctx = createExecutionContext();
    const request = new Request(`http://shop.test${path}`, {
      method,
      body: JSON.stringify(body),
      headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json", ...headers },
    });
    const response = await worker.fetch(request, { ...env, SHOP_RATE_LIMITS: "on" }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as Record<string, unknown> };
  };

  it("REST: the 11th code tried in a minute from one address is a 429 too_many_requests with Retry-After: 60; MCP: HTTP 429 and the JSON-RPC error -32000 with retry_after", async () => {
    const { sku } = await logoTee();
    const created = checkoutOf((await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }] })).body);
    const rest = (ip: string, code: string) =>
      send(
        `${BASE}/checkout-sessions/${created.id}`,
        ip,
        "PUT",
        { discounts: { codes: [code] } },
        { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), "Idempotency-Key": crypto.randomUUID() },
      );
    const guessed = await pastTheLimit(10, (address, i) => rest(address, `RESTGUESS${i}`));
    expect(guessed.allowed.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(guessed.refused).toMatchObject({
      status: 429,
      retryAfter: "60",
      body: { code: "too_many_requests", content: CODE_ATTEMPTS_MESSAGE },
    });

    // The code a checkout holds, sent back with it as agents send a checkout back, is no guess: not counted.
    await addCode("UCPHELD");
    const holding = checkoutOf(
      (await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 1 }], discounts: { codes: ["UCPHELD"] } })).body,
    );
    const again = (ip: string) =>
      send(
        `${BASE}/checkout-sessions/${holding.id}`,
        ip,
        "PUT",
        { discounts: { codes: ["ucpheld"] } },
        { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), "Idempotency-Key": crypto.randomUUID() },
      );
    const resent = [];
    for (let i = 0; i < 12; i++) resent.push(await again("203.0.113.132"));
    expect(resent.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((resent[11]!.body as Checkout).discounts?.applied?.map((applied) => applied.code)).toEqual(["UCPHELD"]);

    const mcp = (ip: string, code: string) =>
      send(
        "/ucp/mcp",
        ip,
        "POST",
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "update_checkout", arguments: { meta: META, id: created.id, checkout: { discounts: { codes: [code] } } } },
        },
        { Accept: "application/json, text/event-stream" },
      );
    const guessedByMcp = await pastTheLimit(10, (address, i) => mcp(address, `MCPGUESS${i}`));
    expect(guessedByMcp.allowed.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(guessedByMcp.refused).toMatchObject({
      status: 429,
      retryAfter: "60",
      body: { error: { code: -32000, data: { retry_after: 60, content: CODE_ATTEMPTS_MESSAGE } } },
    });
  });
});
