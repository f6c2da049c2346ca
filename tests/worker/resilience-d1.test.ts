/**
 * The resiliency matrix's D1 rows (docs/decisions/0028): a database that loses its connection
 * or has its storage object reset, in every door. Each answer is the shop's own, with the
 * request id and Retry-After; nothing is half written; the cart is kept.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { failedPageStatus, logPageError } from "../../app/page-errors.server";
import { describe, expect, it, vi } from "vitest";
import { INSIGHTS_QUEUE } from "../../workers/insights/events";
import { handleScheduled } from "../../workers/payout-run";
import { handleWebhookBatch, WEBHOOK_QUEUE } from "../../workers/webhook-queue";
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
    const sent = await sendWith({ DB: failingD1(D1_RESET, "batch") }, shopper, INTENT, {
      method: "POST",
      body: JSON.stringify({ customerEmail: "resilient@example.com" }),
    });
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

describe("D1 is slow", () => {
  it("a D1 that takes 300 ms a query still answers the shopper, only later: no timeout of the shop's own", async () => {
    const shopper = await shopperWithATee();
    const slow = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (key !== "withSession" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return (...args: [string]) => {
          const session = target.withSession(...args);
          return new Proxy(session, {
            get(real, name) {
              const member = Reflect.get(real, name) as unknown;
              if (typeof member !== "function") return member;
              if (name !== "batch") return member.bind(real);
              return async (statements: D1PreparedStatement[]) => (await new Promise((resolve) => setTimeout(resolve, 300)), real.batch(statements));
            },
          });
        };
      },
    });
    const sent = await sendWith({ DB: slow }, shopper, "/api/cart");
    expect(sent.status, sent.text).toBe(200);
  });
});

describe("D1 does not answer, in the downloads", () => {
  it("a download link answers 503 with Retry-After, and nothing is counted", async () => {
    const sent = await sendWith({ DB: failingD1(D1_LOST) }, new Visitor(), `/downloads/${"A".repeat(43)}/mp3`);
    expect(sent.status, sent.text).toBe(503);
    expect(sent.headers.get("Retry-After")).toBe("5");
    expect(sent.text).not.toMatch(/D1_ERROR|\n\s+at\s/);
  });
});

describe("D1 does not answer, in /admin", () => {
  it("the owner's page answers the back office's 503 page with Retry-After", async () => {
    const owner = new Owner();
    expect((await owner.signIn()).status).toBe(303);
    const sent = await owner.request("GET", "/admin/orders", undefined, {}, { DB: failingD1(D1_LOST) });
    expectUnavailablePage(sent);
  });

  it("marking an order packed answers the 503 page, and the order is as it was", async () => {
    const shopper = await shopperWithATee();
    const form = new URLSearchParams({
      ...SHIPPING_ADDRESS,
      email: "packed-later@example.com",
      cardholderName: "Jane Q. Shopper",
      checkoutKey: crypto.randomUUID(),
    });
    expect((await shopper.post("/checkout", form.toString(), { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(200);
    const { number } = (await env.DB.prepare("SELECT number FROM orders WHERE session_id = ? AND status = 'placed'")
      .bind(shopper.jar.get("rd_session"))
      .first<{ number: string }>())!;
    const owner = new Owner();
    expect((await owner.signIn()).status).toBe(303);
    expectUnavailablePage(await owner.request("POST", `/admin/orders/${number}/pack`, {}, {}, { DB: failingD1(D1_RESET, "batch") }));
    expect((await env.DB.prepare("SELECT status FROM orders WHERE number = ?").bind(number).first<{ status: string }>())!.status).toBe("placed");
  });
});

describe("D1 does not answer, in UCP", () => {
  const AGENT = 'profile="https://agent.example/.well-known/ucp"';

  it("REST: a 503 protocol error with Retry-After, in UCP's words", async () => {
    const sent = await sendWith({ DB: failingD1(D1_LOST) }, new Visitor(), `/ucp/v1/orders/${"A".repeat(43)}`, {
      headers: { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID() },
    });
    expect(sent.status, sent.text).toBe(503);
    expect(sent.headers.get("Retry-After")).toBe("5");
    expect(sent.text).not.toMatch(/D1_ERROR|\n\s+at\s/);
  });
});

describe("D1 does not answer, in the queue consumers and the Cron Trigger", () => {
  it("an email job is retried, never acknowledged, while D1 does not answer", async () => {
    const batch = createMessageBatch("raw-dogg-emails", [
      { id: "msg-d1", timestamp: new Date(), attempts: 1, body: { kind: "order_confirmation", orderId: "ord_resilience" } },
    ]);
    const ctx = createExecutionContext();
    const logged = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await worker.queue(batch, { ...env, DB: failingD1(D1_LOST) }).catch(() => undefined);
    const lines = logged.mock.calls.map(([line]) => String(line));
    logged.mockRestore();
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    // The operator sees why the email waits: its kind and attempt, the error by its kind only.
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ event: "email_retry_later", kind: "order_confirmation", attempts: 1, error: "Error" }),
    );
  });

  it("an agent's order webhook is retried with its backoff, never dropped, while D1 does not answer", async () => {
    const delays: (number | undefined)[] = [];
    const batch = createMessageBatch(WEBHOOK_QUEUE, [
      {
        id: "msg-hook",
        timestamp: new Date(),
        attempts: 1,
        body: { orderId: "ord_resilience", event: "packed", at: 1_790_000_000, origin: "https://shop.test" },
      },
    ]);
    batch.messages[0]!.retry = (options) => void delays.push(options?.delaySeconds);
    await handleWebhookBatch(batch, { ...env, DB: failingD1(D1_LOST) } as Env);
    expect(delays).toEqual([30]);
  });

  it("the insights' counts are retried as a batch, never half summed, while D1 does not answer", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const batch = createMessageBatch(INSIGHTS_QUEUE, [
      { id: "msg-count", timestamp: new Date(), attempts: 1, body: { day, counts: [{ metric: "visit", subject: "/" }], vitals: [] } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, DB: failingD1(D1_RESET) });
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
  });

  it("the payout run fails loudly (the run shows as failed) and drafts nothing half", async () => {
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM partner_payouts").first<{ n: number }>())!.n;
    const controller = createScheduledController({ scheduledTime: Date.UTC(2026, 11, 15, 6), cron: "0 6 15 * *" });
    await expect(handleScheduled(controller, { ...env, DB: failingD1(D1_RESET) })).rejects.toThrow();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM partner_payouts").first<{ n: number }>())!.n).toBe(before);
  });
});

describe("D1 does not answer, in React Router's pages (production)", () => {
  it("a loader's D1 fault turns the error page's 500 into a 503 with Retry-After; any other fault stays a 500", async () => {
    const faulted = (error: Error) => {
      const context = new RouterContextProvider();
      logPageError("page_error", error, { request: new Request("http://shop.test/cart"), context });
      const headers = new Headers();
      return { status: failedPageStatus(500, headers, context), retryAfter: headers.get("Retry-After") };
    };
    expect(faulted(new Error("Failed query", { cause: new Error(D1_LOST) }))).toEqual({ status: 503, retryAfter: "5" });
    expect(faulted(new Error("a bug"))).toEqual({ status: 500, retryAfter: null });
  });
});
