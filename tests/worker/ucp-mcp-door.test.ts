/**
 * The MCP door as real clients use it: Shopify's ucp-cli sends `Accept: application/json`
 * alone and reads a JSON answer; tools/list publishes each tool's real input schema (the
 * shop's request schemas as JSON Schema); a wrong field is named, with what it expects, over
 * MCP and REST alike.
 */
import { describe, expect, it } from "vitest";
import { Visitor } from "./visitor";

const META = { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } };

/** One JSON-RPC request to /ucp/mcp with the given Accept header (none when null). */
function rpc(accept: string | null, method: string, params: Record<string, unknown> = {}) {
  const headers: Record<string, string> = accept === null ? {} : { Accept: accept };
  return new Visitor().request("POST", "/ucp/mcp", { jsonrpc: "2.0", id: 1, method, params }, headers);
}

const INITIALIZE = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ucp-cli-like", version: "0.9.0" } };

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; required?: string[]; description?: string; minimum?: number };

async function listedTools() {
  const res = await rpc("application/json", "tools/list");
  expect(res.status).toBe(200);
  return new Map((res.body.result.tools as { name: string; inputSchema: JsonSchema }[]).map((tool) => [tool.name, tool.inputSchema]));
}

describe("the MCP door answers what a client accepts", () => {
  it("a POST accepting application/json alone (Shopify's ucp-cli) gets a JSON answer, not an event stream", async () => {
    for (const method of ["initialize", "tools/list"]) {
      const res = await rpc("application/json", method, method === "initialize" ? INITIALIZE : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ jsonrpc: "2.0", id: 1, result: expect.any(Object) });
    }
  });

  it("a POST with no Accept header, or one accepting anything, gets JSON: no header accepts every type", async () => {
    for (const accept of [null, "*/*", "application/*"]) {
      const res = await rpc(accept, "tools/list");
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
  });

  it("a POST accepting both types gets the SDK's JSON answer, as before", async () => {
    const res = await rpc("application/json, text/event-stream", "initialize", INITIALIZE);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.body.result.serverInfo.name).toBe("raw-dogg-shop");
  });

  it("a POST asking for text/event-stream alone gets the answer as a server-sent event", async () => {
    for (const accept of ["text/event-stream", "application/json;q=0, text/event-stream"]) {
      const res = await rpc(accept, "tools/list");
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/event-stream");
      const data = res.text.split("\n").find((line) => line.startsWith("data: {"))!;
      expect(JSON.parse(data.slice("data: ".length)).result.tools).toHaveLength(13);
    }
  });

  it("a POST accepting neither gets 406, saying what to accept", async () => {
    for (const accept of ["text/html", "application/json;q=0, text/html"]) {
      const res = await rpc(accept, "tools/list");
      expect(res.status).toBe(406);
      expect(res.body.error.message).toContain("Accept: application/json");
    }
  });
});

describe("tools/list publishes each tool's real input schema", () => {
  it("checkout and cart tools carry line items (the item's id and a quantity), buyer email, fulfillment destinations and payment instruments", async () => {
    const tools = await listedTools();
    const checkout = tools.get("create_checkout")!.properties!.checkout!;
    expect(checkout.required).toEqual(["line_items"]);
    const lineItem = checkout.properties!.line_items!.items!;
    expect(lineItem.required).toEqual(["item", "quantity"]);
    expect(lineItem.properties!.item!.properties!.id).toMatchObject({ type: "string", description: expect.stringContaining("SKU") });
    expect(lineItem.properties!.quantity).toMatchObject({ type: "integer", minimum: 1 });
    expect(checkout.properties!.buyer!.properties!.email!.type).toBe("string");
    const destination = checkout.properties!.fulfillment!.properties!.methods!.items!.properties!.destinations!.items!;
    expect(Object.keys(destination.properties!)).toEqual(
      expect.arrayContaining(["street_address", "address_locality", "address_region", "postal_code", "address_country"]),
    );
    const instrument = checkout.properties!.payment!.properties!.instruments!.items!;
    expect(instrument.required).toEqual(["handler_id", "type"]);
    expect(checkout.properties!.discounts!.properties!.codes!.items!.type).toBe("string");

    const complete = tools.get("complete_checkout")!.properties!.checkout!;
    expect(complete.required).toEqual(["payment"]);
    expect(complete.properties!.payment!.required).toEqual(["instruments"]);
    for (const name of ["create_cart", "update_cart"]) {
      expect(tools.get(name)!.properties!.cart!.properties!.line_items!.items!.required).toEqual(["item", "quantity"]);
      expect(tools.get(name)!.properties!.cart!.properties!.buyer!.properties!.email).toBeDefined();
    }
    expect(tools.get("update_checkout")!.properties!.checkout!.properties!.line_items).toBeDefined();
  });

  it("catalog tools carry the query, filters (categories, price) and pagination; lookup its ids; get_product its id", async () => {
    const tools = await listedTools();
    const search = tools.get("search_catalog")!.properties!.catalog!;
    expect(search.properties!.query).toMatchObject({ type: "string", description: "Free-text search query." });
    expect(Object.keys(search.properties!.filters!.properties!)).toEqual(["categories", "price"]);
    expect(search.properties!.filters!.properties!.price!.properties!.min!.type).toBe("integer");
    expect(search.properties!.pagination!.properties!.limit).toMatchObject({ type: "integer", minimum: 1 });
    expect(tools.get("lookup_catalog")!.properties!.catalog!.required).toEqual(["ids"]);
    expect(tools.get("get_product")!.properties!.catalog!.required).toEqual(["id"]);
  });
});

