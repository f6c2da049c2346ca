/**
 * Update Checkout and Update Cart in each version. 2026-08-25 is a full replacement
 * (checkout/rest.md, "Update Checkout": "The Platform MUST send the entire Checkout resource …
 * the supplied resource replaces the existing Checkout session state"; cart/index.md the same
 * of a cart): a checkout's line items are required, and a buyer, destination or discount code
 * left out is cleared. 2026-04-08 keeps what an update leaves out, as the shop has answered it
 * since it spoke that version.
 */
import { describe, expect, it } from "vitest";
import { newCode } from "./discount-codes";
import { Visitor } from "./visitor";

const OLD = "2026-04-08";
const NEW = "2026-08-25";
/** On a local server the agent's profile is not read: its URL's path names its version, as ucp-cli's do. */
const AGENT = {
  [OLD]: 'profile="https://agent.example/agent-profiles/2026-04-08/p.json"',
  [NEW]: 'profile="https://agent.example/agent-profiles/2026-08-25/p.json"',
} as const;
const DESTINATION = { street_address: "1 Main Street", address_locality: "New York", address_region: "NY", postal_code: "10001", address_country: "US" };
const SHIPPING = { methods: [{ type: "shipping", destinations: [DESTINATION] }] };
const LINES = [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }];

async function ucp(version: keyof typeof AGENT, method: "POST" | "PUT" | "GET", path: string, body?: unknown) {
  const headers: Record<string, string> = { "UCP-Agent": AGENT[version], "Request-Id": crypto.randomUUID() };
  if (method !== "GET") headers["Idempotency-Key"] = crypto.randomUUID();
  return new Visitor().request(method, `/ucp/v1${path}`, body, headers);
}

/** A checkout holding a buyer, a destination and a code: everything an update might keep or clear. */
async function fullCheckout(version: keyof typeof AGENT, code: string) {
  const buyer = { email: `update-${crypto.randomUUID().slice(0, 8)}@example.com`, first_name: "Jane", last_name: "Doe" };
  const created = await ucp(version, "POST", "/checkout-sessions", { line_items: LINES, buyer, fulfillment: SHIPPING, discounts: { codes: [code] } });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe("ready_for_complete");
  expect(created.body.discounts.applied.map((d: { code: string }) => d.code)).toEqual([code]);
  return created.body;
}

describe("Update Checkout in 2026-08-25 replaces the whole checkout", () => {
  it("an update without line_items is refused (400), naming the field: they are required in a replacement", async () => {
    const checkout = await fullCheckout(NEW, await newCode());
    const res = await ucp(NEW, "PUT", `/checkout-sessions/${checkout.id}`, { buyer: { email: "other@example.com" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request" });
    expect(res.body.content).toMatch(/^line_items /);
    // Nothing was changed by the refused update.
    const read = await ucp(NEW, "GET", `/checkout-sessions/${checkout.id}`);
    expect(read.body.buyer.email).toBe(checkout.buyer.email);
  });

  it("the buyer, destination and discount code an update leaves out are cleared", async () => {
    const checkout = await fullCheckout(NEW, await newCode());
    const res = await ucp(NEW, "PUT", `/checkout-sessions/${checkout.id}`, { line_items: LINES });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("incomplete");
    expect(res.body.buyer ?? {}).toEqual({});
    expect(res.body.fulfillment.methods[0].destinations ?? []).toEqual([]);
    expect(res.body.discounts?.applied ?? []).toEqual([]);
    expect(res.body.totals.find((t: { type: string }) => t.type === "discount")).toBeUndefined();
  });

  it("a buyer sent replaces the one held, field by field: a name left out is gone", async () => {
    const checkout = await fullCheckout(NEW, await newCode());
    const res = await ucp(NEW, "PUT", `/checkout-sessions/${checkout.id}`, { line_items: LINES, buyer: { email: "new@example.com" }, fulfillment: SHIPPING });
    expect(res.body.buyer).toEqual({ email: "new@example.com" });
  });

  it("the checkout sent back whole, as an answer gave it, keeps everything it holds", async () => {
    const checkout = await fullCheckout(NEW, await newCode());
    const res = await ucp(NEW, "PUT", `/checkout-sessions/${checkout.id}`, checkout);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready_for_complete");
    expect(res.body.buyer).toEqual(checkout.buyer);
    expect(res.body.fulfillment.methods[0].destinations[0]).toMatchObject({ postal_code: "10001" });
    expect(res.body.discounts.applied).toEqual(checkout.discounts.applied);
    expect(res.body.totals).toEqual(checkout.totals);
  });
});

describe("Update Checkout in 2026-04-08 keeps what it leaves out", () => {
  it("an update naming only the buyer's email keeps the lines, names, destination and code", async () => {
    const checkout = await fullCheckout(OLD, await newCode());
    const res = await ucp(OLD, "PUT", `/checkout-sessions/${checkout.id}`, { buyer: { email: "new@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready_for_complete");
    expect(res.body.line_items.map((l: { item: { id: string } }) => l.item.id)).toEqual(["RD-SNAPBACK"]);
    expect(res.body.buyer).toMatchObject({ email: "new@example.com", first_name: "Jane", last_name: "Doe" });
    expect(res.body.fulfillment.methods[0].destinations[0]).toMatchObject({ postal_code: "10001" });
    expect(res.body.discounts.applied.map((d: { code: string }) => d.code)).toEqual(checkout.discounts.applied.map((d: { code: string }) => d.code));
  });
});

describe("Update Cart replaces the cart in 2026-08-25", () => {
  it("a buyer left out of the update is cleared in 08-25, kept in 04-08", async () => {
    for (const version of [NEW, OLD] as const) {
      const buyer = { email: "cart-buyer@example.com", first_name: "Jane", last_name: "Doe" };
      const created = await ucp(version, "POST", "/carts", { line_items: LINES, buyer });
      expect(created.body.buyer).toEqual(buyer);
      const updated = await ucp(version, "PUT", `/carts/${created.body.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }] });
      expect(updated.status).toBe(200);
      expect(updated.body.buyer ?? {}, version).toEqual(version === NEW ? {} : buyer);
    }
  });
});
