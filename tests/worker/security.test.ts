/**
 * The contract's defences (contract, "Errors, for every /api route" and "Identity of a
 * visitor"): error shapes for bad bodies, the 16 KiB limit, cross-site mutations refused,
 * the session cookie's flags, and security headers on every response.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError, type CartLine } from "./helpers";
import { ORIGIN, Visitor } from "./visitor";

const EVIL = "https://evil.example";
const MAX_BODY = 16 * 1024;

const cartOf = async (v: Visitor) => (await v.get<CartLine[]>("/api/cart")).body;

/** Every JSON-taking mutation, with a body that would be accepted. */
const JSON_MUTATIONS: [method: string, path: string][] = [
  ["POST", "/api/cart"],
  ["POST", "/api/products/1/reactions"],
  ["POST", "/api/affiliates"],
  ["POST", "/api/creators"],
  ["POST", "/api/payment/create-payment-intent"],
];

describe("bad bodies", () => {
  it("Malformed JSON body: 400", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: 1 });
    const [line] = await cartOf(v);
    const bodies = ["{", "{'productId': 1}", '{"productId": 1,}', "undefined", "NaN", "[1,", "\u0000", '{"a":"\\x"}', "{}}", '"unterminated'];
    for (const body of bodies) {
      for (const [method, path] of [...JSON_MUTATIONS, ["PATCH", `/api/cart/${line!.id}`]] as const) {
        const res = await v.request(method, path, body);
        expectError(res, 400);
      }
    }
    expect((await cartOf(v))[0]!.quantity).toBe(1);
  });

  it("a JSON body that is not an object is 400, not a crash", async () => {
    const v = new Visitor();
    for (const body of ["null", "[]", "1", "true", '"text"', '[{"productId":1}]']) {
      for (const [method, path] of JSON_MUTATIONS) expectError(await v.request(method, path, body), 400);
    }
  });

  it("Body over 16 KiB: 413", async () => {
    const v = new Visitor();
    const big = JSON.stringify({ productId: 1, padding: "x".repeat(MAX_BODY) });
    for (const [method, path] of JSON_MUTATIONS) expectError(await v.request(method, path, big), 413);
    expect(await cartOf(v)).toEqual([]);
  });

  it("Body over 16 KiB: 413, also when streamed without a Content-Length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(4096));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/affiliates`, { method: "POST", body: stream, headers: { "Content-Type": "application/json" } }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.objectContaining({ message: expect.any(String) }) });
  });

  it("a body just under 16 KiB is read normally", async () => {
    const v = new Visitor();
    const prefix = JSON.stringify({ productId: 1, padding: "" });
    const body = JSON.stringify({ productId: 1, padding: "x".repeat(MAX_BODY - prefix.length - 10) });
    expect(body.length).toBeLessThan(MAX_BODY);
    const res = await v.request("POST", "/api/cart", body);
    expect(res.status, res.text).toBe(200);
  });
});

