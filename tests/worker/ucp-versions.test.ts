/**
 * UCP 2026-08-25 beside 2026-04-08: the profile offers both, each request is answered in the
 * version of the agent's profile, and what 2026-08-25 changes (versioned addresses, typed
 * destinations, cart update without `id`, `policies[]`, no `keys` for a shop that signs
 * nothing, the permalink capability). The catalog's media are the feed's PNGs in both.
 * Existing 2026-04-08 answers are held in ucp.test.ts; this file holds the differences.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProfileResolver } from "../../workers/ucp/agents";
import { negotiate } from "../../workers/ucp/profile";
import type { PlatformProfile } from "../../workers/ucp/schemas";
import { DOWNLOAD_TERMS, RETURN_POLICY, RETURN_TERMS } from "../../workers/ucp/answer-shapes";
import { continueTo, linkCode, parseItems } from "../../workers/ucp/permalink";
import { addCode } from "./discount-codes";
import worker from "./entry";
import { ORIGIN, Visitor } from "./visitor";

const OLD = "2026-04-08";
const NEW = "2026-08-25";
/** On a local server the agent's profile is not read: its URL's path names its version, as ucp-cli's do. */
const AGENT = {
  [OLD]: 'profile="https://agent.example/agent-profiles/2026-04-08/p.json"',
  [NEW]: 'profile="https://agent.example/agent-profiles/2026-08-25/p.json"',
} as const;
const DESTINATION = {
  first_name: "Jane",
  last_name: "Doe",
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "US",
};
const DEMO_PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true }] } };
const NAVIGATION = { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "cross-site" };

async function ucp(version: keyof typeof AGENT, method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
  const headers: Record<string, string> = { "UCP-Agent": AGENT[version], "Request-Id": crypto.randomUUID() };
  if (method !== "GET") headers["Idempotency-Key"] = crypto.randomUUID();
  return new Visitor().request(method, `/ucp/v1${path}`, body, headers);
}

const platform = (version: string, names: string[]): PlatformProfile => ({
  ucp: {
    version,
    services: {
      "dev.ucp.shopping": [
        {
          version,
          spec: `https://ucp.dev/${version}/specification/overview`,
          transport: "rest",
          schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
        },
      ],
    },
    capabilities: Object.fromEntries(
      names.map((name) => [name, [{ version, spec: `https://ucp.dev/${version}/specification/x`, schema: `https://ucp.dev/${version}/schemas/x.json` }]]),
    ),
    payment_handlers: {},
  },
});

function resolverServing(profile: unknown) {
  return createProfileResolver({ fetch: async () => Response.json(profile) });
}

