/**
 * Sending an email, at most once: the consumer claims the email's record in one statement
 * that only one consumer can win, sends it through Cloudflare Email Service's `send_email`
 * binding, and records the outcome in the `emails` table (sent or failed, when, how many
 * attempts; never the body). A dead letter is marked dead.
 *
 * The daily cap: an address that has not proven it is its owner's gets at most
 * DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS emails a day (contract, "Emails"; decision 0014).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { BRAND_NAME } from "../../../app/shared/constants";
import { errorKind } from "../../../app/shared/errors";
import type { Log } from "../../../app/shared/log";
import type { Database } from "../../db/client";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { composeEmail } from "./compose";
import type { Email } from "./letter";
import { emailKey, RESEND_MARK, type EmailJob } from "./outbox";
import { recipientKey } from "./recipients";

export type MailDeps = {
  db: Database;
  /** Cloudflare Email Service's binding (`[[send_email]]` in wrangler.toml). */
  mailer: SendEmail;
  /** The sender address, on a domain onboarded to Email Service (the EMAIL_FROM var). */
  from: string;
  log: Log;
};

/** Emails a day, of any kind, to an address that has not proven it is its owner's. */
export const DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS = 3;

/** Why an email over the cap was not sent, as its record says (the back office's Emails page). */
export const WITHHELD_OVER_THE_DAILY_CAP = `Not sent: an address that has not confirmed it is its owner's gets at most ${DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS} emails a day.`;

/** Why an order's update was not sent: its confirmation was withheld, so the order's updates are too. */
export const WITHHELD_WITH_ITS_CONFIRMATION = "Not sent: this order's confirmation was withheld by the daily cap, so its updates are too.";

/**
 * Emails bounded on their own, which go out without the cap and do not count against it: the
 * owner's approval sends one welcome per partner, marking a payout paid one email per payout,
 * and a partner's sign-in goes only to a partner, a few an hour (workers/shop/partners/signin.ts).
 */
const BOUNDED_KINDS = ["partner_welcome", "payout_paid", "partner_sign_in"] as const satisfies EmailJob["kind"][];

/**
 * Whether one more email may go to this recipient, as SQL: its address was confirmed through
 * the newsletter's link (the only proof the shop takes: an order or an application proves
 * nothing, anyone can type any address), or it got fewer than the cap in the last 24 hours
 * (every email sent, being sent, failed or dead counts; withheld ones do not).
 *
 * An order's update (packed, shipped, delivered, cancelled) goes out unless the order's own
 * confirmation was withheld, and does not count against the cap: a sender cannot cause more
 * than the cap's confirmations a day, and each such order at most three updates, so what one
 * address receives stays bounded, while a shopper who orders twice in a day still hears
 * that each order shipped (docs/decisions/0021).
 */
function mayWriteTo(to: string, key: string, job: EmailJob) {
  // An owner's resend is one more email to the address: it meets the cap, whatever its kind.
  if (job.kind === "order_update" && job.resend === undefined) {
    return sql`NOT EXISTS (SELECT 1 FROM emails WHERE key = ${`order_confirmation:${job.orderId}`} AND status = 'withheld')`;
  }
  // A partner's welcome and payout emails: sent only by the owner's own decision, once per partner and per payout.
  if ((job.kind === "partner_welcome" || job.kind === "payout_paid") && job.resend === undefined) return sql`1`;
  // A partner's sign-in goes only to a partner's address, at most SIGN_IN_EMAILS_PER_HOUR and
  // _PER_DAY (workers/shop/partners/signin.ts): bounded on its own, it neither meets the cap nor counts toward it.
  if (job.kind === "partner_sign_in") return sql`1`;
  return sql`(
    EXISTS (SELECT 1 FROM newsletter_signups WHERE email = ${to.trim().toLowerCase()} AND confirmed_at IS NOT NULL)
    OR (
      SELECT count(*) FROM emails
      WHERE recipient_key = ${recipientKey(to)} AND key <> ${key} AND (kind NOT IN ('order_update', ${sql.join(
        BOUNDED_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )}) OR instr(key, ${RESEND_MARK}) > 0)
        AND status <> 'withheld' AND created_at > datetime('now', '-1 day')
    ) < ${DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS}
  )`;
}

// ---------------------------------------------------------------- sending

/** How long a `sending` claim holds: past it, its consumer is taken to have died mid-send (the outbox's sweep queues its job again). */
export const CLAIM_HOLDS = "-5 minutes";

/**
 * Claims the job's email for this consumer in one statement, which only one consumer can
 * win (D1 runs one write at a time): a new record, or a failed one, or one whose claim is
 * stale, becomes `sending` under `claim`. A new record is written only while its recipient
 * may be written to (`mayWriteTo`); a failed one already holds its place under the cap.
 * True when this consumer won. The same claim sent again (after a transient error) wins
 * again, so the statement is safe to retry.
 */
async function claimEmail(db: Database, key: string, job: EmailJob, email: Email, attempt: number, claim: string): Promise<boolean> {
  const won = await db.all(sql`
    INSERT INTO emails (key, kind, recipient, recipient_key, subject, status, attempts, claim, claimed_at)
    SELECT ${key}, ${job.kind}, ${email.to}, ${recipientKey(email.to)}, ${email.subject}, 'sending', ${attempt}, ${claim}, CURRENT_TIMESTAMP
    WHERE ${mayWriteTo(email.to, key, job)}
    ON CONFLICT (key) DO UPDATE SET
      status = 'sending', attempts = excluded.attempts, claim = excluded.claim, claimed_at = excluded.claimed_at,
      recipient = excluded.recipient, recipient_key = excluded.recipient_key, subject = excluded.subject, updated_at = CURRENT_TIMESTAMP
    WHERE emails.status = 'failed' OR (emails.status = 'sending' AND emails.claimed_at <= datetime('now', ${CLAIM_HOLDS})) OR emails.claim = excluded.claim
    RETURNING claim`);
  return won.length === 1;
}