describe("cross-site mutations", () => {
  it("A cross-site mutation (an `Origin` header that is not the site's own) is refused with 403, and nothing changes", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: 1, quantity: 2 });
    const before = await cartOf(v);
    const [line] = before;
    const evil = { Origin: EVIL };
    expectError(await v.post("/api/cart", { productId: 2 }, evil), 403);
    expectError(await v.patch(`/api/cart/${line!.id}`, { quantity: 9 }, evil), 403);
    expectError(await v.delete(`/api/cart/${line!.id}`, evil), 403);
    expectError(await v.delete("/api/cart", evil), 403);
    expectError(await v.post("/api/cart/add-bundle/1", undefined, evil), 403);
    expect(await cartOf(v)).toEqual(before);
  });

  it("every mutation route refuses a foreign Origin (including `null` and look-alikes)", async () => {
    const v = new Visitor();
    const origins = [EVIL, "null", "http://shop.test.evil.example", "https://shop.test", "http://shop.test:8080", "http://evil.example"];
    const routes: [string, string][] = [
      ...JSON_MUTATIONS,
      ["PATCH", "/api/cart/1"],
      ["DELETE", "/api/cart/1"],
      ["DELETE", "/api/cart"],
      ["POST", "/api/cart/add-bundle/1"],
      ["PATCH", "/api/recommendations/1/viewed"],
      ["PATCH", "/api/recommendations/1/clicked"],
      ["POST", "/checkout"],
      ["POST", "/vendor-application"],
    ];
    for (const Origin of origins) {
      for (const [method, path] of routes) {
        const res = await v.request(method, path, method === "DELETE" || path.includes("/recommendations/") ? undefined : {}, { Origin });
        expect(res.status, `${method} ${path} from ${Origin}`).toBe(403);
      }
    }
    expect(v.cookie).toBeNull();
  });

  it("a refused cross-site application is not stored", async () => {
    const email = `cross-site-${crypto.randomUUID()}@example.com`;
    const res = await new Visitor().post(
      "/api/affiliates",
      { name: "Eve", email, websiteUrl: "https://evil.example", audienceDescription: "Not a real audience at all." },
      { Origin: EVIL },
    );
    expectError(res, 403);
    expect(await env.DB.prepare("SELECT id FROM affiliate_applications WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("a same-origin `Origin` header is allowed", async () => {
    const v = new Visitor();
    const res = await v.post("/api/cart", { productId: 1 }, { Origin: ORIGIN });
    expect(res.status, res.text).toBe(200);
    expect((await v.delete("/api/cart", { Origin: ORIGIN })).status).toBe(200);
  });

  it("`Sec-Fetch-Site: cross-site` is refused with 403; same-origin and none are allowed", async () => {
    const v = new Visitor();
    expectError(await v.post("/api/cart", { productId: 1 }, { "Sec-Fetch-Site": "cross-site" }), 403);
    expect(await cartOf(v)).toEqual([]);
    expect((await v.post("/api/cart", { productId: 1 }, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await v.post("/api/cart", { productId: 1 }, { "Sec-Fetch-Site": "none" })).status).toBe(200);
    expect((await cartOf(v))[0]!.quantity).toBe(2);
  });

  it("reads are not mutations: a GET from another origin is answered", async () => {
    const res = await new Visitor().get("/api/products", { Origin: EVIL, "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(200);
  });
});

describe("the session cookie", () => {
  it("an opaque, random (at least 128-bit) session id in an `HttpOnly; SameSite=Lax; Path=/` cookie", async () => {
    const v = new Visitor();
    const res = await v.post("/api/cart", { productId: 1 });
    const sessionCookies = res.setCookies.filter((c) => c.startsWith("rd_session="));
    expect(sessionCookies.length).toBe(1);
    const [pair, ...attributes] = sessionCookies[0]!.split(";").map((s) => s.trim());
    const value = pair!.slice(pair!.indexOf("=") + 1);
    expect(value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const flags = attributes.map((a) => a.toLowerCase());
    expect(flags).toContain("httponly");
    expect(flags).toContain("samesite=lax");
    expect(flags).toContain("path=/");
    expect(flags).not.toContain("secure"); // plain http in tests
    // Nothing about the id is guessable: two visitors, two different ids.
    const other = new Visitor();
    await other.post("/api/cart", { productId: 1 });
    expect(other.cookie).not.toBe(v.cookie);
  });

  it("`Secure` when served over https", async () => {
    const v = new Visitor("https://shop.test");
    const res = await v.post("/api/cart", { productId: 1 });
    expect(res.status).toBe(200);
    expect(res.setCookies[0]!.split(";").map((s) => s.trim().toLowerCase())).toContain("secure");
  });

  it("in production every cookie is Secure and __Host- (or __Secure- for one that names a path), and is read back under that name", async () => {
    for (const origin of ["https://shop.example.com", "http://shop.example.com"]) {
      const v = new Visitor(origin);
      const added = await v.post("/api/cart", { productId: 1, quantity: 2 });
      expect(added.status).toBe(200);
      const names = added.setCookies.map((cookie) => cookie.split("=")[0]);
      expect(names, origin).toEqual(expect.arrayContaining(["__Host-rd_session", "__Host-rd_cart"]));
      for (const cookie of added.setCookies) {
        const flags = cookie.split(";").map((part) => part.trim().toLowerCase());
        expect(flags, cookie).toContain("secure");
        expect(flags, cookie).toContain("path=/");
      }
      const reacted = await v.post("/api/products/1/reactions", { emoji: "👍" });
      expect(reacted.setCookies.find((c) => c.includes("rd_reacted"))).toMatch(/^__Secure-rd_reacted=1; Path=\/products\/[^;]+;.*Secure$/);
      expect((await v.get("/api/cart")).body[0].quantity, "the session is recognised by its prefixed name").toBe(2);
    }
  });

  it("It is created on the first request that needs it: a GET of products sets no cookie", async () => {
    for (const path of [
      "/api/products",
      "/api/products?featured=true",
      "/api/products/24k-gold",
      "/api/categories",
      "/api/cart",
      "/api/cart/recommended-bundles",
      "/api/recommendations",
      "/api/products/1/reaction-counts",
      "/api/creators?featured=true",
    ]) {
      const res = await new Visitor().get(path);
      expect(res.status, path).toBe(200);
      expect(res.setCookies, path).toEqual([]);
    }
  });

  it("the cookie is set once and then kept", async () => {
    const v = new Visitor();
    const sessionCookies = (reply: { setCookies: string[] }) => reply.setCookies.filter((c) => c.startsWith("rd_session="));
    const first = await v.post("/api/cart", { productId: 1 });
    expect(sessionCookies(first).length).toBe(1);
    const second = await v.post("/api/cart", { productId: 1 });
    expect(sessionCookies(second)).toEqual([]);
  });
});

describe("routes and headers", () => {
  it("an unknown /api route answers 404 with the JSON error shape", async () => {
    const v = new Visitor();
    for (const path of ["/api/nope", "/api", "/api/", "/api/products/1/reviews", "/api/products/1/reaction-counts/all", "/api/cart/1/extra", "/api/admin"]) {
      expectError(await v.get(path), 404);
    }
    expectError(await v.post("/api/nope", {}), 404);
  });

  it("a method an /api route does not take never reaches the pages: a JSON 4xx", async () => {
    const v = new Visitor();
    for (const [method, path] of [
      ["PUT", "/api/cart"],
      ["PATCH", "/api/products"],
      ["DELETE", "/api/products/1"],
      ["POST", "/api/recommendations"],
    ] as const) {
      const res = await v.request(method, path, method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body, `${method} ${path}: ${res.text}`).toEqual({ error: expect.objectContaining({ message: expect.any(String) }) });
    }
  });

  it("security headers on every response (X-Content-Type-Options nosniff, Referrer-Policy, CSP frame-ancestors 'none')", async () => {
    const v = new Visitor();
    const responses = [
      await v.get("/api/products"),
      await v.get("/api/products/no-such-product"),
      await v.post("/api/cart", "{"),
      await v.post("/api/cart", { productId: 1 }, { Origin: EVIL }),
      await v.get("/"),
      await v.get("/products/24k-gold"),
    ];
    for (const res of responses) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      expect(res.headers.get("Content-Security-Policy") ?? "").toMatch(/frame-ancestors 'none'/);
    }
  });

  it("API answers are JSON", async () => {
    const res = await new Visitor().get("/api/products");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  });
});