/** Shopify's ucp-cli 0.9.0 managed agent profile for 2026-08-25, as it serves it (its capabilities name no spec or schema). */
const UCP_CLI_PROFILE = {
  ucp: {
    version: "2026-08-25",
    services: {
      "dev.ucp.shopping": [
        {
          version: "2026-08-25",
          spec: "https://ucp.dev/2026-08-25/specification/overview",
          transport: "mcp",
          schema: "https://ucp.dev/2026-08-25/services/shopping/mcp.openrpc.json",
        },
      ],
    },
    capabilities: {
      "dev.ucp.shopping.checkout": [
        {
          version: "2026-08-25",
        },
      ],
      "dev.ucp.shopping.fulfillment": [
        {
          version: "2026-08-25",
          extends: ["dev.ucp.shopping.checkout", "dev.ucp.shopping.cart"],
        },
      ],
      "dev.ucp.shopping.buyer_consent": [
        {
          version: "2026-08-25",
          extends: "dev.ucp.shopping.checkout",
        },
      ],
      "dev.ucp.shopping.discount": [
        {
          version: "2026-08-25",
          extends: ["dev.ucp.shopping.checkout", "dev.ucp.shopping.cart"],
        },
      ],
      "dev.ucp.shopping.cart": [
        {
          version: "2026-08-25",
          spec: "https://ucp.dev/2026-08-25/specification/cart",
          schema: "https://ucp.dev/2026-08-25/schemas/shopping/cart.json",
        },
      ],
      "dev.ucp.shopping.order": [
        {
          version: "2026-08-25",
          spec: "https://ucp.dev/2026-08-25/specification/order",
          schema: "https://ucp.dev/2026-08-25/schemas/shopping/order.json",
        },
      ],
      "dev.ucp.shopping.catalog.search": [
        {
          version: "2026-08-25",
          spec: "https://ucp.dev/2026-08-25/specification/catalog/search",
          schema: "https://ucp.dev/2026-08-25/schemas/shopping/catalog_search.json",
        },
      ],
      "dev.ucp.shopping.catalog.lookup": [
        {
          version: "2026-08-25",
          spec: "https://ucp.dev/2026-08-25/specification/catalog/lookup",
          schema: "https://ucp.dev/2026-08-25/schemas/shopping/catalog_lookup.json",
        },
      ],
      "dev.shopify.catalog": [
        {
          version: "2026-08-25",
          spec: "https://shopify.dev/docs/agents/catalog/storefront-catalog",
          schema: "https://shopify.dev/ucp/schemas/2026-08-25/shopify_catalog.json",
          extends: ["dev.ucp.shopping.catalog.lookup", "dev.ucp.shopping.catalog.search"],
        },
      ],
      "dev.shopify.catalog.global": [
        {
          version: "2026-08-25",
          spec: "https://shopify.dev/docs/agents/catalog/global-catalog",
          schema: "https://shopify.dev/ucp/schemas/2026-08-25/shopify_catalog_global.json",
          extends: ["dev.ucp.shopping.catalog.lookup", "dev.ucp.shopping.catalog.search"],
        },
      ],
    },
    payment_handlers: {},
  },
};

describe("negotiation picks the agent's version", () => {
  it("reads Shopify's ucp-cli profile, whose capabilities name only versions: 2026-08-25 with checkout, cart, order, catalog, fulfillment and discount", async () => {
    const check = await resolverServing(UCP_CLI_PROFILE).resolve('profile="https://shopify.dev/ucp/agent-profiles/2026-08-25/valid-with-capabilities.json"');
    expect(check).toMatchObject({ ok: true, version: NEW });
    const active = check.ok ? negotiate(check.profile, check.version) : null;
    expect([...(active ?? [])].sort()).toEqual(
      [
        "dev.ucp.shopping.cart",
        "dev.ucp.shopping.catalog.lookup",
        "dev.ucp.shopping.catalog.search",
        "dev.ucp.shopping.checkout",
        "dev.ucp.shopping.discount",
        "dev.ucp.shopping.fulfillment",
        "dev.ucp.shopping.order",
      ].sort(),
    );
  });

  it("a profile declaring only 2026-04-08 is answered in 04-08, one declaring 2026-08-25 in 08-25, and another version gets version_unsupported (422)", async () => {
    const header = (host: string) => `profile="https://${host}/profile"`;
    expect(await resolverServing(platform(OLD, [])).resolve(header("old.example"))).toMatchObject({ ok: true, version: OLD });
    expect(await resolverServing(platform(NEW, [])).resolve(header("new.example"))).toMatchObject({ ok: true, version: NEW });
    expect(await resolverServing(platform("2099-01-01", [])).resolve(header("future.example"))).toEqual({
      ok: false,
      status: 422,
      code: "version_unsupported",
      content: "Protocol version 2099-01-01 is not supported. This shop supports versions 2026-04-08 and 2026-08-25.",
    });
  });

  it("capabilities intersect at the negotiated version; the permalink exists only in 2026-08-25", () => {
    const names = ["dev.ucp.shopping.checkout", "dev.ucp.shopping.permalink"];
    expect(negotiate(platform(NEW, names), NEW)).toEqual(new Set(names));
    expect(negotiate(platform(OLD, names), OLD)).toEqual(new Set(["dev.ucp.shopping.checkout"]));
    // A capability named at the other version is not shared.
    expect(negotiate(platform(OLD, names), NEW)).toEqual(new Set());
  });

  it("answers each request in the agent's version, its envelope naming it", async () => {
    for (const version of [OLD, NEW] as const) {
      const res = await ucp(version, "POST", "/catalog/search", { query: "snapback" });
      expect(res.status).toBe(200);
      expect(res.body.ucp.version).toBe(version);
      expect(res.body.ucp.capabilities["dev.ucp.shopping.catalog.search"]).toEqual([{ version }]);
    }
  });
});

