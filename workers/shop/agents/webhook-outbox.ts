/**
 * The UCP order webhooks on the outbox (issue 36: "the same holds for the order webhooks"):
 * an event owed to an agent's platform is written to the `outbox` table (channel `webhook`)
 * in the very batch that places or moves the order, beside the job handed to the webhook
 * queue after the answer (webhooks.ts `createOrderWebhooks`, the fast way). A crash between
 * the two, or a queue message lost with the process that held it, leaves the event here, and
 * the sweep (outbox-sweep.ts) queues it again.
 *
 * A webhook has no record of its own as an email has: the consumer (workers/webhook-queue.ts)
 * takes the event out of the outbox once it is settled (delivered, owed to nobody, refused or
 * given up on), and marks it when it is to be tried again (the queue holds it). The sweep
 * queues only an event no consumer has touched for longer than the queue's longest wait
 * between tries. At least once, as the platform's end of it expects: every delivery of an
 * event carries the same `Webhook-Id` (webhooks.ts `webhookId`), so a platform that gets it
 * twice keeps it once.
 */
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import * as v from "valibot";
import type { Log } from "../../../app/shared/log";
import type { Database } from "../../db/client";
import { retryTransient } from "../../db/retry";
import { valuesInColumnOrder } from "../../db/sql";
import * as t from "../../db/schema";
import { isAgentSession, OrderWebhookJobSchema, type OrderEvent, type OrderWebhookJob } from "./webhooks";

/** The outbox's channel for the order webhooks. */
export const WEBHOOK_CHANNEL = "webhook";

/** An event's key in the outbox: one per order and event (a status is reached once). */
export const webhookKey = (orderId: string, event: OrderEvent) => `order_webhook:${orderId}:${event}`;

/**
 * How long an event may go untouched by a consumer before the sweep queues it again. The
 * webhook queue waits at most 10 minutes between tries (email-queue.ts `retryDelaySeconds`),
 * and each try marks the event; past 15 minutes its message is gone.
 */
export const WEBHOOK_SWEEP_AGAIN = "-15 minutes";

/** As the emails': the fast way's message is sent right after the answer, and a batch waits at most 5 s. */
const SWEEP_AFTER = "-10 seconds";

/** Now, as the `Webhook-Timestamp` carries it: unix seconds. */
const NOW_SECONDS = sql`CAST(strftime('%s', 'now') AS INTEGER)`;

const o = t.outbox;

/**
 * The statement that writes the `placed` event of the order `placed` finds (SQL on `orders`),
 * for the batch that places it; none for an order not placed through UCP, or with no origin
 * (its events go nowhere: webhooks.ts `createOrderWebhooks`).
 */
export function placedEventToOutbox(db: Database, placed: SQL, sessionId: string, origin: string | undefined) {
  if (!isAgentSession(sessionId) || !origin) return [];
  const row = valuesInColumnOrder(o, {
    id: null,
    key: sql`'order_webhook:' || ${t.orders.id} || ':placed'`,
    channel: WEBHOOK_CHANNEL,
    job: sql`json_object('orderId', ${t.orders.id}, 'event', 'placed', 'at', ${NOW_SECONDS}, 'origin', ${origin})`,
    createdAt: sql`CURRENT_TIMESTAMP`,
    sweptAt: null,
  });
  return [
    db
      .insert(o)
      .select(sql`SELECT ${row} FROM ${t.orders} WHERE ${placed}`)
      .onConflictDoNothing(),
  ];
}

/**
 * The statement that writes a move's event, for the move's batch: only where `when` holds (SQL
 * true when the move happened), and only for an order placed through UCP, with an origin.
 */
export function movedEventToOutbox(orderId: string, sessionId: string, event: OrderEvent, origin: string | undefined, when: SQL): SQL[] {
  if (!isAgentSession(sessionId) || !origin) return [];
  const row = valuesInColumnOrder(o, {
    id: null,
    key: webhookKey(orderId, event),
    channel: WEBHOOK_CHANNEL,
    job: sql`json_object('orderId', ${orderId}, 'event', ${event}, 'at', ${NOW_SECONDS}, 'origin', ${origin})`,
    createdAt: sql`CURRENT_TIMESTAMP`,
    sweptAt: null,
  });
  return [sql`INSERT INTO ${o} SELECT ${row} WHERE ${when} ON CONFLICT (${sql.identifier(o.key.name)}) DO NOTHING`];
}

/** The event is settled (delivered, owed to nobody, refused, given up on): it leaves the outbox. */
export const webhookSettled = (db: Database, job: OrderWebhookJob) => retryTransient(() => db.delete(o).where(eq(o.key, webhookKey(job.orderId, job.event))));

/** The event is to be tried again: the queue holds it, so the sweep leaves it for WEBHOOK_SWEEP_AGAIN. */
export const webhookHeld = (db: Database, job: OrderWebhookJob) =>
  retryTransient(() =>
    db
      .update(o)
      .set({ sweptAt: sql`CURRENT_TIMESTAMP` })
      .where(eq(o.key, webhookKey(job.orderId, job.event))),
  );

/** Events queued per sweep, as the emails'. */
const SWEEP_BATCH = 50;

/**
 * The webhooks' part of a sweep: every event older than SWEEP_AFTER that no consumer or sweep
 * touched in WEBHOOK_SWEEP_AGAIN is queued again, and marked. An event that is no event (or
 * whose key is not its own) is dropped, never queued. Returns how many it queued.
 */
export async function sweepWebhooks({ db, queue, log }: { db: Database; queue: Queue<OrderWebhookJob>; log: Log }): Promise<number> {
  const due = await db
    .select({ key: o.key, job: o.job })
    .from(o)
    .where(
      and(
        eq(o.channel, WEBHOOK_CHANNEL),
        lte(o.createdAt, sql`datetime('now', ${SWEEP_AFTER})`),
        or(isNull(o.sweptAt), lte(o.sweptAt, sql`datetime('now', ${WEBHOOK_SWEEP_AGAIN})`)),
      ),
    )
    .orderBy(o.id)
    .limit(SWEEP_BATCH);
  const jobs: OrderWebhookJob[] = [];
  const unreadable: string[] = [];
  for (const row of due) {
    const job = v.safeParse(OrderWebhookJobSchema, parseJson(row.job));
    if (job.success && webhookKey(job.output.orderId, job.output.event) === row.key) jobs.push(job.output);
    else unreadable.push(row.key);
  }
  if (unreadable.length > 0) {
    log("outbox_webhook_invalid", { count: unreadable.length });
    await retryTransient(() => db.delete(o).where(inArray(o.key, unreadable)));
  }
  if (jobs.length === 0) return 0;
  await queue.sendBatch(jobs.map((job) => ({ body: job, contentType: "json" as const })));
  // Marked after the send: a mark lost to a crash costs an event delivered twice, which the platform keeps once.
  await retryTransient(() =>
    db
      .update(o)
      .set({ sweptAt: sql`CURRENT_TIMESTAMP` })
      .where(
        inArray(
          o.key,
          jobs.map((job) => webhookKey(job.orderId, job.event)),
        ),
      ),
  );
  return jobs.length;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
