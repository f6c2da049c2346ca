/** @jsxImportSource hono/jsx */
/**
 * The shop's emails: what each one says, read from D1 when it is sent, and the sending
 * through Cloudflare Email Service's `send_email` binding, with a record of each in the
 * `emails` table (sent or failed, when, how many attempts; never the body).
 *
 * Every email has a plain-text part and a simple HTML part. The HTML is built with JSX,
 * which escapes every value; subjects hold only the shop's own words and order numbers.
 */
import { eq, sql } from "drizzle-orm";
import type { Child } from "hono/jsx";
import { DEMO_ORDER_NOTE, EMAILS } from "../../app/shared/contact";
import { PROGRAMME_NAMES, REVIEW_TIME, type Programme } from "../../app/shared/programmes";
import { BRAND_NAME, TAGLINE } from "../../app/shared/constants";
import { formatPrice } from "../../app/shared/money";
import { fontStack, palette } from "../../app/shared/palette";
import type { Database } from "../db/client";
import * as t from "../db/schema";
import type { Log } from "../../app/shared/log";
import { emailKey, type EmailJob } from "./outbox";

export type MailDeps = {
  db: Database;
  /** Cloudflare Email Service's binding (`[[send_email]]` in wrangler.toml). */
  mailer: SendEmail;
  /** The sender address, on a domain onboarded to Email Service (the EMAIL_FROM var). */
  from: string;
  log: Log;
};

/** An email ready to send. */
export type Email = { to: string; subject: string; text: string; html: string };

const CONTACT: Record<Programme, string> = { affiliate: EMAILS.affiliates, creator: EMAILS.creators, vendor: EMAILS.wholesale };

// ---------------------------------------------------------------- what each email says

