import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "./entry";

/** The app with production's abuse limits (the suite's default binding switches them off). */
async function send(path: string, init: RequestInit & { ip: string }, vars: Partial<Env> = {}) {
  const { ip, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("CF-Connecting-IP", ip);
  if (rest.body) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://shop.test${path}`, { ...rest, headers }), { ...env, SHOP_RATE_LIMITS: "on", ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const react = (ip: string, vars?: Partial<Env>) =>
  send("/api/products/1/reactions", { method: "POST", body: JSON.stringify({ emoji: "🔥" }), ip }, vars);

describe("abuse limits", () => {
  it("reactions past 30 a minute from one address answer 429 with Retry-After", async () => {
    const ip = "203.0.113.10";
    for (let i = 0; i < 30; i++) expect((await react(ip)).status).toBe(200);
    const refused = await react(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({ error: { message: "You're going a little fast. Please wait a minute and try again." } });
    // Another address is not affected.
    expect((await react("203.0.113.11")).status).toBe(200);
  });

  it("applications past 10 a minute answer 429; reads are never limited", async () => {
    const ip = "203.0.113.20";
    const apply = () =>
      send("/api/affiliates", { method: "POST", ip, body: JSON.stringify({ name: "x" }) });
    for (let i = 0; i < 10; i++) expect((await apply()).status).toBe(400);
    expect((await apply()).status).toBe(429);
    expect((await send("/api/products", { ip })).status).toBe(200);
  });

  it("a no-JavaScript form posted too often gets a clear 429 page", async () => {
    const ip = "203.0.113.30";
    const post = () => send("/newsletter", { method: "POST", ip, body: "email=a%40b.co", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    for (let i = 0; i < 10; i++) await post();
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.text()).toContain("Please wait a minute and try again.");
  });

  it("only SHOP_RATE_LIMITS=off lifts the limits", async () => {
    const ip = "203.0.113.40";
    for (let i = 0; i < 35; i++) expect((await react(ip, { SHOP_RATE_LIMITS: "off" })).status).toBe(200);
    for (let i = 0; i < 30; i++) await react(ip, { SHOP_RATE_LIMITS: "yes please" });
    expect((await react(ip, { SHOP_RATE_LIMITS: "yes please" })).status).toBe(429);
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
});

describe("security headers", () => {
  it("pages get a strict CSP whose script nonce is new on every response", async () => {
    const first = await send("/products", { ip: "203.0.113.60" });
    const second = await send("/products", { ip: "203.0.113.60" });
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
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
