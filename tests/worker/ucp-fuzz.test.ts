/**
 * "No input, however malformed, produces a 5xx" for the UCP binding: a seeded generator
 * (mulberry32, fixed seed) sends 500 hostile requests across every UCP route, and 300 hostile tool calls to the MCP binding, (random JSON,
 * invalid JSON, wrong types in the fields each operation reads, huge strings, odd ids and
 * headers). Every answer is a protocol error `{code, content}` or an answer valid against
 * the operation's UCP schema (workers/ucp/schemas.ts).
 */
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import * as ucpSchemas from "../../workers/ucp/schemas";
import { mulberry32 } from "./helpers";
import { Visitor } from "./visitor";

const SEED = 0x0ccb_2026;
const REQUESTS = 500;
const AGENT = 'profile="https://agent.example/.well-known/ucp"';

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const STRINGS = [
  "",
  " ",
  "RD-SNAPBACK",
  "RD-TANK-XS-PNK",
  "raw-dogg-snapback",
  "demo",
  "card",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "\u0000",
  "\ud800",
  "😀",
  "__proto__",
  "constructor",
  "x".repeat(5000),
  "a@b.co",
  "https://example.com",
  "$.line_items[0]",
  "ucp_AAAAAAAAAAAAAAAAAAAAAA",
];
const NUMBERS = [0, 1, -1, 1.5, 99, 100, 2 ** 31, 2 ** 53, 1e308, -1e308, 5e-324];
const KEYS = [
  "line_items",
  "item",
  "id",
  "quantity",
  "buyer",
  "email",
  "fulfillment",
  "methods",
  "destinations",
  "payment",
  "instruments",
  "handler_id",
  "type",
  "query",
  "ids",
  "filters",
  "pagination",
  "limit",
  "cursor",
  "selected",
  "__proto__",
  "x",
];
/** UCP-Agent values a client can send that name no usable profile. */
const ODD_AGENTS = [
  "",
  "profile",
  "profile=",
  "profile=https://a.example",
  'profile="ftp://a.example/p"',
  'profile="not a url"',
  'profile=("https://a.example/p")',
  "x".repeat(3000),
  'profile="https://a.example/p", profile=?1',
];
const INVALID_JSON = ["{", '{"a":}', "[1,2", "{'a':1}", "NaN", '{"a":1,}', '"\\u12"', "[".repeat(3000) + "]".repeat(3000), "\ufeff{}"];

function randomValue(random: Random, depth = 0): unknown {
  switch (Math.floor(random() * (depth > 3 ? 5 : 7))) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, NUMBERS);
    case 3:
    case 4:
      return pick(random, STRINGS);
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(random, KEYS), randomValue(random, depth + 1)]));
  }
}

/** A body for an operation whose own fields are `fields`: often shaped like it, with random values in it. */
function randomBody(random: Random, fields: string[]): string | undefined {
  const roll = random();
  if (roll < 0.08) return undefined;
  if (roll < 0.2) return pick(random, INVALID_JSON);
  if (roll < 0.35) return JSON.stringify(randomValue(random));
  const body: Record<string, unknown> = {};
  for (const field of fields) if (random() < 0.85) body[field] = randomValue(random, 1);
  if (fields.includes("line_items") && random() < 0.5) {
    body.line_items = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ item: { id: pick(random, STRINGS) }, quantity: pick(random, NUMBERS) }));
  }
  if (random() < 0.2) body.unknown_extension = randomValue(random);
  return JSON.stringify(body);
}

type Target = { method: string; path: string; body: string | undefined; answer: v.GenericSchema };

