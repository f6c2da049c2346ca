/**
 * The shop's emails on their way out. Checkout, the applications and the back office say
 * what happened (an email job: what to write about, never the email itself) and answer at
 * once; the Worker's queue handler (workers/email-queue.ts) renders and sends each one
 * later (delivery.ts), once: it claims the email's record before sending,
 * retries a failed send, and marks dead what reaches the dead-letter queue.
 *
 * An order's confirmation and each move's update are also written to the `outbox` table in
 * the very batch that places or moves the order (`confirmationToOutbox`, `toOutbox`): the
 * job handed to the queue after the answer is the fast way, and a crash that drops it loses
 * nothing, because the sweep (outbox-sweep.ts) queues what the outbox holds and no email
 * record shows was queued.
 */
import { sql, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { errorKind } from "../../../app/shared/errors";
import type { Log } from "../../../app/shared/log";
import { PROGRAMMES } from "../../../app/shared/programmes";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { valuesInColumnOrder } from "../../db/sql";
import { tokenHash, TOKEN_SHAPE } from "../tokens";

/** The shop's address as a visitor reached it, for the links in an email. */
const ORIGIN = v.pipe(v.string(), v.regex(/^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/));

/** An order's internal id: the queue is inside the server, so its jobs may name it. */
const ORDER_ID = v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9_-]{1,64}$/));

/**
 * The order page's token, for the link in an email about the order. The job carries it (the
 * email links to it only when it is the order's own), so that a job, which is data, can
 * never send the token D1 keeps to an origin the job names.
 */
const ORDER_TOKEN = v.pipe(v.string(), v.regex(TOKEN_SHAPE));

/**
 * The owner's resend of an email (the back office's Emails page): the id of its audit entry,
 * which gives the resend a key of its own, so the original keeps its at-most-once.
 */
const RESEND = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)));

/** What the queue carries. Checked again when it arrives: a message is data, not trusted code. */
export const EmailJobSchema = v.variant("kind", [
  /**
   * An order's confirmation. For an order of downloads, the links' tokens (the shop keeps
   * only their hashes) and the shop's address as the shopper reached it.
   */
  v.object({
    kind: v.literal("order_confirmation"),
    orderId: ORDER_ID,
    downloads: v.optional(
      v.pipe(
        v.array(v.object({ productId: v.pipe(v.number(), v.integer(), v.minValue(1)), token: v.pipe(v.string(), v.regex(TOKEN_SHAPE)) })),
        v.maxLength(20),
      ),
    ),
    origin: v.optional(ORIGIN),
    token: v.optional(ORDER_TOKEN),
    resend: RESEND,
  }),
  /**
   * A change of a placed order's status (workers/shop/orders/lifecycle.ts), written from D1
   * when it is sent; the origin is the shop's address as the owner or shopper reached it.
   */
  v.object({
    kind: v.literal("order_update"),
    orderId: ORDER_ID,
    status: v.picklist(["packed", "shipped", "delivered", "cancelled"]),
    origin: v.optional(ORIGIN),
    token: v.optional(ORDER_TOKEN),
    resend: RESEND,
  }),
  v.object({
    kind: v.picklist(["application_received", "application_reviewed"]),
    programme: v.picklist(PROGRAMMES),
    applicationId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    resend: RESEND,
  }),
  /**
   * A newsletter signup's confirmation email. The token is the link's secret, which the shop
   * keeps only as a hash; the origin is the shop's address as the visitor reached it.
   */
  v.object({
    kind: v.literal("newsletter_confirmation"),
    signupId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    token: v.pipe(v.string(), v.regex(TOKEN_SHAPE)),
    origin: ORIGIN,
  }),
  /**
   * A confirmed newsletter address's welcome code (workers/shop/applications.ts), read from
   * D1 when it is sent: the job names the code's row, never the code or the address.
   */
  v.object({
    kind: v.literal("newsletter_welcome"),
    codeId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    origin: v.optional(ORIGIN),
    resend: RESEND,
  }),
  // ---- partners (issue 34): the welcome on approval and the payout's email
  /**
   * An approved affiliate's or creator's welcome: their link, their code and the sign-in
   * link, on the shop's address as the owner reached it (none of them a secret).
   */
  v.object({
    kind: v.literal("partner_welcome"),
    programme: v.picklist(["affiliate", "creator"]),
    applicationId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    origin: ORIGIN,
    resend: RESEND,
  }),
  /** A payout the owner marked paid: its amount and where it went, masked. */
  v.object({
    kind: v.literal("payout_paid"),
    payoutId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    origin: v.optional(ORIGIN),
    resend: RESEND,
  }),
  /**
   * A partner's sign-in (workers/shop/partners/signin.ts): its link's token and its 6-digit
   * code, which the shop keeps only as hashes (the email is sent only while they match), and
   * the shop's address as the partner reached it.
   */
  v.object({
    kind: v.literal("partner_sign_in"),
    signInId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    token: v.pipe(v.string(), v.regex(TOKEN_SHAPE)),
    code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
    origin: ORIGIN,
  }),
  // ---- end of partners
]);
export type EmailJob = v.InferOutput<typeof EmailJobSchema>;

