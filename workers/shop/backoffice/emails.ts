/**
 * One email as the owner opens it on the Emails page: its record, what it says read again
 * from D1 as the queue would write it today (the shop never stores a body: contract,
 * "Emails"), and the owner's resend. A resend is a new job under a key of its own (the
 * original's, marked with the resend's audit entry: outbox.ts `emailKey`), so the original
 * stays sent at most once and the resend is sent at most once too, under the daily cap like
 * any email to an address that has not confirmed it is its owner's (emails/delivery.ts `mayWriteTo`).
 */
import { eq } from "drizzle-orm";
import { conflict, notFound } from "../../../app/shared/errors";
import { PROGRAMMES } from "../../../app/shared/programmes";
import * as t from "../../db/schema";

/** An email's statuses, for the back office's views (they never import the schema themselves). */
export type { EmailStatus } from "../../db/schema";
import { composeEmail } from "../emails/compose";
import type { Email } from "../emails/letter";
import { EmailJobSchema, originalOfKey, type EmailJob } from "../emails/outbox";
import * as v from "valibot";
import { changeInOrder, type BackOfficeDeps } from "./shared";
import { resendToOutbox } from "../emails/outbox-rows";

export type EmailRecord = typeof t.emails.$inferSelect;

export type OpenedEmail = {
  record: EmailRecord;
  /** What it says today, its secret links left out; null when what it was about is gone. */
  email: Email | null;
  /** Why it cannot be resent, in the owner's words; null when it can. */
  noResend: string | null;
  /** The original's id, for a resend's record. */
  resendOf: number | null;
};

export const STILL_SENDING =
  "This email is still on its way (being sent, or failed and waiting to be tried again): it can be resent once it is sent, withheld or dead.";
export const NOTHING_TO_RESEND =
  "There is nothing to send: what this email was about no longer exists, or no longer holds (a move undone, a signup confirmed since).";
export const NO_SIGN_IN_RESEND =
  "A partner's sign-in email cannot be resent: the shop keeps only hashes of its link and code. The partner asks for a new one at /login.";
export const NO_NEWSLETTER_RESEND =
  "A newsletter confirmation cannot be resent: the shop keeps only its link's hash. The subscriber gets a new link by signing up again.";

/** The job a key's parts name, before it is checked; null for a kind of no known shape. */
function candidateOfKey(kind: string | undefined, first: string | undefined, second: string | undefined): unknown {
  switch (kind) {
    case "order_confirmation":
      return { kind, orderId: first };
    case "order_update":
      return { kind, orderId: first, status: second };
    case "application_received":
    case "application_reviewed":
      return { kind, programme: PROGRAMMES.find((programme) => programme === first), applicationId: Number(second) };
    case "partner_welcome":
      // Its links are no secret: the resend gives them the owner's address (resendEmail).
      return { kind, programme: first, applicationId: Number(second), origin: "http://localhost" };
    case "payout_paid":
      return { kind, payoutId: Number(first) };
    case "newsletter_confirmation":
      // The link's token is not kept (only its hash): read back with links left out, it is never used.
      return { kind, signupId: Number(first), token: "0".repeat(43), origin: "http://localhost" };
    case "newsletter_welcome":
      return { kind, codeId: Number(first) };
    case "partner_sign_in":
      // Likewise a partner's sign-in link and code: kept only as hashes, read back left out.
      return { kind, signInId: Number(first), token: "0".repeat(43), code: "000000", origin: "http://localhost" };
    default:
      return null;
  }
}

/** The key's parts: the job it was sent for (its links' secrets left out), or null for a key of no known shape. */
function jobOfKey(key: string): EmailJob | null {
  const [kind, first, second] = originalOfKey(key).split(":");
  const candidate = candidateOfKey(kind, first, second);
  const job = v.safeParse(EmailJobSchema, candidate);
  return job.success ? job.output : null;
}

const recordOf = async ({ db }: BackOfficeDeps, id: number) => {
  const record = await db.select().from(t.emails).where(eq(t.emails.id, id)).get();
  if (!record) throw notFound("There is no email with that number.");
  return record;
};

/** An email by its record's id, read again from today's data; a 404 in words when there is none. */
export async function openEmail(deps: BackOfficeDeps, id: number): Promise<OpenedEmail> {
  const record = await recordOf(deps, id);
  const job = jobOfKey(record.key);
  const email = job ? await composeEmail(deps.db, job, { linksLeftOut: true }) : null;
  const original = originalOfKey(record.key);
  const resendOf = original === record.key ? null : await originalId(deps, original);
  return { record, email, noResend: whyNoResend(record, job, email), resendOf };
}

const originalId = async ({ db }: BackOfficeDeps, key: string) =>
  (await db.select({ id: t.emails.id }).from(t.emails).where(eq(t.emails.key, key)).get())?.id ?? null;

function whyNoResend(record: EmailRecord, job: EmailJob | null, email: Email | null): string | null {
  if (record.status === "sending" || record.status === "failed") return STILL_SENDING;
  if (record.kind === "newsletter_confirmation") return NO_NEWSLETTER_RESEND;
  if (record.kind === "partner_sign_in") return NO_SIGN_IN_RESEND;
  if (!job || !email) return NOTHING_TO_RESEND;
  return null;
}

/**
 * Queues the email again as a new one, to today's address on record, and records it in the
 * audit trail first (the entry's id is the resend's key). An order's email links to the
 * order's page at `origin` (the shop's address as the owner reached it, as the owner's moves
 * do); a resent confirmation carries no download links (the shop keeps only their hashes).
 */
export async function resendEmail(deps: BackOfficeDeps, id: number, origin: string): Promise<void> {
  const { db } = deps;
  const opened = await openEmail(deps, id);
  if (opened.noResend) throw conflict(opened.noResend);
  const job = jobOfKey(opened.record.key)!;
  const link =
    job.kind === "order_confirmation" || job.kind === "order_update"
      ? await db.select({ token: t.orders.accessToken }).from(t.orders).where(eq(t.orders.id, job.orderId)).get()
      : undefined;
  const links = link?.token ? { origin, token: link.token } : job.kind === "partner_welcome" || job.kind === "payout_paid" ? { origin } : {};
  const resent = { ...job, ...links } as EmailJob;
  // The audit entry and the resend's job in one batch: a crash after it loses no email (outbox-rows.ts).
  const [audited] = await changeInOrder(deps, [
    db
      .insert(t.auditLog)
      .values({ action: "email.resend", subject: `email ${id}`, detail: `"${opened.record.subject}" to ${opened.email!.to}`, address: deps.address })
      .returning({ id: t.auditLog.id }),
    await resendToOutbox(resent),
  ]);
  const entry = audited!.results[0] as { id: number };
  deps.outbox.enqueue({ ...resent, resend: entry.id } as EmailJob);
}