describe("UCP fuzz", () => {
  it("No input, however malformed, produces a 5xx: 500 hostile requests to every UCP route answer a protocol error or a valid UCP answer", async () => {
    const agentVisitor = new Visitor();
    const headersFor = (random: Random, write: boolean): Record<string, string> => {
      const headers: Record<string, string> = { "UCP-Agent": random() < 0.9 ? AGENT : pick(random, ODD_AGENTS), "Request-Id": crypto.randomUUID() };
      if (write && random() < 0.9) headers["Idempotency-Key"] = random() < 0.9 ? crypto.randomUUID() : pick(random, ["", "x".repeat(300), "same-key"]);
      return headers;
    };
    const created = await agentVisitor.request(
      "POST",
      "/ucp/v1/checkout-sessions",
      { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] },
      { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), "Idempotency-Key": crypto.randomUUID() },
    );
    const cart = await agentVisitor.request(
      "POST",
      "/ucp/v1/carts",
      { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] },
      { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), "Idempotency-Key": crypto.randomUUID() },
    );
    const checkoutIds = [created.body.id as string, "ucp_AAAAAAAAAAAAAAAAAAAAAA", "x", "%00", "..%2F..", "1".repeat(300)];
    const cartIds = [cart.body.id as string, ...checkoutIds.slice(1)];
    const orderIds = ["ord_000000000000000000000000", "A".repeat(43), "RD-0000-0000", "x", "%F0%9F%91%8D"];

    const checkoutOrError = v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]);
    const cartOrError = v.union([ucpSchemas.CartAnswer, ucpSchemas.ErrorAnswer]);
    const targets = (random: Random): Target[] => {
      const checkout = pick(random, checkoutIds);
      const cartId = pick(random, cartIds);
      return [
        { method: "POST", path: "/catalog/search", body: randomBody(random, ["query", "filters", "pagination"]), answer: ucpSchemas.SearchAnswer },
        { method: "POST", path: "/catalog/lookup", body: randomBody(random, ["ids", "filters"]), answer: ucpSchemas.LookupAnswer },
        {
          method: "POST",
          path: "/catalog/product",
          body: randomBody(random, ["id", "selected"]),
          answer: v.union([ucpSchemas.ProductAnswer, ucpSchemas.ErrorAnswer]),
        },
        { method: "POST", path: "/carts", body: randomBody(random, ["line_items", "buyer"]), answer: cartOrError },
        { method: "GET", path: `/carts/${cartId}`, body: undefined, answer: cartOrError },
        { method: "PUT", path: `/carts/${cartId}`, body: randomBody(random, ["line_items", "buyer"]), answer: cartOrError },
        { method: "POST", path: `/carts/${cartId}/cancel`, body: randomBody(random, []), answer: cartOrError },
        { method: "POST", path: "/checkout-sessions", body: randomBody(random, ["line_items", "buyer", "fulfillment"]), answer: checkoutOrError },
        { method: "GET", path: `/checkout-sessions/${checkout}`, body: undefined, answer: checkoutOrError },
        { method: "PUT", path: `/checkout-sessions/${checkout}`, body: randomBody(random, ["line_items", "buyer", "fulfillment"]), answer: checkoutOrError },
        { method: "POST", path: `/checkout-sessions/${checkout}/complete`, body: randomBody(random, ["payment", "buyer"]), answer: checkoutOrError },
        { method: "POST", path: `/checkout-sessions/${checkout}/cancel`, body: randomBody(random, []), answer: checkoutOrError },
        { method: "GET", path: `/orders/${pick(random, orderIds)}`, body: undefined, answer: v.union([ucpSchemas.OrderAnswer, ucpSchemas.ErrorAnswer]) },
      ];
    };

    const random = mulberry32(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const target = pick(random, targets(random));
      const headers = headersFor(random, target.method !== "GET");
      if (target.body !== undefined) headers["Content-Type"] = random() < 0.9 ? "application/json" : "text/plain";
      const res = await agentVisitor.request(target.method, `/ucp/v1${target.path}`, target.body, headers);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const label = `#${i} ${target.method} ${target.path} ${JSON.stringify(target.body?.slice(0, 160))} -> ${res.status} ${res.text.slice(0, 300)}`;
      if (res.status >= 500) failures.push(`5xx: ${label}`);
      else if (res.status >= 400) {
        if (!v.is(ucpSchemas.ProtocolErrorAnswer, res.body)) failures.push(`not {code, content}: ${label}`);
      } else {
        const result = v.safeParse(target.answer, res.body);
        if (!result.success) failures.push(`not a valid answer (${JSON.stringify(v.flatten(result.issues)).slice(0, 300)}): ${label}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // The run reached the operations, not only the edge's refusals.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
  });

  it("No input, however malformed, produces a 5xx: 300 hostile tools/call messages to the MCP binding answer a JSON-RPC error or a valid UCP answer", async () => {
    const agentVisitor = new Visitor();
    const answers: Record<string, v.GenericSchema> = {
      search_catalog: ucpSchemas.SearchAnswer,
      lookup_catalog: ucpSchemas.LookupAnswer,
      get_product: v.union([ucpSchemas.ProductAnswer, ucpSchemas.ErrorAnswer]),
      create_cart: v.union([ucpSchemas.CartAnswer, ucpSchemas.ErrorAnswer]),
      get_cart: v.union([ucpSchemas.CartAnswer, ucpSchemas.ErrorAnswer]),
      update_cart: v.union([ucpSchemas.CartAnswer, ucpSchemas.ErrorAnswer]),
      cancel_cart: v.union([ucpSchemas.CartAnswer, ucpSchemas.ErrorAnswer]),
      create_checkout: v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]),
      get_checkout: v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]),
      update_checkout: v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]),
      complete_checkout: v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]),
      cancel_checkout: v.union([ucpSchemas.CheckoutAnswer, ucpSchemas.ErrorAnswer]),
      get_order: v.union([ucpSchemas.OrderAnswer, ucpSchemas.ErrorAnswer]),
    };
    const ARGS = ["meta", "id", "catalog", "cart", "checkout"];
    const random = mulberry32(SEED + 1);
    const failures: string[] = [];
    let results = 0;
    for (let i = 0; i < 300; i++) {
      const name = random() < 0.95 ? pick(random, Object.keys(answers)) : pick(random, STRINGS);
      const text = randomBody(random, ARGS) ?? "{}";
      let args: unknown = text;
      try {
        args = JSON.parse(text);
      } catch {
        // Invalid JSON as the arguments: sent as a string.
      }
      if (args && typeof args === "object" && !Array.isArray(args) && random() < 0.7) {
        (args as Record<string, unknown>).meta = {
          "ucp-agent": { profile: "https://agent.example/.well-known/ucp" },
          ...(random() < 0.5 ? { "idempotency-key": crypto.randomUUID() } : {}),
        };
      }
      const message =
        random() < 0.1
          ? pick(random, INVALID_JSON)
          : JSON.stringify({ jsonrpc: "2.0", id: i, method: random() < 0.9 ? "tools/call" : pick(random, STRINGS), params: { name, arguments: args } });
      const res = await agentVisitor.request("POST", "/ucp/mcp", message, {
        Accept: "application/json, text/event-stream",
        "Content-Type": "application/json",
      });
      const label = `#${i} ${message.slice(0, 200)} -> ${res.status} ${res.text.slice(0, 300)}`;
      if (res.status >= 500) failures.push(`5xx: ${label}`);
      const body = res.body as { result?: { structuredContent?: unknown }; error?: { code?: unknown } };
      if (body?.error) {
        if (typeof body.error.code !== "number") failures.push(`error without a code: ${label}`);
      } else if (body?.result?.structuredContent !== undefined) {
        results++;
        const result = v.safeParse(answers[name]!, body.result.structuredContent);
        if (!result.success) failures.push(`not a valid answer (${JSON.stringify(v.flatten(result.issues)).slice(0, 300)}): ${label}`);
      } else failures.push(`neither a result nor an error: ${label}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // Some calls reached the operations and answered (most hostile arguments stop at validation, as they should).
    expect(results).toBeGreaterThan(5);
  });
});