describe("a wrong field is named with what it expects", () => {
  it("over MCP: the argument's JSON path and what it wants, as invalid params", async () => {
    const res = await rpc("application/json", "tools/call", {
      name: "create_checkout",
      arguments: { meta: META, checkout: { line_items: [{ item: { id: "RD-TEE-M" }, quantity: "2" }] } },
    });
    expect(res.body.error).toMatchObject({ code: -32602 });
    expect(res.body.error.message).toContain("checkout.line_items[0].quantity must be a number.");

    const missing = await rpc("application/json", "tools/call", {
      name: "create_checkout",
      arguments: { meta: META, checkout: { line_items: [{ quantity: 1 }] } },
    });
    expect(missing.body.error.message).toContain("checkout.line_items[0].item is required (an object).");
    const tooLow = await rpc("application/json", "tools/call", { name: "search_catalog", arguments: { meta: META, catalog: { pagination: { limit: 0 } } } });
    expect(tooLow.body.error.message).toContain("catalog.pagination.limit must be at least 1.");
  });

  it("over REST: the body's JSON path and what it wants, as 400 invalid_request", async () => {
    const res = await new Visitor().request(
      "POST",
      "/ucp/v1/checkout-sessions",
      { line_items: [{ item: { id: "RD-TEE-M" }, quantity: 1 }], fulfillment: { methods: [{ type: "drone" }] } },
      { "UCP-Agent": 'profile="https://agent.example/.well-known/ucp"', "Request-Id": crypto.randomUUID(), "Idempotency-Key": crypto.randomUUID() },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request", content: 'fulfillment.methods[0].type must be one of "shipping", "pickup".' });
  });
});

describe("a tool's error is said in the shop's words alone", () => {
  it("the JSON-RPC message carries no SDK prefix (ucp-cli printed 'MCP error -32000: MCP error -32000: …')", async () => {
    const unknown = await rpc("application/json", "tools/call", { name: "buy_everything", arguments: { meta: META } });
    expect(unknown.body.error).toEqual({ code: -32602, message: 'There is no tool named "buy_everything".' });

    const wrong = await rpc("application/json", "tools/call", {
      name: "create_checkout",
      arguments: { meta: META, checkout: { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: "2" }] } },
    });
    expect(wrong.body.error.message).toBe("checkout.line_items[0].quantity must be a number.");

    const created = await rpc("application/json", "tools/call", {
      name: "create_checkout",
      arguments: { meta: META, checkout: { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] } },
    });
    const cancel = () =>
      rpc("application/json", "tools/call", {
        name: "cancel_checkout",
        arguments: { meta: { ...META, "idempotency-key": crypto.randomUUID() }, id: created.body.result.structuredContent.id },
      });
    await cancel();
    const conflict = await cancel();
    expect(conflict.body.error).toMatchObject({
      code: -32000,
      message: "This checkout is canceled: start a new one.",
      data: { code: "checkout_not_modifiable" },
    });
  });
});