describe("over MCP too", () => {
  it("a call whose meta names a 2026-08-25 profile is answered in 08-25, with policies; one naming 2026-04-08 in 04-08", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/ucp/mcp`), { fetch: (url, init) => exports.default.fetch(new Request(url, init)) });
    const client = new Client({ name: "ucp-versions-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      for (const version of [OLD, NEW] as const) {
        const profile = /"(.+)"/.exec(AGENT[version])![1]!;
        const result = await client.callTool({ name: "search_catalog", arguments: { meta: { "ucp-agent": { profile } }, catalog: { query: "snapback" } } });
        expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
        const answer = result.structuredContent as { ucp: { version: string }; policies?: unknown[] };
        expect(answer.ucp.version).toBe(version);
        expect(answer.policies?.length ?? 0).toBe(version === NEW ? 1 : 0);
      }
    } finally {
      await client.close();
    }
  });
});

describe("the profile offers both versions", () => {
  it("/.well-known/ucp is 2026-08-25's, with versioned spec and schema addresses, the permalink endpoint, no keys, and 2026-04-08 linked in supported_versions", async () => {
    const res = await new Visitor().get("/.well-known/ucp");
    const profile = res.body;
    expect(profile.ucp.version).toBe(NEW);
    expect(profile.ucp.supported_versions).toEqual({ [OLD]: "http://shop.test/.well-known/ucp/2026-04-08" });
    expect(profile.ucp.capabilities["dev.ucp.shopping.checkout"]).toEqual([
      { version: NEW, spec: "https://ucp.dev/2026-08-25/specification/shopping/checkout", schema: "https://ucp.dev/2026-08-25/schemas/shopping/checkout.json" },
    ]);
    expect(profile.ucp.services["dev.ucp.shopping"][0]).toMatchObject({
      version: NEW,
      spec: "https://ucp.dev/2026-08-25/specification/overview/",
      schema: "https://ucp.dev/2026-08-25/services/shopping/rest.openapi.json",
    });
    expect(profile.ucp.capabilities["dev.ucp.shopping.permalink"]).toEqual([
      {
        version: NEW,
        spec: "https://ucp.dev/2026-08-25/specification/permalink",
        schema: "https://ucp.dev/2026-08-25/schemas/shopping/permalink.json",
        config: { endpoint: "http://shop.test/buy" },
      },
    ]);
    // keys[] is published only by a profile that signs; the shop signs nothing.
    expect(profile).not.toHaveProperty("keys");
  });

  it("/.well-known/ucp/2026-04-08 is a leaf at 2026-04-08: its own addresses, no supported_versions, no permalink", async () => {
    const res = await new Visitor().get("/.well-known/ucp/2026-04-08");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/public/);
    const profile = res.body;
    expect(profile.ucp.version).toBe(OLD);
    expect(profile.ucp).not.toHaveProperty("supported_versions");
    expect(profile.ucp.capabilities["dev.ucp.shopping.checkout"][0]).toMatchObject({ version: OLD, spec: "https://ucp.dev/2026-04-08/specification/checkout" });
    expect(profile.ucp.capabilities).not.toHaveProperty("dev.ucp.shopping.permalink");
    expect(profile).not.toHaveProperty("keys");
  });
});

describe("2026-08-25's shapes", () => {
  it("a checkout's shipping destinations are typed in 08-25 (type: shipping_address), untyped in 04-08", async () => {
    for (const version of [OLD, NEW] as const) {
      const res = await ucp(version, "POST", "/checkout-sessions", {
        line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
        fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
      });
      expect(res.status).toBe(201);
      const [destination] = res.body.fulfillment.methods[0].destinations;
      if (version === NEW) expect(destination).toMatchObject({ type: "shipping_address", id: "dest_1", postal_code: "10001" });
      else expect(destination).not.toHaveProperty("type");
    }
  });

  it("a cart update takes its id from the path alone: a body without id updates the cart", async () => {
    const created = await ucp(NEW, "POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] });
    const updated = await ucp(NEW, "PUT", `/carts/${created.body.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 3 }] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, line_items: [expect.objectContaining({ quantity: 3 })] });
  });
});

