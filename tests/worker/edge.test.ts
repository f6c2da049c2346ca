import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "./entry";
import { inOneWindow, neighbourNetwork } from "./helpers";
import { Visitor } from "./visitor";

/**
 * The app with production's abuse limits (the suite's default binding switches them off),
 * on the tests' local host unless `origin` names another.
 */
async function send(path: string, init: RequestInit & { ip: string; origin?: string }, vars: Partial<Env> = {}) {
  const { ip, origin = "http://shop.test", ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("CF-Connecting-IP", ip);
  if (rest.body) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`, { ...rest, headers }), { ...env, SHOP_RATE_LIMITS: "on", ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const react = (ip: string, vars?: Partial<Env>) => send("/api/products/1/reactions", { method: "POST", body: JSON.stringify({ emoji: "🔥" }), ip }, vars);

/**
 * Sends `count` requests and sorts the answers. The limiter counts in fixed one-minute
 * windows, so a burst that straddles a window edge may pass up to twice the limit: the
 * tests send more than that and expect the limit to bite.
 */
async function burst(count: number, request: () => Promise<Response>) {
  const statuses: number[] = [];
  let refused: Response | undefined;
  for (let i = 0; i < count; i++) {
    const response = await request();
    statuses.push(response.status);
    if (response.status === 429) refused ??= response;
  }
  return { allowed: statuses.filter((s) => s !== 429).length, refused };
}

describe("abuse limits", () => {
  it("reactions past 30 a minute from one address answer 429 with Retry-After", async () => {
    const { allowed, refused } = await burst(65, () => react("203.0.113.10"));
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThanOrEqual(60);
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect(await refused?.json()).toEqual({
      error: { message: "You're going a little fast. Please wait a minute and try again.", requestId: refused?.headers.get("X-Request-Id") },
    });
    // Another address is not affected.
    expect((await react("203.0.113.11")).status).toBe(200);
  });

  it("applications past 10 a minute answer 429; reads are never limited", async () => {
    const ip = "203.0.113.20";
    const apply = () => send("/api/affiliates", { method: "POST", ip, body: JSON.stringify({ name: "x" }) });
    const { allowed, refused } = await burst(25, apply);
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(20);
    expect(refused?.status).toBe(429);
    for (let i = 0; i < 30; i++) expect((await send("/api/products", { ip })).status).toBe(200);
  });

  it("a no-JavaScript form posted too often gets a clear 429 page", async () => {
    const ip = "203.0.113.30";
    const post = () => send("/newsletter", { method: "POST", ip, body: "email=a%40b.co", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const { refused } = await burst(25, post);
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect(await refused?.text()).toContain("Please wait a minute and try again.");
  });

  it("a page's posts meet its limit however the path is written: any case, a trailing slash, a data request", async () => {
    const variants: [path: string, limit: number][] = [
      ["/Checkout", 10],
      ["/checkout/", 10],
      ["/CHECKOUT.data", 10],
      ["/checkout/_.data", 10],
      ["/NEWSLETTER", 10],
      ["/newsletter/", 10],
      ["/AFFILIATE", 10],
      ["/Cart", 120],
      ["/products/plain-jane/", 30],
    ];
    for (const [index, [path, limit]] of variants.entries()) {
      const post = () => send(path, { method: "POST", ip: `203.0.113.${100 + index}`, body: "intent=x" });
      const { allowed, refused } = await burst(2 * limit + 5, post);
      expect(refused?.status, path).toBe(429);
      expect(allowed, path).toBeLessThanOrEqual(2 * limit);
    }
  });

  it("SHOP_RATE_LIMITS=off is honoured only on a local server, and /api/health says whether the limits are on", async () => {
    const production = "https://shop.example.com";
    const health = async (origin: string) =>
      (await (await send("/api/health", { ip: "203.0.113.45", origin }, { SHOP_RATE_LIMITS: "off" })).json()) as { rateLimits: string };
    expect((await health(production)).rateLimits).toBe("on");
    expect((await health("http://localhost:8787")).rateLimits).toBe("off");
    const shipped = await burst(65, () =>
      send(
        "/api/products/1/reactions",
        { method: "POST", body: JSON.stringify({ emoji: "🔥" }), ip: "203.0.113.46", origin: production },
        { SHOP_RATE_LIMITS: "off" },
      ),
    );
    expect(shipped.refused?.status).toBe(429);
  });

  it("only SHOP_RATE_LIMITS=off lifts the limits", async () => {
    const ip = "203.0.113.40";
    const lifted = await burst(65, () => react(ip, { SHOP_RATE_LIMITS: "off" }));
    expect(lifted.allowed).toBe(65);
    const other = await burst(65, () => react(ip, { SHOP_RATE_LIMITS: "yes please" }));
    expect(other.refused?.status).toBe(429);
  });
});

describe("request ids", () => {
  it("every response carries X-Request-Id and an API error body repeats it", async () => {
    const response = await send("/api/products/no-such-product", { ip: "203.0.113.50" });
    const id = response.headers.get("X-Request-Id");
    expect(id).toBeTruthy();
    const body = (await response.json()) as { error: { requestId?: string } };
    expect(body.error.requestId).toBe(id);
  });

  it("pages carry one too, rendered or from the page cache", async () => {
    for (const path of ["/faq", "/faq", "/cart"]) {
      const response = await send(path, { ip: "203.0.113.51" });
      expect(response.headers.get("X-Request-Id"), path).toMatch(/^[\w-]{20,}$/);
    }
  });
});

describe("health check", () => {
  it("GET /api/health answers with the build and D1's catalog version, never cached", async () => {
    const response = await send("/api/health", { ip: "203.0.113.52" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { version } = (await env.DB.prepare("SELECT version FROM catalog_meta WHERE id = 1").first<{ version: number }>())!;
    expect(await response.json()).toEqual({ status: "ok", build: expect.any(String), catalogVersion: version, rateLimits: "on" });
  });

  it("a database that does not answer is a logged 503 in the API's error shape", async () => {
    const broken = {
      ...env,
      DB: {
        withSession: () => ({
          prepare: () => {
            throw new Error("D1 is down");
          },
        }),
      },
    } as unknown as Env;
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request("http://shop.test/api/health"), broken, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { message: string; requestId: string } };
      expect(body.error.message).toBe("The shop's database is not answering.");
      expect(lines.some((line) => line.includes("health_check_failed") && line.includes(body.error.requestId))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("routing", () => {
  it("every route fits Hono's RegExpRouter: a pattern it cannot take makes Hono fall back to its slower TrieRouter", async () => {
    expect((await send("/api/products", { ip: "203.0.113.60" })).status).toBe(200);
    expect(worker.router.name).toBe("SmartRouter + RegExpRouter");
  });
});

describe("security headers", () => {
  it("pages get a strict CSP whose script nonce is new on every response", async () => {
    const first = await send("/products", { ip: "203.0.113.60" });
    const second = await send("/products", { ip: "203.0.113.60" });
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    // Styles too: only with the nonce, from the shop, or sonner's by its hash; never inline otherwise.
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce!.replace(/[+/]/g, "\\$&")}' 'sha256-`));
    for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("every response has HSTS, nosniff, a referrer policy and a permissions policy", async () => {
    for (const path of ["/", "/api/products"]) {
      const response = await send(path, { ip: "203.0.113.61" });
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("D1 sessions", () => {
  it("after a write the visitor carries a D1 bookmark, so their next reads see it", async () => {
    const v = new Visitor();
    const added = await v.post("/api/cart", { productId: 3, quantity: 2 });
    const bookmark = added.setCookies.find((c) => c.startsWith("rd_d1="));
    expect(bookmark).toMatch(/^rd_d1=[A-Za-z0-9-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
    expect(v.cookie).toContain("rd_d1=");
    const cart = await v.get("/api/cart");
    expect(cart.body.map((line: { quantity: number }) => line.quantity)).toEqual([2]);
  });

  it("reads alone set no bookmark, and anonymous visitors get none", async () => {
    const v = new Visitor();
    const products = await v.get("/api/products");
    expect(products.setCookies).toEqual([]);
  });
});

describe("structured logs", () => {
  it("an API error and an order are each one JSON line with the request id, and no email, address or card data", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const v = new Visitor();
      const bad = await v.post("/api/affiliates", { name: "x", email: "private.person@example.com" });
      await v.post("/api/cart", { productId: 1 });
      const paid = await v.post("/api/payment/create-payment-intent", { customerEmail: "private.person@example.com" });
      expect(paid.status).toBe(200);
      const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const error = events.find((e) => e.event === "api_error" && e.path === "/api/affiliates");
      expect(error?.requestId).toBe(bad.headers.get("X-Request-Id"));
      expect(events.find((e) => e.event === "order_recorded")?.requestId).toBe(paid.headers.get("X-Request-Id"));
      expect(lines.join("\n")).not.toContain("private.person@example.com");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("logs on a database fault", () => {
  it("a failing D1 is logged by the error's kind and the request id, never the query's values", async () => {
    const email = "private.person@example.com";
    const fault = () => {
      throw new Error(`Failed query: insert into "affiliate_applications" ... params: Pat Doe,${email},https://pat.example`, {
        cause: new Error("D1_ERROR: disk I/O error"),
      });
    };
    const failing = new Proxy(env.DB, {
      get: (target, key) => (key === "withSession" ? () => ({ prepare: fault, batch: fault, getBookmark: () => null }) : Reflect.get(target, key).bind(target)),
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const ctx = createExecutionContext();
      const body = JSON.stringify({ name: "Pat Doe", email, websiteUrl: "https://pat.example", audienceDescription: "Ten thousand readers a week." });
      const response = await worker.fetch(
        new Request("http://shop.test/api/affiliates", { method: "POST", body, headers: { "Content-Type": "application/json" } }),
        { ...env, DB: failing as D1Database },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(500);
      const requestId = response.headers.get("X-Request-Id")!;
      const failure = lines.find((line) => line.includes("api_failure"));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!)).toMatchObject({ requestId, error: "Error", cause: "Error" });
      expect(lines.join("\n")).not.toContain(email);
      expect(lines.join("\n")).not.toContain("Pat Doe");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("client addresses", () => {
  it("an IPv6 client is counted per /64: every address of one network meets the same limit", async () => {
    const { allowed, refused, spelt, neighbour } = await inOneWindow(async (network) => {
      const hosts = Array.from({ length: 65 }, (_, i) => `${network}:${(i + 1).toString(16)}::${i}`);
      let index = 0;
      const { allowed, refused } = await burst(65, () => react(hosts[index++]!));
      // Written another way (zeros spelt out, upper case), it is still the same network.
      const spelt = await react(
        `${network
          .split(":")
          .map((group) => group.padStart(4, "0").toUpperCase())
          .join(":")}:0:0:0:1`,
      );
      // The /64 beside it is another client.
      const neighbour = await react(`${neighbourNetwork(network)}::1`);
      return { allowed, refused, spelt, neighbour };
    });
    expect(refused?.status).toBe(429);
    expect(allowed).toBeLessThanOrEqual(60);
    expect(spelt.status).toBe(429);
    expect(neighbour.status).toBe(200);
  });
});