/** How a resend's key ends: its original's key, then this and the resend's number. */
export const RESEND_MARK = ":resend:";

/**
 * One email per job: the key its record in the `emails` table is kept under, so a job
 * delivered twice (queues deliver at least once) is sent once. A confirmation email is one
 * per token (a signup may ask again a day later), named by the token's hash, never the token.
 * An owner's resend is one email of its own: the original's key, marked with the resend's number.
 */
export async function emailKey(job: EmailJob): Promise<string> {
  const key = await originalKey(job);
  return "resend" in job && job.resend !== undefined ? `${key}${RESEND_MARK}${job.resend}` : key;
}

/** The key of the email `key` resends, or `key` itself for an email that is no resend. */
export const originalOfKey = (key: string) => (key.includes(RESEND_MARK) ? key.slice(0, key.indexOf(RESEND_MARK)) : key);

async function originalKey(job: EmailJob): Promise<string> {
  switch (job.kind) {
    case "order_confirmation":
      return `${job.kind}:${job.orderId}`;
    case "order_update":
      // One email per order and status: a status is reached once (order_events is unique on it).
      return `${job.kind}:${job.orderId}:${job.status}`;
    case "newsletter_confirmation":
      return `${job.kind}:${job.signupId}:${(await tokenHash(job.token)).slice(0, 16)}`;
    case "newsletter_welcome":
      // One per code, and an address gets one code.
      return `${job.kind}:${job.codeId}`;
    case "payout_paid":
      // One email per payout: it is marked paid once.
      return `${job.kind}:${job.payoutId}`;
    case "partner_sign_in":
      // One email per sign-in; its secrets stay out of the key.
      return `${job.kind}:${job.signInId}`;
    default:
      return `${job.kind}:${job.programme}:${job.applicationId}`;
  }
}

/**
 * A job as the outbox keeps it: an order confirmation's download tokens left out, since the
 * shop keeps only their hashes (an email composed from it links to the order's page, where
 * the downloads are).
 */
export function storedJob(job: EmailJob): EmailJob {
  if (job.kind !== "order_confirmation" || !job.downloads) return job;
  const { downloads: _tokens, ...kept } = job;
  return kept;
}

/**
 * The statement that writes `job` to the outbox, for the batch of what it reports (as SQL, for
 * a batch run through D1: backoffice/shared.ts `changeInOrder`): once per email (its key), and
 * only where `when` holds (SQL true when what it reports happened).
 */
export async function toOutbox(job: EmailJob, when: SQL): Promise<SQL> {
  const row = valuesInColumnOrder(t.outbox, {
    id: null,
    key: await emailKey(job),
    channel: "email",
    job: JSON.stringify(storedJob(job)),
    createdAt: sql`CURRENT_TIMESTAMP`,
    sweptAt: null,
  });
  return sql`INSERT INTO ${t.outbox} SELECT ${row} WHERE ${when} ON CONFLICT (${sql.identifier(t.outbox.key.name)}) DO NOTHING`;
}

/**
 * The outbox's order confirmation for the order `placed` finds (SQL on `orders`), written in
 * the batch that places it: its id is read there, since an intent placed keeps the id it had.
 * Its key is `emailKey`'s for the job; with `origin`, the job carries the order page's token
 * (D1 keeps it in clear on the order already), so the email links to the page.
 */
export function confirmationToOutbox(db: Database, placed: SQL, origin?: string) {
  const o = t.orders;
  const link = origin ? sql`, 'origin', ${origin}, 'token', ${o.accessToken}` : sql``;
  const row = valuesInColumnOrder(t.outbox, {
    id: null,
    key: sql`'order_confirmation:' || ${o.id}`,
    channel: "email",
    job: sql`json_object('kind', 'order_confirmation', 'orderId', ${o.id}${link})`,
    createdAt: sql`CURRENT_TIMESTAMP`,
    sweptAt: null,
  });
  return db
    .insert(t.outbox)
    .select(sql`SELECT ${row} FROM ${o} WHERE ${placed}`)
    .onConflictDoNothing();
}

export type Outbox = {
  /** Hands the job to the queue in the background: the answer never waits for it or fails with it. */
  enqueue(job: EmailJob): void;
};

export function createOutbox(queue: Queue<EmailJob>, waitUntil: (promise: Promise<unknown>) => void, log: Log): Outbox {
  return {
    enqueue(job) {
      waitUntil(
        // By its kind only: the error's message may carry the job, or an address.
        queue.send(job, { contentType: "json" }).catch((error: unknown) => log("email_enqueue_failed", { kind: job.kind, ...errorKind(error) })),
      );
    },
  };
}

/**
 * What happens to an email whose send keeps failing, in the owner's words (the back
 * office's Overview says it). It must stay true to the queue's settings in wrangler.toml.
 */
export const WHEN_AN_EMAIL_KEEPS_FAILING =
  "A send that fails is tried again up to 5 times, waiting 30 seconds, then 1, 2, 4 and 8 minutes. An email that still fails is moved to the dead-letter queue and marked dead on the Emails page, and never sent. No email is sent twice.";
