/**
 * The resiliency matrix's D1 rows (docs/decisions/0028): a database that loses its connection
 * or has its storage object reset, in every door. Each answer is the shop's own, with the
 * request id and Retry-After; nothing is half written; the cart is kept.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleScheduled } from "../../workers/payout-run";
import worker from "./entry";
import { productBySlug } from "./helpers";
import { Owner } from "./owner";
import { D1_LOST, D1_RESET, expectUnavailableJson, expectUnavailablePage, failingD1, sendWith } from "./resilience";
import { SHIPPING_ADDRESS } from "../shopper";
import { Visitor } from "./visitor";

const INTENT = "/api/payment/create-payment-intent";

async function shopperWithATee() {
  const shopper = new Visitor();
  const tee = await productBySlug("plain-jane");
  expect((await shopper.post("/api/cart", { productId: tee.id, quantity: 2 })).status).toBe(200);
  return shopper;
}

const cartOf = async (visitor: Visitor) => (await visitor.get<{ quantity: number }[]>("/api/cart")).body.map((line) => line.quantity);

const ordersOf = async (visitor: Visitor) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE session_id = ?").bind(visitor.jar.get("rd_session")).first<{ n: number }>())!.n;

describe("D1 does not answer, in /api", () => {
  it("a cart change answers 503 with Retry-After and the request id, and the cart is as it was", async () => {
    const shopper = await shopperWithATee();
    const tee = await productBySlug("plain-jane");
    const sent = await sendWith({ DB: failingD1(D1_LOST) }, shopper, "/api/cart", { method: "POST", body: JSON.stringify({ productId: tee.id }) });
    expectUnavailableJson(sent);
    expect(await cartOf(shopper)).toEqual([2]);
  });

  it("a checkout whose order batch fails answers 503; no order is written, part or whole, and the cart is kept", async () => {
    const shopper = await shopperWithATee();
    const sent = await sendWith({ DB: failingD1(D1_RESET, "batch") }, shopper, INTENT, { method: "POST", body: JSON.stringify({ customerEmail: "resilient@example.com" }) });
    expectUnavailableJson(sent);
    expect(await ordersOf(shopper)).toBe(0);
    expect(await cartOf(shopper)).toEqual([2]);
    // Once D1 answers again, the same cart is ordered.
    expect((await shopper.post(INTENT, { customerEmail: "resilient@example.com" })).status).toBe(200);
    expect(await ordersOf(shopper)).toBe(1);
  });
});

describe("D1 does not answer, in the pages", () => {
  it("a page answers the shop's own 503 page naming the request id, with Retry-After", async () => {
    const shopper = await shopperWithATee();
    expectUnavailablePage(await sendWith({ DB: failingD1(D1_LOST) }, shopper, "/cart"));
  });

  it("a checkout posted without JavaScript whose order batch fails answers the 503 page; the cart is kept", async () => {
    const shopper = await shopperWithATee();
    const form = new URLSearchParams({ ...SHIPPING_ADDRESS, email: "no-js@example.com", cardholderName: "Jane Q. Shopper", checkoutKey: crypto.randomUUID() });
    const sent = await sendWith({ DB: failingD1(D1_RESET, "batch") }, shopper, "/checkout", {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expectUnavailablePage(sent);
    expect(await ordersOf(shopper)).toBe(0);
    expect(await cartOf(shopper)).toEqual([2]);
  });
});

describe("D1 does not answer, in /admin", () => {
  it("the owner's page answers the back office's 503 page with Retry-After", async () => {
    const owner = new Owner();
    expect((await owner.signIn()).status).toBe(303);
    const sent = await owner.request("GET", "/admin/orders", undefined, {}, { DB: failingD1(D1_LOST) });
    expectUnavailablePage(sent);
  });
});

describe("D1 does not answer, in UCP", () => {
  const AGENT = 'profile="https://agent.example/.well-known/ucp"';

  it("REST: a 503 protocol error with Retry-After, in UCP's words", async () => {
    const sent = await sendWith({ DB: failingD1(D1_LOST) }, new Visitor(), `/ucp/v1/orders/${"A".repeat(43)}`, { headers: { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID() } });
    expect(sent.status, sent.text).toBe(503);
    expect(sent.headers.get("Retry-After")).toBe("5");
    expect(sent.text).not.toMatch(/D1_ERROR|\n\s+at\s/);
  });
});

describe("D1 does not answer, in the queue consumers and the Cron Trigger", () => {
  it("an email job is retried, never acknowledged, while D1 does not answer", async () => {
    const batch = createMessageBatch("raw-dogg-emails", [{ id: "msg-d1", timestamp: new Date(), attempts: 1, body: { kind: "order_confirmation", orderId: "ord_resilience" } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, DB: failingD1(D1_LOST) }).catch(() => undefined);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
  });

  it("the payout run fails loudly (the run shows as failed) and drafts nothing half", async () => {
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM partner_payouts").first<{ n: number }>())!.n;
    const controller = createScheduledController({ scheduledTime: Date.UTC(2026, 11, 15, 6), cron: "0 6 15 * *" });
    await expect(handleScheduled(controller, { ...env, DB: failingD1(D1_RESET) })).rejects.toThrow();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM partner_payouts").first<{ n: number }>())!.n).toBe(before);
  });
});
