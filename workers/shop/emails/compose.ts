/**
 * Reading what an email says: the email a job asks for, read from D1 as it is now, when it is
 * sent (or read again in the back office); null when what it is about no longer exists. A job
 * is data, not trusted code: a link it carries goes into the email only when it matches what
 * D1 keeps of it.
 */
import { and, eq, sql } from "drizzle-orm";
import { downloadPath } from "../../../app/shared/downloads";
import { orderPagePath } from "../../../app/shared/orders";
import type { Programme } from "../../../app/shared/programmes";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { confirmationLink } from "../applications";
import { readPlacedOrder, type OrderDownload } from "../orders/read";
import { referralPath } from "../partners/display";
import { signInCodeHash, signInLinkPath, sqlTime } from "../partners/signin";
import { sameTokenHash } from "../tokens";
import type { Email } from "./letter";
import { orderConfirmation, orderUpdate, type DownloadForEmail, type OrderChange, type OrderForEmail } from "./order-templates";
import type { EmailJob } from "./outbox";
import { applicationReceived, applicationReviewed, newsletterConfirmation, newsletterWelcome, partnerSignIn, partnerWelcome, payoutPaid } from "./templates";

/**
 * Where an email read back in the back office had a secret link (an order's page, a download,
 * a newsletter confirmation): the owner reads what it says, never the shopper's keys.
 */
export const LINK_LEFT_OUT = "[link left out]";

/**
 * The email a job asks for, from D1 as it is now; null when what it is about no longer exists.
 * `linksLeftOut`: as the back office reads an email again, each secret link in its place
 * shown as LINK_LEFT_OUT (the shop keeps download and confirmation links only as hashes).
 */
export async function composeEmail(db: Database, job: EmailJob, { linksLeftOut = false } = {}): Promise<Email | null> {
  if (job.kind === "order_confirmation" || job.kind === "order_update") {
    const read = await readPlacedOrder(db, { id: job.orderId });
    if (!read) return null;
    const { order, lines, events, downloads: grants } = read;
    const forEmail: OrderForEmail = {
      number: order.number,
      to: order.email,
      firstName: order.shippingAddress?.firstName ?? null,
      placedAt: order.placedAt,
      shippingAddress: order.shippingAddress,
      lines,
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      bundles: order.bundles.map((bundle) => bundle.name),
      discountCode: order.discountCode,
      discount: order.discount,
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
      // Only with the order's own token in the job: a forged job gets no link (see outbox.ts ORDER_TOKEN).
      link: linksLeftOut ? LINK_LEFT_OUT : job.origin && job.token && order.accessToken === job.token ? `${job.origin}${orderPagePath(job.token)}` : null,
    };
    if (job.kind === "order_confirmation") {
      const downloads = linksLeftOut
        ? grants.map(({ name, expiresAt, maxDownloads }) => ({ name, link: LINK_LEFT_OUT, expiresAt, maxDownloads }))
        : await downloadsForEmail(job, grants);
      // A job the outbox kept carries no token: the email sends the shopper to the order's page for the files.
      const downloadsOnOrderPage = job.downloads === undefined ? grants.map(({ name, expiresAt, maxDownloads }) => ({ name, expiresAt, maxDownloads })) : [];
      return orderConfirmation({ ...forEmail, downloads, downloadsOnOrderPage });
    }
    const event = events.find((candidate) => candidate.status === job.status);
    // The move this job tells of never happened (or was undone): nothing to say.
    if (!event) return null;
    const change: OrderChange | null =
      job.status === "shipped"
        ? event.tracking
          ? { status: "shipped", tracking: event.tracking }
          : null
        : job.status === "cancelled"
          ? { status: "cancelled", reason: event.actor === "shopper" ? null : event.reason }
          : { status: job.status };
    return change ? orderUpdate(forEmail, change) : null;
  }
  if (job.kind === "newsletter_confirmation") {
    const s = t.newsletterSignups;
    const signup = await db.select({ email: s.email, confirmedAt: s.confirmedAt, tokenHash: s.tokenHash }).from(s).where(eq(s.id, job.signupId)).get();
    // Confirmed since, or asked for again (a newer token): this link would not work.
    if (!signup || signup.confirmedAt) return null;
    if (linksLeftOut) return newsletterConfirmation({ to: signup.email, link: LINK_LEFT_OUT });
    if (!(await sameTokenHash(job.token, signup.tokenHash))) return null;
    return newsletterConfirmation({ to: signup.email, link: confirmationLink(job.origin, job.token) });
  }
  if (job.kind === "newsletter_welcome") {
    const c = t.discountCodes;
    const welcome = await db
      .select({ code: c.code, percent: c.value, to: c.email })
      .from(c)
      .where(and(eq(c.id, job.codeId), eq(c.source, "newsletter"), eq(c.kind, "percent")))
      .get();
    if (!welcome?.to) return null;
    return newsletterWelcome({ to: welcome.to, code: welcome.code, percent: welcome.percent, shopLink: job.origin ? `${job.origin}/products` : null });
  }
  if (job.kind === "partner_welcome" || job.kind === "payout_paid") return composePartnerEmail(db, job);
  if (job.kind === "partner_sign_in") return partnerSignInEmail(db, job, linksLeftOut);
  const applicant = await readApplicant(db, job.programme, job.applicationId);
  if (!applicant) return null;
  if (job.kind === "application_received") return applicationReceived({ programme: job.programme, ...applicant });
  if (applicant.status === "new") return null;
  return applicationReviewed({ programme: job.programme, ...applicant, approved: applicant.status === "approved", note: applicant.reviewNote });
}

