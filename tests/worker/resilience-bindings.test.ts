/**
 * The resiliency matrix's rows for the bindings beside D1 (docs/decisions/0028): the catalog
 * KV, the sessions KV, R2, the queues, the email sender and the rate limiters failing on cue,
 * and UCP's MCP door when D1 does not answer.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createOrderWebhooks } from "../../workers/shop/agents/webhooks";
import { tokenHash } from "../../workers/shop/tokens";
import { readShown } from "./entry";
import { productBySlug } from "./helpers";
import { Owner } from "./owner";
import { makePartner, signedInPartner } from "./partners-portal";
import { D1_LOST, expectUnavailablePage, failingD1, failingKV, failingLimiter, failingQueue, failingR2, sendWith } from "./resilience";
import { SHIPPING_ADDRESS } from "../shopper";
import { Visitor } from "./visitor";

async function shopperWith(slug: string) {
  const shopper = new Visitor();
  expect((await shopper.post("/api/cart", { productId: (await productBySlug(slug)).id })).status).toBe(200);
  return shopper;
}

describe("the catalog KV does not answer", () => {
  it("the products are read from D1 instead: /api answers 200 with the catalog", async () => {
    const sent = await sendWith({ CATALOG_KV: failingKV(env.CATALOG_KV) }, new Visitor(), "/api/products");
    expect(sent.status, sent.text).toBe(200);
    expect((JSON.parse(sent.text) as unknown[]).length).toBeGreaterThan(0);
  });

  it("a page is shown as ever", async () => {
    const sent = await sendWith({ CATALOG_KV: failingKV(env.CATALOG_KV) }, new Visitor(), "/products/plain-jane");
    expect(sent.status, sent.text).toBe(200);
  });
});

describe("the sessions KV does not answer", () => {
  it("ADMIN_SESSIONS: the owner sees the back office's 503 page, and is still signed in once it answers", async () => {
    const owner = new Owner();
    expect((await owner.signIn()).status).toBe(303);
    expectUnavailablePage(await owner.request("GET", "/admin/orders", undefined, {}, { ADMIN_SESSIONS: failingKV(env.ADMIN_SESSIONS) }));
    expect((await owner.get("/admin/orders")).status).toBe(200);
  });

  it("PARTNER_SESSIONS: a partner's page answers the shop's 503 page", async () => {
    const partner = await signedInPartner(await makePartner());
    expectUnavailablePage(await partner.request("GET", "/partner", undefined, {}, { PARTNER_SESSIONS: failingKV(env.PARTNER_SESSIONS) }));
    expect((await partner.get("/partner")).status).toBe(200);
  });
});

describe("R2 does not answer", () => {
  it("a download answers 503 with Retry-After, and the shopper keeps that download", async () => {
    const shopper = await shopperWith("welcome-to-the-pound");
    const form = new URLSearchParams({
      email: `fan-${crypto.randomUUID().slice(0, 8)}@example.com`,
      cardholderName: "Sam Fan",
      checkoutKey: crypto.randomUUID(),
      delivery: "download",
    });
    const placed = await shopper.post("/checkout", form.toString(), { "Content-Type": "application/x-www-form-urlencoded" });
    const token = (readShown(placed.text, "action") as { order: { downloads: { token: string }[] } }).order.downloads[0]!.token;
    const sent = await sendWith({ DOWNLOADS: failingR2(env.DOWNLOADS) }, shopper, `/downloads/${token}/mp3`);
    expect(sent.status, sent.text).toBe(503);
    expect(sent.headers.get("Retry-After")).toBe("5");
    expect(sent.text).not.toMatch(/internal error\. Please|\n\s+at\s/);
    const grant = await env.DB.prepare("SELECT downloads FROM download_grants WHERE token_hash = ?")
      .bind(await tokenHash(token))
      .first<{ downloads: number }>();
    expect(grant?.downloads).toBe(0);
  });
});

describe("a queue send throws", () => {
  // That its email is then sent later, once, is the outbox's (issue 36, item 3): its sweep queues what was written but not queued.
  it("EMAIL_QUEUE: the checkout still answers its order, placed once, and the cart is ordered", async () => {
    const shopper = await shopperWith("plain-jane");
    const form = new URLSearchParams({
      ...SHIPPING_ADDRESS,
      email: `queue-${crypto.randomUUID().slice(0, 8)}@example.com`,
      cardholderName: "Jane Q. Shopper",
      checkoutKey: crypto.randomUUID(),
    });
    const sent = await sendWith({ EMAIL_QUEUE: failingQueue() }, shopper, "/checkout", {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(readShown(sent.text, "action")).toMatchObject({ order: { id: expect.any(String) } });
    const placed = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE session_id = ? AND status = 'placed'")
      .bind(shopper.jar.get("rd_session"))
      .first<{ n: number }>();
    expect(placed?.n).toBe(1);
    expect((await shopper.get("/api/cart")).body).toEqual([]);
  });

  // The move itself is D1's, already kept when the job is handed on; that the webhook is then sent once is the outbox's (issue 36, item 3).
  it("ORDER_WEBHOOK_QUEUE: an order's move hands its job on without throwing, and the failure is logged by its kind", async () => {
    const pending: Promise<unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    const webhooks = createOrderWebhooks(
      failingQueue(),
      (promise) => void pending.push(promise),
      (logged, fields) => void lines.push({ logged, ...fields }),
    );
    expect(() =>
      webhooks.enqueue({ orderId: "ord_resilience", sessionId: `ucp_${"r".repeat(22)}`, event: "packed", origin: "https://shop.test" }),
    ).not.toThrow();
    await Promise.all(pending);
    expect(lines).toEqual([expect.objectContaining({ logged: "order_webhook_enqueue_failed", orderId: "ord_resilience", event: "packed", error: "Error" })]);
  });

  it("INSIGHTS_QUEUE: a page is answered as ever (its counts are lost, never the page)", async () => {
    const sent = await sendWith({ INSIGHTS_QUEUE: failingQueue() }, new Visitor(), "/faq");
    expect(sent.status, sent.text).toBe(200);
  });
});

describe("a rate limiter does not answer", () => {
  it("the request is let through (the limit is a shield, not a gate) and answered as ever", async () => {
    const shopper = new Visitor();
    const tee = await productBySlug("plain-jane");
    const sent = await sendWith({ CART_LIMITER: failingLimiter(), SHOP_RATE_LIMITS: "on" }, shopper, "/api/cart", {
      method: "POST",
      body: JSON.stringify({ productId: tee.id }),
    });
    expect(sent.status, sent.text).toBe(200);
  });
});

describe("D1 does not answer, in UCP's MCP door", () => {
  it("a tool call answers 503 with Retry-After and a JSON-RPC error in the shop's words, never D1's", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_order", arguments: { meta: { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" } }, id: "A".repeat(43) } },
    });
    const sent = await sendWith({ DB: failingD1(D1_LOST) }, new Visitor(), "/ucp/mcp", {
      method: "POST",
      body,
      headers: { Accept: "application/json, text/event-stream" },
    });
    expect(sent.status, sent.text).toBe(503);
    expect(sent.headers.get("Retry-After")).toBe("5");
    expect(sent.text).not.toMatch(/D1_ERROR|Network connection lost|\n\s+at\s/);
    expect(JSON.parse(sent.text)).toMatchObject({
      error: { message: expect.stringContaining("The shop cannot answer just now. Please try again in a few seconds."), data: { retry_after: 5 } },
    });
  });
});
