/**
 * An agent buying from the running shop (the built Worker under wrangler dev), as one would
 * from outside: the official MCP SDK client over Streamable HTTP at the profile's MCP
 * endpoint, and the same flow through the REST binding. Both list or search, create, update
 * and complete a checkout with the demo payment handler, and read the order back.
 * (tests/worker/ucp*.test.ts hold the rules one by one.)
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test, type APIRequestContext } from "./playwright";

const PROFILE = { profile: "https://agent.example/.well-known/ucp" };
const BUYER = { email: "agent-buyer@example.com", first_name: "Jane", last_name: "Doe" };
const ADDRESS = { street_address: "1 Main Street", address_locality: "New York", address_region: "NY", postal_code: "10001", address_country: "United States" };
const FULFILLMENT = { methods: [{ type: "shipping", destinations: [ADDRESS] }] };
const PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card" }] } };

type Product = { id: string; title: string; variants: { id: string; availability?: { available?: boolean } }[] };
type Checkout = { id: string; status: string; totals: { type: string; amount: number }[]; order?: { id: string } };
type Order = { id: string; checkout_id: string; totals: { type: string; amount: number }[] };

const total = (totals: { type: string; amount: number }[]) => totals.find((t) => t.type === "total")?.amount;

/** The profile's endpoint for a transport (the shop names its own). */
async function endpoint(request: APIRequestContext, transport: "rest" | "mcp") {
  const profile = await (await request.get("/.well-known/ucp")).json();
  return (profile.ucp.services["dev.ucp.shopping"] as { transport: string; endpoint: string }[]).find((s) => s.transport === transport)!.endpoint;
}

test("the MCP SDK client lists the 13 tools, finds the tees, and buys one with the demo handler", async ({ request }) => {
  const client = new Client({ name: "raw-dogg-browser-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(await endpoint(request, "mcp"))));
  try {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(13);
    const call = async <T>(name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: { meta: { "ucp-agent": PROFILE }, ...args } });
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
      return result.structuredContent as T;
    };
    const { products } = await call<{ products: Product[] }>("search_catalog", { catalog: { query: "tee", pagination: { limit: 50 } } });
    expect(products.map((p) => p.title)).toEqual(expect.arrayContaining(["Raw Dogg Men's Logo Tee", "Raw Dogg Men's Pocket Tee"]));
    const sku = products.find((p) => p.id === "raw-dogg-mens-logo-tee")!.variants.find((v) => v.availability?.available)!.id;
    const created = await call<Checkout>("create_checkout", { checkout: { line_items: [{ item: { id: sku }, quantity: 1 }] } });
    const updated = await call<Checkout>("update_checkout", { id: created.id, checkout: { buyer: BUYER, fulfillment: FULFILLMENT } });
    expect(updated.status).toBe("ready_for_complete");
    const completed = await client.callTool({
      name: "complete_checkout",
      arguments: { meta: { "ucp-agent": PROFILE, "idempotency-key": crypto.randomUUID() }, id: created.id, checkout: PAYMENT },
    });
    const done = completed.structuredContent as Checkout;
    expect(done.status).toBe("completed");
    const order = await call<Order>("get_order", { id: done.order!.id });
    expect(order.checkout_id).toBe(created.id);
    expect(total(order.totals)).toBe(total(done.totals));
  } finally {
    await client.close();
  }
});

test("the same purchase through the REST binding, and a replayed complete answers the same order", async ({ request }) => {
  const base = await endpoint(request, "rest");
  const headers = (key = crypto.randomUUID()) => ({
    "UCP-Agent": `profile="${PROFILE.profile}"`,
    "Request-Id": crypto.randomUUID(),
    "Idempotency-Key": key,
  });
  const search = await (await request.post(`${base}/catalog/search`, { headers: headers(), data: { query: "tee" } })).json();
  const sku = (search.products as Product[]).find((p) => p.id === "raw-dogg-mens-pocket-tee")!.variants.find((v) => v.availability?.available)!.id;
  const created = (await (
    await request.post(`${base}/checkout-sessions`, { headers: headers(), data: { line_items: [{ item: { id: sku }, quantity: 1 }] } })
  ).json()) as Checkout;
  const updated = await request.put(`${base}/checkout-sessions/${created.id}`, { headers: headers(), data: { buyer: BUYER, fulfillment: FULFILLMENT } });
  expect(((await updated.json()) as Checkout).status).toBe("ready_for_complete");
  const key = crypto.randomUUID();
  const first = (await (await request.post(`${base}/checkout-sessions/${created.id}/complete`, { headers: headers(key), data: PAYMENT })).json()) as Checkout;
  const again = (await (await request.post(`${base}/checkout-sessions/${created.id}/complete`, { headers: headers(key), data: PAYMENT })).json()) as Checkout;
  expect(first.status).toBe("completed");
  expect(again.order?.id).toBe(first.order!.id);
  const other = await request.post(`${base}/checkout-sessions/${created.id}/complete`, {
    headers: headers(key),
    data: { ...PAYMENT, buyer: { email: "x@example.com" } },
  });
  expect(other.status()).toBe(409);
  const order = (await (await request.get(`${base}/orders/${first.order!.id}`, { headers: headers() })).json()) as Order;
  expect(total(order.totals)).toBe(total(first.totals));
});