describe("policies[] on every answer that carries items (2026-08-25)", () => {
  const whole = { type: RETURN_POLICY, description: { plain: RETURN_TERMS }, url: "http://shop.test/returns" };

  it("catalog search, lookup and get_product carry the return policy, and the download its own at its path", async () => {
    const search = await ucp(NEW, "POST", "/catalog/search", { query: "welcome to the pound" });
    const at = search.body.products.findIndex((product: { tags?: string[] }) => product.tags?.includes("digital"));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(search.body.policies).toEqual([whole, { ...whole, description: { plain: DOWNLOAD_TERMS }, applies_to: [`$.products[${at}]`] }]);
    expect((await ucp(NEW, "POST", "/catalog/lookup", { ids: ["RD-SNAPBACK"] })).body.policies).toEqual([whole]);
    const single = await ucp(NEW, "POST", "/catalog/product", { id: search.body.products[at].id });
    expect(single.body.policies).toEqual([whole, { ...whole, description: { plain: DOWNLOAD_TERMS }, applies_to: ["$.product"] }]);
  });

  it("a cart, a checkout and its order carry them; 2026-04-08's answers carry none", async () => {
    const cart = await ucp(NEW, "POST", "/carts", {
      line_items: [
        { item: { id: "RD-SNAPBACK" }, quantity: 1 },
        { item: { id: "RD-SINGLE-WTTP" }, quantity: 1 },
      ],
    });
    expect(cart.body.policies).toEqual([whole, { ...whole, description: { plain: DOWNLOAD_TERMS }, applies_to: ["$.line_items[1]"] }]);
    expect((await ucp(OLD, "POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] })).body).not.toHaveProperty("policies");

    const email = `versions-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const checkout = await ucp(NEW, "POST", "/checkout-sessions", {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      buyer: { email, first_name: "Jane", last_name: "Doe" },
      fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
    });
    expect(checkout.body.status).toBe("ready_for_complete");
    expect(checkout.body.policies).toEqual([whole]);
    const completed = await ucp(NEW, "POST", `/checkout-sessions/${checkout.body.id}/complete`, DEMO_PAYMENT);
    expect(completed.body.status).toBe("completed");
    expect(completed.body.policies).toEqual([whole]);
    const order = await ucp(NEW, "GET", `/orders/${completed.body.order.id}`);
    expect(order.body.ucp.version).toBe(NEW);
    expect(order.body.policies).toEqual([whole]);
  });

  it("an answer without a resource (ucp.status error) carries none", async () => {
    const gone = await ucp(NEW, "GET", "/carts/ucp_nothing_here");
    expect(gone.body.ucp.status).toBe("error");
    expect(gone.body).not.toHaveProperty("policies");
  });
});

describe("catalog media as raster", () => {
  it("a product's and a variant's media lead with the feed's 1200 px PNG, the SVG beside it; a line item's image is the PNG", async () => {
    for (const version of [OLD, NEW] as const) {
      const [product] = (await ucp(version, "POST", "/catalog/lookup", { ids: ["RD-SNAPBACK"] })).body.products;
      for (const media of [product.media, product.variants[0].media]) {
        expect(media[0]).toMatchObject({
          type: "image",
          url: expect.stringMatching(/^http:\/\/shop\.test\/images\/raster\/products\/.+\.png$/),
          width: 1200,
          height: 1200,
        });
        expect(media[1]).toMatchObject({ type: "image", url: expect.stringMatching(/^http:\/\/shop\.test\/images\/products\/.+\.svg$/) });
      }
      const cart = await ucp(version, "POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] });
      expect(cart.body.line_items[0].item.image_url).toMatch(/\/images\/raster\/products\/.+\.png$/);
    }
  });

  it("the PNG a media names is served", async () => {
    const [product] = (await ucp(NEW, "POST", "/catalog/lookup", { ids: ["RD-SNAPBACK"] })).body.products;
    const path = new URL(product.media[0].url).pathname;
    expect(path).toMatch(/^\/images\/raster\//);
  });
});

/** A link followed by `visitor` as a browser does, its redirect not followed (the Visitor's own requests follow them). */
async function open(visitor: Visitor, path: string, headers: Record<string, string> = {}, vars: Record<string, unknown> = {}) {
  const h = new Headers({ "CF-Connecting-IP": visitor.address, ...headers });
  if (visitor.cookie) h.set("Cookie", visitor.cookie);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${visitor.origin}${path}`, { headers: h, redirect: "manual" }), { ...env, ...vars } as Env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    visitor.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  return { status: response.status, headers: response.headers, text };
}

describe("the permalink: a GET link answers 303 to a cart or checkout holding the items", () => {
  const cartOf = async (visitor: Visitor) => (await visitor.get("/api/cart")).body as { quantity: number; product: { slug: string } }[];

  it("fills the visitor's empty cart and goes to the checkout, never stored and sending no referrer", async () => {
    const visitor = new Visitor();
    const res = await open(visitor, "/buy/RD-SNAPBACK:2", NAVIGATION);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/checkout");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await cartOf(visitor)).map((line) => [line.product.slug, line.quantity])).toEqual([["raw-dogg-snapback", 2]]);
  });

  it("merges into a cart that held items and goes to the cart, carrying utm_ parameters; a ~-encoded id is the same item", async () => {
    const visitor = new Visitor();
    await open(visitor, "/buy/RD-SNAPBACK:1", NAVIGATION);
    const encoded = `~${btoa("RD-SNAPBACK").replace(/=+$/, "")}`;
    const res = await open(visitor, `/buy/${encoded}:1?attribution/utm_source=email&utm_medium=sms&access_token=secret`, NAVIGATION);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart?utm_source=email&utm_medium=sms");
    expect((await cartOf(visitor)).map((line) => line.quantity)).toEqual([2]);
  });

  it("continue_to leads on only to a path of this site", async () => {
    expect((await open(new Visitor(), "/buy/RD-SNAPBACK:1?continue_to=/products", NAVIGATION)).headers.get("Location")).toBe("/products");
    for (const unsafe of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await open(new Visitor(), `/buy/RD-SNAPBACK:1?continue_to=${encodeURIComponent(unsafe)}`, NAVIGATION)).headers.get("Location")).toBe("/checkout");
    }
    expect(continueTo("/a/../cart", "http://shop.test")).toBe("/cart");
  });

  it("a product with sizes named by its handle leads to its page to choose, adding nothing", async () => {
    const visitor = new Visitor();
    const res = await open(visitor, "/buy/raw-dogg-performance-tank:1", NAVIGATION);
    expect(res.headers.get("Location")).toBe("/products/raw-dogg-performance-tank");
    expect(await cartOf(visitor)).toEqual([]);
  });

  it("refuses an unknown product (404), a malformed link (400), a prefetch (503) and a load that is not a navigation (403), adding nothing", async () => {
    const visitor = new Visitor();
    expect((await open(visitor, "/buy/RD-NO-SUCH-THING:1", NAVIGATION)).status).toBe(404);
    for (const bad of ["RD-SNAPBACK", "RD-SNAPBACK:0", "RD-SNAPBACK:01", "~not*base64:1", "a%2Fb:1", "%25:1", "RD-SNAPBACK:1,"]) {
      expect((await open(visitor, `/buy/${bad}`, NAVIGATION)).status, bad).toBe(400);
    }
    const prefetch = await open(visitor, "/buy/RD-SNAPBACK:1", { ...NAVIGATION, "Sec-Purpose": "prefetch" });
    expect(prefetch.status).toBe(503);
    expect(prefetch.headers.get("Cache-Control")).toBe("no-store");
    // Another site's picture or script cannot fill the visitor's cart.
    expect((await open(visitor, "/buy/RD-SNAPBACK:1", { "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Site": "cross-site" })).status).toBe(
      403,
    );
    expect((await open(visitor, "/buy/RD-SNAPBACK:1", { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "cross-site" })).status).toBe(
      403,
    );
    expect(await cartOf(visitor)).toEqual([]);
  });

  it("applies the discount code it carries (discounts/codes/0), and none when two parameters name the same code", async () => {
    const code = `LINK${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await addCode(code);
    const visitor = new Visitor();
    expect((await open(visitor, `/buy/RD-SNAPBACK:1?discounts/codes/0=${code.toLowerCase()}`, NAVIGATION)).status).toBe(303);
    expect((await visitor.get("/api/cart/totals")).body.discounts).toEqual([expect.objectContaining({ code })]);
    expect(linkCode(new URL(`http://shop.test/buy?discounts/codes/0=A&/discounts/codes/0=B`))).toBeNull();
    expect(linkCode(new URL(`http://shop.test/buy?discounts/codes/1=B&discounts/codes/0=A`))).toBe("A");
    // A code the shop does not know leaves the cart as it was, and the link still leads on.
    const other = new Visitor();
    expect((await open(other, "/buy/RD-SNAPBACK:1?discounts/codes/0=NOSUCHCODE", NAVIGATION)).headers.get("Location")).toBe("/checkout");
    expect((await other.get("/api/cart/totals")).body.discounts).toEqual([]);
  });

  it("meets the cart's abuse limit: past it, 429 and nothing added", async () => {
    const visitor = new Visitor();
    const refusing = { limit: async () => ({ success: false }) };
    const res = await open(visitor, "/buy/RD-SNAPBACK:1", NAVIGATION, { SHOP_RATE_LIMITS: "on", CART_LIMITER: refusing });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await cartOf(visitor)).toEqual([]);
  });

  it("reads compact item paths as the spec writes them", () => {
    expect(parseItems("RD-SNAPBACK:2,RD-PLAIN-12:1")).toEqual([
      { id: "RD-SNAPBACK", quantity: 2 },
      { id: "RD-PLAIN-12", quantity: 1 },
    ]);
    expect(parseItems(`~${btoa("gid://x/1").replace(/=+$/, "").replace(/\//g, "_").replace(/\+/g, "-")}:1`)).toEqual([{ id: "gid://x/1", quantity: 1 }]);
    expect(parseItems("~AA:1")).toBeNull(); // a control character
    expect(parseItems("RD-SNAPBACK:100")).toBeNull();
  });

  it("the feed's items and /llms.txt link to it", async () => {
    const feed = (await new Visitor().get("/feeds/products.xml")).text;
    expect(feed).toContain("<g:checkout_link_template>http://shop.test/buy/{id}:1</g:checkout_link_template>");
    const llms = (await new Visitor().get("/llms.txt")).text;
    expect(llms).toContain("[Buy](http://shop.test/buy/RD-SNAPBACK:1)");
  });
});