/**
 * A partner's sign-in email, sent only while its sign-in can still be used and the job's
 * link and code are its own (a message is data: both must match the hashes D1 keeps).
 */
async function partnerSignInEmail(db: Database, job: Extract<EmailJob, { kind: "partner_sign_in" }>, linksLeftOut: boolean): Promise<Email | null> {
  const s = t.partnerSignIns;
  const row = await db
    .select({ linkHash: s.linkHash, codeHash: s.codeHash, expiresAt: s.expiresAt, usedAt: s.usedAt, to: t.partners.email, name: t.partners.name })
    .from(s)
    .innerJoin(t.partners, eq(t.partners.id, s.partnerId))
    .where(eq(s.id, job.signInId))
    .get();
  if (!row) return null;
  if (linksLeftOut) return partnerSignIn({ to: row.to, name: row.name, link: LINK_LEFT_OUT, code: "[code left out]" });
  if (row.usedAt !== null || row.expiresAt <= sqlTime(new Date())) return null;
  if (!(await sameTokenHash(job.token, row.linkHash)) || (await signInCodeHash(row.linkHash, job.code)) !== row.codeHash) return null;
  return partnerSignIn({ to: row.to, name: row.name, link: `${job.origin}${signInLinkPath(job.token)}`, code: job.code });
}

/**
 * The links a job carries that are this order's own (a message is data: a token must match
 * the hash its grant keeps), made absolute with the shop's address as the shopper reached it.
 */
async function downloadsForEmail(job: Extract<EmailJob, { kind: "order_confirmation" }>, grants: OrderDownload[]): Promise<DownloadForEmail[]> {
  if (!job.downloads || !job.origin) return [];
  const links: DownloadForEmail[] = [];
  for (const { productId, token } of job.downloads) {
    const grant = grants.find((candidate) => candidate.productId === productId);
    if (grant && (await sameTokenHash(token, grant.tokenHash)))
      links.push({ name: grant.name, link: `${job.origin}${downloadPath(token)}`, expiresAt: grant.expiresAt, maxDownloads: grant.maxDownloads });
  }
  return links;
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

/** The email a partner job asks for, from D1 as it is now; null when what it is about is gone. */
async function composePartnerEmail(db: Database, job: Extract<EmailJob, { kind: "partner_welcome" | "payout_paid" }>): Promise<Email | null> {
  const p = t.partners;
  if (job.kind === "partner_welcome") {
    const a = job.programme === "creator" ? t.creatorApplications : t.affiliateApplications;
    const row = await db
      .select({ name: p.name, to: p.email, handle: p.handle, code: t.discountCodes.code, payoutMethod: p.payoutMethod, note: a.reviewNote, status: a.status })
      .from(a)
      .innerJoin(p, eq(p.email, sql`lower(${a.email})`))
      .leftJoin(t.discountCodes, eq(t.discountCodes.id, p.codeId))
      .where(eq(a.id, job.applicationId))
      .get();
    if (!row || row.status !== "approved" || !row.code) return null;
    const { name, to, handle, code, payoutMethod, note } = row;
    return partnerWelcome({
      programme: job.programme,
      name,
      to,
      link: `${job.origin}${referralPath(handle)}`,
      code,
      signIn: `${job.origin}/login`,
      payoutKnown: payoutMethod !== null,
      note,
    });
  }
  const row = await db
    .select({
      programme: p.programme,
      name: p.name,
      to: p.email,
      amount: t.partnerPayouts.amount,
      runDate: t.partnerPayouts.runDate,
      status: t.partnerPayouts.status,
      method: p.payoutMethod,
      details: p.payoutDetails,
    })
    .from(t.partnerPayouts)
    .innerJoin(p, eq(p.id, t.partnerPayouts.partnerId))
    .where(eq(t.partnerPayouts.id, job.payoutId))
    .get();
  if (!row || row.status !== "paid") return null;
  return payoutPaid({ ...row, signIn: job.origin ? `${job.origin}/login` : null });
}