type OrderForEmail = {
  id: string;
  firstName: string | null;
  lines: { name: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  savings: number;
  tax: number;
  total: number;
};

export function orderConfirmation(order: OrderForEmail & { to: string }): Email {
  const rows: [string, string][] = [
    ["Subtotal", formatPrice(order.subtotal)],
    ...(order.savings > 0 ? ([["Bundle savings", `-${formatPrice(order.savings)}`]] as [string, string][]) : []),
    ["Shipping", "Free"],
    ["Tax", formatPrice(order.tax)],
    ["Total", formatPrice(order.total)],
  ];
  const greeting = order.firstName ? `Thanks for your order, ${order.firstName}!` : "Thanks for your order!";
  const text = [
    greeting,
    "",
    `Order number: ${order.id}`,
    "",
    ...order.lines.map((line) => `${line.quantity} x ${line.name}: ${formatPrice(line.lineTotal)}`),
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    DEMO_ORDER_NOTE,
    "",
    `Questions? Write to ${EMAILS.support}.`,
  ].join("\n");
  const html = (
    <Letter title={`Order ${order.id}`}>
      <h1 style={heading}>{greeting}</h1>
      <p>
        Order number: <strong>{order.id}</strong>
      </p>
      <table style="width:100%;border-collapse:collapse" role="presentation">
        {order.lines.map((line) => (
          <tr>
            <td style={cell}>
              {line.quantity} x {line.name}
            </td>
            <td style={`${cell};text-align:right`}>{formatPrice(line.lineTotal)}</td>
          </tr>
        ))}
        {rows.map(([label, value]) => (
          <tr>
            <td style={label === "Total" ? `${cell};font-weight:700` : cell}>{label}</td>
            <td style={`${cell};text-align:right${label === "Total" ? ";font-weight:700" : ""}`}>{value}</td>
          </tr>
        ))}
      </table>
      <p style={notice}>{DEMO_ORDER_NOTE}</p>
      <p>Questions? Write to {EMAILS.support}.</p>
    </Letter>
  );
  return { to: order.to, subject: `Your ${BRAND_NAME} order ${order.id}`, text, html: document(html) };
}

export function applicationReceived({ programme, name, to }: { programme: Programme; name: string; to: string }): Email {
  const lines = [
    `Thanks for applying, ${name}.`,
    `We received your application to the ${BRAND_NAME} ${PROGRAMME_NAMES[programme]}. We review every application ${REVIEW_TIME[programme]} and will write to you at this address.`,
    `Questions in the meantime? Write to ${CONTACT[programme]}.`,
  ];
  return {
    to,
    subject: `We received your ${BRAND_NAME} ${PROGRAMME_NAMES[programme]} application`,
    text: lines.join("\n\n"),
    html: document(
      <Letter title="Application received">
        <h1 style={heading}>{lines[0]}</h1>
        <p>{lines[1]}</p>
        <p>{lines[2]}</p>
      </Letter>,
    ),
  };
}

export function applicationReviewed({
  programme,
  name,
  to,
  approved,
  note,
}: {
  programme: Programme;
  name: string;
  to: string;
  approved: boolean;
  note: string | null;
}): Email {
  const programmeName = `${BRAND_NAME} ${PROGRAMME_NAMES[programme]}`;
  const lines = approved
    ? [`Welcome aboard, ${name}!`, `Your application to the ${programmeName} was approved. We will be in touch with the next steps.`]
    : [`Thank you for applying, ${name}.`, `We are not able to offer you a place in the ${programmeName} at this time.`];
  const noteLines = note ? ["A note from the team:", note] : [];
  return {
    to,
    subject: `Your ${programmeName} application was ${approved ? "approved" : "declined"}`,
    text: [...lines, ...noteLines, `Questions? Write to ${CONTACT[programme]}.`].join("\n\n"),
    html: document(
      <Letter title="Your application">
        <h1 style={heading}>{lines[0]}</h1>
        <p>{lines[1]}</p>
        {note ? (
          <>
            <p>A note from the team:</p>
            <blockquote style={quote}>{note}</blockquote>
          </>
        ) : null}
        <p>Questions? Write to {CONTACT[programme]}.</p>
      </Letter>,
    ),
  };
}

const heading = `font-size:22px;margin:0 0 16px;color:${palette.page}`;
const cell = `padding:6px 0;border-bottom:1px solid #e4e0da`;
const notice = `padding:12px;background:#fff4f9;border-left:4px solid ${palette.accent}`;
const quote = `margin:0 0 16px;padding:8px 12px;border-left:4px solid ${palette.gold};white-space:pre-wrap`;

/** The frame every email shares: the brand on top, the message, the tagline below. */
function Letter({ title, children }: { title: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={`margin:0;padding:24px;background:#f7f5f2;color:#1b1b22;font-family:${fontStack.body};line-height:1.5`}>
        <div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:12px">
          <p style={`margin:0 0 16px;font-weight:800;letter-spacing:0.08em;color:${palette.accent}`}>{BRAND_NAME.toUpperCase()}</p>
          {children}
          <p style="margin:24px 0 0;color:#6b6760;font-size:13px">{TAGLINE}.</p>
        </div>
      </body>
    </html>
  );
}

const document = (html: Child) => `<!doctype html>${String(html)}`;

// ---------------------------------------------------------------- reading what to say

/** The email a job asks for, from D1 as it is now; null when what it is about no longer exists. */
export async function composeEmail(db: Database, job: EmailJob): Promise<Email | null> {
  if (job.kind === "order_confirmation") {
    const [orders, lines] = await db.batch([
      db.select().from(t.orders).where(eq(t.orders.id, job.orderId)),
      db.select().from(t.orderLines).where(eq(t.orderLines.orderId, job.orderId)),
    ]);
    const order = orders[0];
    if (!order) return null;
    return orderConfirmation({
      id: order.id,
      to: order.email,
      firstName: order.shippingAddress?.firstName ?? null,
      lines,
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      tax: order.tax,
      total: order.total,
    });
  }
  const applicant = await readApplicant(db, job.programme, job.applicationId);
  if (!applicant) return null;
  if (job.kind === "application_received") return applicationReceived({ programme: job.programme, ...applicant });
  if (applicant.status === "new") return null;
  return applicationReviewed({ programme: job.programme, ...applicant, approved: applicant.status === "approved", note: applicant.reviewNote });
}

type Applicant = { name: string; to: string; status: t.ApplicationStatus; reviewNote: string | null };

async function readApplicant(db: Database, programme: Programme, id: number): Promise<Applicant | undefined> {
  switch (programme) {
    case "affiliate": {
      const a = t.affiliateApplications;
      return db.select({ name: a.name, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
    case "creator": {
      const a = t.creatorApplications;
      return db.select({ name: a.name, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
    case "vendor": {
      const a = t.vendorApplications;
      return db.select({ name: a.contactName, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
  }
}

// ---------------------------------------------------------------- sending

export type Delivery = "sent" | "already_sent" | "nothing_to_send";

/**
 * Sends the email a job asks for, once: a job whose email was already sent (a queue may
 * deliver a message twice) is not sent again. Each attempt is recorded; a failed send is
 * recorded and thrown, for the queue to retry.
 */
export async function deliverEmail(deps: MailDeps, job: EmailJob, attempt: number): Promise<Delivery> {
  const { db, log } = deps;
  const key = emailKey(job);
  const record = await db.select({ status: t.emails.status }).from(t.emails).where(eq(t.emails.key, key)).get();
  if (record?.status === "sent") return "already_sent";
  const email = await composeEmail(db, job);
  if (!email) {
    log("email_not_sent", { kind: job.kind, key, reason: "nothing to send" });
    return "nothing_to_send";
  }
  try {
    const { messageId } = await deps.mailer.send({
      from: { email: deps.from, name: BRAND_NAME },
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    await recordAttempt(db, key, job, email, { status: "sent", attempts: attempt, error: null, messageId });
    log("email_sent", { kind: job.kind, key, attempt });
    return "sent";
  } catch (error) {
    const reason = sendError(error);
    await recordAttempt(db, key, job, email, { status: "failed", attempts: attempt, error: reason, messageId: null });
    log("email_failed", { kind: job.kind, key, attempt, error: reason });
    throw error;
  }
}

type Outcome = { status: "sent" | "failed"; attempts: number; error: string | null; messageId: string | null };

function recordAttempt(db: Database, key: string, job: EmailJob, email: Email, outcome: Outcome) {
  const row = { key, kind: job.kind, recipient: email.to, subject: email.subject, ...outcome };
  return db
    .insert(t.emails)
    .values(row)
    .onConflictDoUpdate({ target: t.emails.key, set: { ...outcome, recipient: email.to, subject: email.subject, updatedAt: sql`CURRENT_TIMESTAMP` } });
}

/** Why a send failed, short, with any address in it left out (logs never carry one). */
export const sendError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]").slice(0, 200);
