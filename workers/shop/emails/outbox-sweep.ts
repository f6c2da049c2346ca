/**
 * The outbox's sweep: the safety net under the queue (outbox.ts). An order's confirmation
 * and a move's update are written to the `outbox` table in the batch of what they report,
 * and handed to the queue after the answer; a crash between the two, or a queue message lost
 * with the consumer that held it, leaves a job there whose email never went out. The sweep
 * finds those and queues them again; the claim (delivery.ts `claimEmail`) still decides, so
 * a job queued twice is sent once.
 *
 * The order webhooks' events ride the same outbox and sweep (agents/webhook-outbox.ts).
 *
 * It runs from the Cron Trigger (every 5 minutes, workers/payout-run.ts) and, at most once a
 * minute per isolate, after a request's answer (workers/edge/outbox-sweep.ts).
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import * as v from "valibot";
import { errorKind } from "../../../app/shared/errors";
import type { Log } from "../../../app/shared/log";
import type { Database } from "../../db/client";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { CLAIM_HOLDS } from "./delivery";
import { emailKey, EmailJobSchema, type EmailJob } from "./outbox";
import { sweepWebhooks } from "../agents/webhook-outbox";
import type { OrderWebhookJob } from "../agents/webhooks";

/**
 * How old a job with no email record must be before the sweep queues it: the fast way's
 * message is sent right after the answer and the queue's batches wait at most 5 s, so a job
 * still without a record after twice that was not queued, or its message was lost. Sweeping
 * one the queue still holds (a backlog) costs a message, never a second email; the crash
 * drill (`npm run gameday`) waits only seconds for the emails to drain.
 */
export const SWEEP_AFTER = "-10 seconds";

/** A job the sweep queued is queued again at most this often while its email has no outcome. */
export const SWEEP_AGAIN = "-10 minutes";

/**
 * A `failed` email the queue no longer holds: its retries wait at most 10 minutes
 * (email-queue.ts `retryDelaySeconds`), so one not tried again in 15 was given up with its
 * message (a consumer that died). Queued again, it gets the queue's tries once more, and
 * the dead-letter queue marks it dead if they fail.
 */
export const FAILED_GIVEN_UP = "-15 minutes";

/** Jobs queued per sweep: the queue takes at most 100 messages a batch, D1 100 values a statement. */
export const SWEEP_BATCH = 50;

export type SweepDeps = { db: Database; queue: Queue<EmailJob>; log: Log; webhookQueue?: Queue<OrderWebhookJob> };

/** Emails queued, email jobs cleared (their email done), and order webhook events queued again. */
export type Sweep = { queued: number; cleared: number; webhooks: number };

const o = t.outbox;
const e = t.emails;

/**
 * One sweep. Jobs whose email is sent, withheld or dead leave the outbox; then every job
 * older than SWEEP_AFTER, not swept in the last SWEEP_AGAIN, whose email has no record, or
 * was given up `failed`, or is held `sending` past CLAIM_HOLDS by a consumer that died, is
 * queued again (its claim is then taken over by `claimEmail`).
 */
export async function sweepOutbox({ db, queue, log, webhookQueue }: SweepDeps): Promise<Sweep> {
  const done = db
    .select({ key: e.key })
    .from(e)
    .where(inArray(e.status, ["sent", "withheld", "dead"]));
  const cleared = await retryTransient(() => db.delete(o).where(inArray(o.key, done)).returning({ id: o.id }));
  const due = await db
    .select({ key: o.key, job: o.job })
    .from(o)
    .leftJoin(e, eq(e.key, o.key))
    .where(
      and(
        eq(o.channel, "email"),
        lte(o.createdAt, sql`datetime('now', ${SWEEP_AFTER})`),
        or(isNull(o.sweptAt), lte(o.sweptAt, sql`datetime('now', ${SWEEP_AGAIN})`)),
        or(
          isNull(e.key),
          and(eq(e.status, "failed"), lte(e.updatedAt, sql`datetime('now', ${FAILED_GIVEN_UP})`)),
          and(eq(e.status, "sending"), lte(e.claimedAt, sql`datetime('now', ${CLAIM_HOLDS})`)),
        ),
      ),
    )
    .orderBy(o.id)
    .limit(SWEEP_BATCH);
  const jobs: EmailJob[] = [];
  const unreadable: string[] = [];
  for (const row of due) {
    const job = v.safeParse(EmailJobSchema, parseJson(row.job));
    // A job is checked as a queue message is: one that is no job (or whose key is not its own) is dropped, never sent.
    if (job.success && (await emailKey(job.output)) === row.key) jobs.push(job.output);
    else unreadable.push(row.key);
  }
  if (unreadable.length > 0) {
    log("outbox_job_invalid", { count: unreadable.length });
    await retryTransient(() => db.delete(o).where(inArray(o.key, unreadable)));
  }
  if (jobs.length > 0) {
    await queue.sendBatch(jobs.map((job) => ({ body: job, contentType: "json" as const })));
    const keys = await Promise.all(jobs.map(emailKey));
    // Marked after the send: a mark lost to a crash costs a message sent twice, never an email.
    await retryTransient(() =>
      db
        .update(o)
        .set({ sweptAt: sql`CURRENT_TIMESTAMP` })
        .where(inArray(o.key, keys)),
    );
  }
  const webhooks = webhookQueue ? await sweepWebhooks({ db, queue: webhookQueue, log }) : 0;
  const sweep = { queued: jobs.length, cleared: cleared.length, webhooks };
  if (sweep.queued > 0 || sweep.cleared > 0 || sweep.webhooks > 0) log("outbox_swept", sweep);
  return sweep;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The sweep, its failure logged by kind and never thrown: what runs after an answer never fails it. */
export const sweepQuietly = (deps: SweepDeps) => sweepOutbox(deps).catch((error: unknown) => deps.log("outbox_sweep_failed", errorKind(error)));

/** The least time between two sweeps after requests, in one isolate. */
export const REQUEST_SWEEP_EVERY_MS = 60_000;

/**
 * Whether a request may start a sweep now: at most once every REQUEST_SWEEP_EVERY_MS per
 * isolate (the Cron Trigger sweeps every 5 minutes whatever the traffic).
 */
export function sweepThrottle(everyMs = REQUEST_SWEEP_EVERY_MS) {
  let last = -Infinity;
  return (now = Date.now()) => {
    if (now - last < everyMs) return false;
    last = now;
    return true;
  };
}
