/**
 * UCP order webhooks (order.md, "Events"): the agent's platform that placed an order hears
 * of it when it is placed, packed, shipped, delivered or cancelled. Where the order moves
 * (checkout/placing.ts `placeOrder`, orders/lifecycle.ts `applyMove`), an event job is handed to the
 * webhook queue; the Worker's queue handler (workers/webhook-queue.ts) reads the order as it
 * is then, signs it and POSTs it to the webhook URL the platform's profile declared. The
 * event is also written to the outbox in the order's own batch (webhook-outbox.ts), so a
 * crash that drops the queue's job loses no event.
 */
import { and, count, eq } from "drizzle-orm";
import * as v from "valibot";
import { errorKind } from "../../../app/shared/errors";
import type { Log } from "../../../app/shared/log";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";

/** The events sent: every status a placed order reaches (a status is reached once: order_events is unique on it). */
export const ORDER_EVENTS = ["placed", "packed", "shipped", "delivered", "cancelled"] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** An order placed through UCP: its session (the cart it was placed from) is an agent's (sessions.ts). */
const AGENT_SESSION = /^ucp_[A-Za-z0-9_-]{22}$/;
export const isAgentSession = (sessionId: string) => AGENT_SESSION.test(sessionId);

/** The shop's address as the agent or the owner reached it: the payload's links and the signer's profile are on it. */
const ORIGIN = v.pipe(v.string(), v.regex(/^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/));

/** What the queue carries. Checked again when it arrives: a message is data, not trusted code. */
export const OrderWebhookJobSchema = v.object({
  orderId: v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9_-]{1,64}$/)),
  event: v.picklist(ORDER_EVENTS),
  /** When it happened (unix seconds): the `Webhook-Timestamp`, the same on every retry. */
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
  origin: ORIGIN,
});
export type OrderWebhookJob = v.InferOutput<typeof OrderWebhookJobSchema>;

/** What a move tells: the order, the session it was placed from, what happened and on which address. */
export type OrderEventNote = { orderId: string; sessionId: string; event: OrderEvent; origin: string | undefined };

export type OrderWebhooks = { enqueue(note: OrderEventNote): void };

/**
 * The webhook queue's producer. Only an order placed through UCP with a known origin is
 * enqueued; whether its platform declared a webhook is read when the job is delivered.
 */
export function createOrderWebhooks(queue: Queue<OrderWebhookJob>, waitUntil: (promise: Promise<unknown>) => void, log: Log): OrderWebhooks {
  return {
    enqueue({ orderId, sessionId, event, origin }) {
      if (!isAgentSession(sessionId) || !origin) return;
      const job: OrderWebhookJob = { orderId, event, at: Math.floor(Date.now() / 1000), origin };
      waitUntil(
        queue.send(job, { contentType: "json" }).catch((error: unknown) => log("order_webhook_enqueue_failed", { orderId, event, ...errorKind(error) })),
      );
    },
  };
}

/** The URL namespace of RFC 9562 (§6.6): the name hashed is the event's own, below. */
const URL_NAMESPACE = "6ba7b8119dad11d180b400c04fd430c8";

/**
 * The event's `Webhook-Id`: a UUID (the spec's format) derived from the order and the event
 * (version 5, RFC 9562 §5.5), so every retry, and a job delivered twice, carry the same one.
 */
export async function webhookId(orderId: string, event: OrderEvent): Promise<string> {
  const namespace = Uint8Array.from(URL_NAMESPACE.match(/../g)!, (byte) => parseInt(byte, 16));
  const name = new TextEncoder().encode(`urn:rawdogg:order-event:${orderId}:${event}`);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-1", new Uint8Array([...namespace, ...name]))).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Where an order's events go and the token its answer is read by: the webhook URL its
 * completing agent declared. Null when the order was not placed through UCP, or its agent
 * declared no webhook.
 */
export async function webhookTarget(db: Database, orderId: string): Promise<{ url: string; token: string } | null> {
  const found = await db
    .select({ url: t.ucpSessions.webhookUrl, token: t.orders.accessToken })
    .from(t.orders)
    .innerJoin(t.ucpSessions, eq(t.ucpSessions.id, t.orders.sessionId))
    .where(and(eq(t.orders.id, orderId), eq(t.ucpSessions.kind, "checkout")))
    .get();
  return found?.url && found.token ? { url: found.url, token: found.token } : null;
}

/** An event given up on, kept once (a dead letter delivered twice is one failure). */
export async function recordDead(db: Database, job: OrderWebhookJob, id: string, host: string, reason: string): Promise<void> {
  await db.insert(t.orderWebhookFailures).values({ webhookId: id, orderId: job.orderId, event: job.event, host, reason }).onConflictDoNothing();
}

/** How many order events the shop gave up sending (the Overview's line). */
export const deadWebhooks = (db: Database) => db.select({ count: count() }).from(t.orderWebhookFailures);

/**
 * What happens to an order event whose delivery keeps failing, in the owner's words (the
 * Overview says it). It must stay true to the webhook queue's settings in wrangler.toml.
 */
export const WHEN_A_WEBHOOK_KEEPS_FAILING =
  "An agent's platform that asked for order events gets each one signed; a delivery that fails or takes over 5 seconds is tried again up to 5 times, waiting 30 seconds, then 1, 2, 4 and 8 minutes. One that still fails is given up on and counted here; the platform can still read the order.";