/** Records an email kept back by the daily cap: not sent, not retried, the reason on its record. */
function withhold(db: Database, key: string, job: EmailJob, email: Email) {
  const error = job.kind === "order_update" ? WITHHELD_WITH_ITS_CONFIRMATION : WITHHELD_OVER_THE_DAILY_CAP;
  const reason = { status: "withheld" as const, error, claim: null, claimedAt: null };
  return db
    .insert(t.emails)
    .values({ key, kind: job.kind, recipient: email.to, recipientKey: recipientKey(email.to), subject: email.subject, attempts: 0, ...reason })
    .onConflictDoUpdate({ target: t.emails.key, set: { ...reason, updatedAt: sql`CURRENT_TIMESTAMP` }, setWhere: eq(t.emails.status, "failed") });
}

export type Delivery = "sent" | "already_sent" | "nothing_to_send" | "withheld" | "dead" | "claimed_elsewhere";

/** What the record of an email this consumer may not claim says of it. */
const settled = (status: Exclude<t.EmailStatus, "failed">): Delivery =>
  status === "sending" ? "claimed_elsewhere" : status === "sent" ? "already_sent" : status;

/**
 * Sends the email a job asks for, at most once: the consumer claims its record first
 * (`claimEmail`), sends, then records the outcome. A job whose email another consumer is
 * sending right now answers `claimed_elsewhere`, for the queue to try again later; one that
 * was sent, withheld or is dead is not sent again. A failed send is recorded and thrown,
 * for the queue to retry.
 */
export async function deliverEmail(deps: MailDeps, job: EmailJob, attempt: number): Promise<Delivery> {
  const { db, log } = deps;
  const key = await emailKey(job);
  const email = await composeEmail(db, job);
  if (!email) {
    log("email_not_sent", { kind: job.kind, key, reason: "nothing to send" });
    // Nor will there be: the outbox's copy goes, or the sweep would queue it again and again.
    await retryTransient(() => db.delete(t.outbox).where(eq(t.outbox.key, key)));
    return "nothing_to_send";
  }
  const claim = crypto.randomUUID();
  if (!(await retryTransient(() => claimEmail(db, key, job, email, attempt, claim)))) {
    const record = await db.select({ status: t.emails.status }).from(t.emails).where(eq(t.emails.key, key)).get();
    if (!record || record.status === "failed") {
      await withhold(db, key, job, email);
      log("email_withheld", { kind: job.kind, key, reason: "daily cap" });
      return "withheld";
    }
    return settled(record.status);
  }
  const ours = and(eq(t.emails.key, key), eq(t.emails.claim, claim));
  const released = { claim: null, claimedAt: null, attempts: attempt, updatedAt: sql`CURRENT_TIMESTAMP` };
  let messageId: string;
  try {
    ({ messageId } = await deps.mailer.send({
      from: { email: deps.from, name: BRAND_NAME },
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    }));
  } catch (error) {
    const reason = sendError(error);
    await retryTransient(() =>
      db
        .update(t.emails)
        .set({ status: "failed", error: reason, ...released })
        .where(ours),
    );
    log("email_failed", { kind: job.kind, key, attempt, error: reason });
    throw error;
  }
  try {
    // Sent is the truth, whoever holds the claim by now. Tried again on a transient error: a record
    // left `sending` would be taken over once its claim lapses, and the email sent twice.
    await retryTransient(() =>
      db
        .update(t.emails)
        .set({ status: "sent", error: null, messageId, ...released })
        .where(eq(t.emails.key, key)),
    );
  } catch (error) {
    // Acknowledged all the same: a retry would send it again. Its record stays `sending`.
    log("email_sent_unrecorded", { kind: job.kind, key, ...errorKind(error) });
    return "sent";
  }
  log("email_sent", { kind: job.kind, key, attempt });
  return "sent";
}

/** What a dead record says when the email never got as far as a send. */
const NEVER_SENT = "Never sent: every attempt failed before the email could be sent.";

/**
 * The end of a job that reached the dead-letter queue (the email queue gave up on it): its
 * record is marked dead, and it is never sent. A job that never got a record gets a dead
 * one, so that the back office shows it; one that was sent or withheld stays so.
 */
export async function markDead(deps: MailDeps, job: EmailJob): Promise<Delivery> {
  const { db, log } = deps;
  const key = await emailKey(job);
  const dead = { status: "dead" as const, claim: null, claimedAt: null, updatedAt: sql`CURRENT_TIMESTAMP` };
  const marked = await db
    .update(t.emails)
    .set(dead)
    .where(and(eq(t.emails.key, key), inArray(t.emails.status, ["failed", "sending"])))
    .returning({ id: t.emails.id });
  if (marked.length === 0) {
    const record = await db.select({ status: t.emails.status }).from(t.emails).where(eq(t.emails.key, key)).get();
    // Failed again between the two reads: the dead-letter queue retries this message.
    if (record?.status === "failed") throw new Error("the email's record changed while it was being marked dead");
    if (record) return settled(record.status);
    const email = await composeEmail(db, job);
    if (!email) return "nothing_to_send";
    await db
      .insert(t.emails)
      .values({
        key,
        kind: job.kind,
        recipient: email.to,
        recipientKey: recipientKey(email.to),
        subject: email.subject,
        attempts: 0,
        error: NEVER_SENT,
        ...dead,
      })
      .onConflictDoNothing();
  }
  log("email_dead", { kind: job.kind, key });
  return "dead";
}

/** Why a send failed, short, with any address in it left out (logs never carry one). */
export const sendError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]").slice(0, 200);
