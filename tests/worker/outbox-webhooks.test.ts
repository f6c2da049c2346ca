/**
 * The UCP order webhooks on the outbox (issue 36, item 3: "the same holds for the order
 * webhooks"): an event owed to an agent's platform is written in the batch that places or
 * moves the order, so a crash that drops the queue's job loses no event; the sweep queues
 * what no consumer settled, and leaves what the queue still holds.
 */
import { createMessageBatch, createExecutionContext, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { webhookKey, WEBHOOK_SWEEP_AGAIN } from "../../workers/shop/agents/webhook-outbox";
import type { OrderWebhookJob } from "../../workers/shop/agents/webhooks";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import { sweepOutbox } from "../../workers/shop/emails/outbox-sweep";
import { moveOrder } from "../../workers/shop/orders/lifecycle";
import { createVisitor } from "../../workers/shop/visitor";
import * as ucpSchemas from "../../workers/ucp/schemas";
import { completeCheckout, createCheckout, updateCheckout, type UcpContext } from "../../workers/ucp/shopping";
import { handleWebhookBatch, WEBHOOK_QUEUE } from "../../workers/webhook-queue";
import { SHIPPING_ADDRESS } from "../shopper";
import { row } from "./owner";
import { Visitor } from "./visitor";
import { createShop } from "../../workers/shop";
import { DESTINATION, SHOP, signingEnv } from "./webhook-fixtures";

const HOOK = "https://platform.example/webhooks/ucp/orders";
const db = createDatabase(env.DB);
const noLog = () => undefined;
/** Webhooks handed to a queue that died with the process: nothing reaches it. */
const crashed = { enqueue: () => undefined };

/** A UCP checkout of one snapback, completed by an agent whose platform declared a webhook, in a process that died before its queue sends. */
async function agentOrderThenCrashed() {
  const deps = { db, kv: env.CATALOG_KV, visitor: createVisitor(null), waitUntil: () => undefined, log: noLog, webhooks: crashed };
  const ctx: UcpContext = { origin: SHOP, deps, webhookUrl: HOOK };
  const email = `agent-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = (await createCheckout(ctx, {
    line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
    buyer: { email, first_name: "Jane", last_name: "Doe" },
  })) as ucpSchemas.CheckoutAnswer;
  await updateCheckout(ctx, created.id, { fulfillment: { methods: [{ destinations: [DESTINATION] }] } });
  const done = (await completeCheckout(ctx, created.id, { payment: { instruments: [{ handler_id: "demo", type: "card" }] } })) as ucpSchemas.CheckoutAnswer;
  expect(done.status).toBe("completed");
  return (await env.DB.prepare("SELECT id, number FROM orders WHERE access_token = ?").bind(done.order!.id).first<{ id: string; number: string }>())!;
}

/** The email and webhook queues as the sweep sees them, keeping what they are handed. */
function recordingQueues() {
  const events: OrderWebhookJob[] = [];
  const emails: EmailJob[] = [];
  const recording = <Job>(into: Job[]) =>
    ({
      send: async (job: Job) => void into.push(job),
      sendBatch: async (messages: { body: Job }[]) => void into.push(...messages.map((m) => m.body)),
    }) as unknown as Queue<Job>;
  return { events, emails, queue: recording(emails), webhookQueue: recording(events) };
}

/** One sweep: the events it queued for `orderId` (other tests' may be swept too). */
async function sweptEvents(orderId: string) {
  const { events, queue, webhookQueue } = recordingQueues();
  await sweepOutbox({ db, queue, webhookQueue, log: noLog });
  return events.filter((event) => event.orderId === orderId);
}

type OutboxRow = { key: string; channel: string; job: string; swept_at: string | null };
const outboxRow = (key: string) => row<OutboxRow>("SELECT key, channel, job, swept_at FROM outbox WHERE key = ?", key);
const age = (key: string, column: "created_at" | "swept_at", by: string) =>
  env.DB.prepare(`UPDATE outbox SET ${column} = datetime('now', ?) WHERE key = ?`).bind(by, key).run();

/** The webhook queue's consumer, handed `jobs`, with the platform answering `status`. */
async function consume(jobs: OrderWebhookJob[], status: number) {
  const sent: string[] = [];
  const send = async (url: string) => (sent.push(url), new Response(null, { status }));
  const batch = createMessageBatch(
    WEBHOOK_QUEUE,
    jobs.map((body, i) => ({ id: `hook-${crypto.randomUUID()}-${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleWebhookBatch(batch, signingEnv as never, send);
  return { sent, result: await getQueueResult(batch, ctx) };
}

describe("the order webhooks ride the outbox: an event survives a crash", () => {
  it("an agent's order's placed event is written in the order's batch; a crash before the queue leaves it for the sweep, and its delivery takes it out", async () => {
    const order = await agentOrderThenCrashed();
    const key = webhookKey(order.id, "placed");
    const kept = await outboxRow(key);
    expect(kept).toMatchObject({ channel: "webhook", swept_at: null });
    const job = JSON.parse(kept!.job) as OrderWebhookJob;
    expect(job).toEqual({ orderId: order.id, event: "placed", at: expect.any(Number), origin: SHOP });
    expect(Math.abs(job.at - Date.now() / 1000)).toBeLessThan(60);

    // Younger than the sweep's wait, the event is the queue's still: the sweep leaves it.
    expect(await sweptEvents(order.id)).toEqual([]);
    await age(key, "created_at", "-1 minute");
    const swept = await sweptEvents(order.id);
    expect(swept).toEqual([job]);
    // Swept once, it is not queued again while the queue delivers it.
    expect(await sweptEvents(order.id)).toEqual([]);

    // Delivered (the platform answers 200): settled, it leaves the outbox.
    const { sent, result } = await consume(swept, 200);
    expect(sent).toEqual([HOOK]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxRow(key)).toBeNull();
  });

  it("a move's event is written in the move's batch, a refused move writes none; a delivery to be retried is held from the sweep until the queue has lost it", async () => {
    const order = await agentOrderThenCrashed();
    const owner = { db, outbox: { enqueue: () => undefined }, webhooks: crashed, address: "198.18.0.9" };
    await moveOrder(owner, order.number, { to: "packed" }, SHOP);
    const key = webhookKey(order.id, "packed");
    expect(JSON.parse((await outboxRow(key))!.job)).toMatchObject({ orderId: order.id, event: "packed", origin: SHOP });
    await expect(moveOrder(owner, order.number, { to: "packed" }, SHOP)).rejects.toThrow("This order was packed already.");
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE key LIKE ?", `order_webhook:${order.id}:%`))!.n).toBe(2);

    // The platform answers 500: the queue tries again later, and the event is marked held.
    await age(key, "created_at", "-1 minute");
    const [event] = (await sweptEvents(order.id)).filter((e) => e.event === "packed");
    await age(key, "swept_at", "-20 minutes");
    const { result } = await consume([event!], 500);
    expect(result.retryMessages).toHaveLength(1);
    expect((await outboxRow(key))!.swept_at).not.toBeNull();
    expect((await sweptEvents(order.id)).filter((e) => e.event === "packed")).toEqual([]);
    // Untouched past the queue's longest wait between tries, its message is gone: swept again.
    await age(key, "swept_at", `${WEBHOOK_SWEEP_AGAIN.replace("15", "16")}`);
    expect((await sweptEvents(order.id)).filter((e) => e.event === "packed")).toEqual([event]);
  });

  it("an order of the web checkout owes no agent an event: none is written", async () => {
    const shopper = new Visitor();
    expect((await shopper.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
    const shop = createShop({
      db,
      kv: env.CATALOG_KV,
      visitor: createVisitor(shopper.jar.get("rd_session") ?? null),
      waitUntil: () => undefined,
      log: noLog,
      webhooks: crashed,
    });
    const order = await shop.checkout.placeOrder(
      { email: "web@example.com", ...SHIPPING_ADDRESS, cardholderName: "Jane Doe", checkoutKey: crypto.randomUUID() },
      SHOP,
    );
    expect(await outboxRow(webhookKey(order.id, "placed"))).toBeNull();
    expect(await outboxRow(`order_confirmation:${order.id}`)).not.toBeNull();
  });
});
