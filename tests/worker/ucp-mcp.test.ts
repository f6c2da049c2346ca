/**
 * UCP's MCP binding at /ucp/mcp, driven by the official MCP SDK client over Streamable
 * HTTP (its fetch pointed at the test Worker): it lists the 13 tools, searches "tee" and
 * finds the tees, creates, updates and completes a checkout with the demo handler and
 * reads the order. Every structuredContent is checked against the shop's UCP schemas.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import * as ucpSchemas from "../../workers/ucp/schemas";
import { ORIGIN, Visitor } from "./visitor";

const META = { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } };

async function connect() {
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/ucp/mcp`), {
    fetch: (url, init) => exports.default.fetch(new Request(url, init)),
  });
  const client = new Client({ name: "ucp-test-agent", version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  await client.connect(transport);
  return client;
}

function valid<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  expect(result.success, result.success ? "" : `${JSON.stringify(v.flatten(result.issues))}\n${JSON.stringify(body)}`).toBe(true);
  return result.output as v.InferOutput<S>;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
  expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
  return result.structuredContent;
};

describe("the MCP binding", () => {
  it("is declared in the profile after the REST binding, on this origin", async () => {
    const profile = valid(ucpSchemas.BusinessProfile, (await new Visitor().get("/.well-known/ucp")).body);
    expect(profile.ucp.services["dev.ucp.shopping"]!.map((s) => [s.transport, s.endpoint])).toEqual([
      ["rest", `${ORIGIN}/ucp/v1`],
      ["mcp", `${ORIGIN}/ucp/mcp`],
    ]);
  });

  it("is stateless: GET (a server-sent event stream) and DELETE (a session's end) answer 405, so a client opens no stream beside its calls", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await new Visitor().request(method, "/ucp/mcp", undefined, { Accept: "text/event-stream" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    }
  });

  it("lists the 13 UCP tools by the spec's names, each asking for meta", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "search_catalog",
        "lookup_catalog",
        "get_product",
        "create_cart",
        "get_cart",
        "update_cart",
        "cancel_cart",
        "create_checkout",
        "get_checkout",
        "update_checkout",
        "complete_checkout",
        "cancel_checkout",
        "get_order",
      ].sort(),
    );
    for (const tool of tools) expect(tool.inputSchema.required).toContain("meta");
    await client.close();
  });

  it("searches 'tee', then creates, updates and completes a checkout with the demo handler and reads the order", async () => {
    const client = await connect();
    const search = valid(ucpSchemas.SearchAnswer, await call(client, "search_catalog", { meta: META, catalog: { query: "tee", pagination: { limit: 50 } } }));
    expect(search.products.map((p) => p.title)).toEqual(expect.arrayContaining(["Raw Dogg Men's Logo Tee", "Raw Dogg Men's Pocket Tee"]));
    const sku = search.products.find((p) => p.id === "raw-dogg-mens-pocket-tee")!.variants.find((variant) => variant.availability?.available)!.id;

    const created = valid(
      ucpSchemas.CheckoutAnswer,
      await call(client, "create_checkout", { meta: META, checkout: { line_items: [{ item: { id: sku }, quantity: 1 }] } }),
    );
    expect(created.status).toBe("incomplete");
    const updated = valid(
      ucpSchemas.CheckoutAnswer,
      await call(client, "update_checkout", {
        meta: META,
        id: created.id,
        checkout: {
          buyer: { email: "mcp-agent@example.com", first_name: "Jane", last_name: "Doe" },
          fulfillment: {
            methods: [
              {
                type: "shipping",
                destinations: [
                  {
                    street_address: "1 Main Street",
                    address_locality: "New York",
                    address_region: "NY",
                    postal_code: "10001",
                    address_country: "United States",
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    expect(updated.status).toBe("ready_for_complete");
    const key = crypto.randomUUID();
    const payment = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card" }] } };
    const completed = valid(
      ucpSchemas.CheckoutAnswer,
      await call(client, "complete_checkout", { meta: { ...META, "idempotency-key": key }, id: created.id, checkout: payment }),
    );
    expect(completed.status).toBe("completed");
    const order = valid(ucpSchemas.OrderAnswer, await call(client, "get_order", { meta: META, id: completed.order!.id }));
    expect(order.checkout_id).toBe(created.id);
    expect(order.totals.find((total) => total.type === "total")?.amount).toBe(completed.totals.find((total) => total.type === "total")?.amount);

    // The same key with another body is refused, as under REST.
    await expect(
      client.callTool({
        name: "complete_checkout",
        arguments: { meta: { ...META, "idempotency-key": key }, id: created.id, checkout: { ...payment, buyer: { email: "x@example.com" } } },
      }),
    ).rejects.toThrow(/Idempotency-Key/);
    await client.close();
  });

  it("refuses a call without meta.ucp-agent (-32001) and a complete without an idempotency key (invalid params)", async () => {
    const client = await connect();
    await expect(client.callTool({ name: "search_catalog", arguments: { catalog: { query: "tee" } } })).rejects.toMatchObject({ code: -32001 });
    await expect(
      client.callTool({
        name: "complete_checkout",
        arguments: { meta: META, id: "ucp_x", checkout: { payment: { instruments: [{ handler_id: "demo", type: "card" }] } } },
      }),
    ).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });
});
