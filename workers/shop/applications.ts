/**
 * Partner applications and newsletter signups. What is accepted is stored; nothing
 * here is ever read back out through a public route (applications are private: only the
 * owner's back office reads them). A stored application is acknowledged by email; a
 * newsletter address is confirmed by its owner before the shop sends it anything else.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type {
  AffiliateApplication,
  CreatorApplication,
  NewsletterInput,
  VendorApplication,
} from "../../app/shared/schemas";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";
import { newToken, tokenHash, TOKEN_SHAPE } from "./tokens";
import type { Programme } from "../../app/shared/programmes";
import { NEWSLETTER_CONFIRM_PATH } from "../../app/shared/site-pages";

/** The stored application's id, and its "application received" email on the way. */
function received(deps: ShopDeps, programme: Programme, row: { id: number } | undefined) {
  deps.outbox?.enqueue({ kind: "application_received", programme, applicationId: row!.id });
  return { id: row!.id };
}

export async function submitAffiliateApplication(deps: ShopDeps, application: AffiliateApplication) {
  const [row] = await deps.db.insert(t.affiliateApplications).values(application).returning({ id: t.affiliateApplications.id });
  return received(deps, "affiliate", row);
}

export async function submitCreatorApplication(deps: ShopDeps, application: CreatorApplication) {
  const [row] = await deps.db
    .insert(t.creatorApplications)
    .values({
      name: application.name,
      email: application.email,
      socialLinks: application.socialLinks,
      bio: application.bio,
      portfolioUrls: application.portfolioUrls,
      paymentMethod: application.paymentInfo.paymentMethod,
      accountDetails: application.paymentInfo.accountDetails,
    })
    .returning({ id: t.creatorApplications.id });
  return received(deps, "creator", row);
}

export async function submitVendorApplication(deps: ShopDeps, application: VendorApplication) {
  const { acceptsTerms: _accepted, website, ...rest } = application;
  const [row] = await deps.db
    .insert(t.vendorApplications)
    .values({ ...rest, website: website === "" ? null : website })
    .returning({ id: t.vendorApplications.id });
  return received(deps, "vendor", row);
}

// ---------------------------------------------------------------- the newsletter (double opt-in)

/** The confirmation page's address for a token, on the shop's origin. */
export function confirmationLink(origin: string, token: string): string {
  const url = new URL(NEWSLETTER_CONFIRM_PATH, origin);
  url.searchParams.set("token", token);
  return url.href;
}

/** A confirmation link works for this many days after it was asked for (its email says so). */
export const CONFIRMATION_LINK_DAYS = 7;
const LINK_LIFETIME = `-${CONFIRMATION_LINK_DAYS} days`;
/** An unconfirmed address is sent at most one confirmation email in this time. */
const ONE_REQUEST_PER = "-1 day";

/**
 * Signs an address up, unconfirmed, and queues its confirmation email (a link holding a new
 * token; the shop keeps the token's hash only). A repeated signup stores nothing new and
 * sends nothing for an address that is confirmed or was sent a confirmation in the last
 * day: signing someone else up again and again mails them once a day at most. The visitor
 * sees the same success either way, so the form tells no one whether an address is known.
 */
export async function subscribeToNewsletter(deps: ShopDeps, { email }: NewsletterInput, origin: string) {
  const s = t.newsletterSignups;
  const token = newToken();
  const asked = { tokenHash: await tokenHash(token), confirmationRequestedAt: sql`CURRENT_TIMESTAMP` };
  const [signup] = await deps.db
    .insert(s)
    .values({ email: email.toLowerCase(), ...asked })
    .onConflictDoUpdate({
      target: s.email,
      set: asked,
      setWhere: sql`${s.confirmedAt} IS NULL AND (${s.confirmationRequestedAt} IS NULL OR ${s.confirmationRequestedAt} <= datetime('now', ${ONE_REQUEST_PER}))`,
    })
    .returning({ id: s.id });
  if (signup) deps.outbox?.enqueue({ kind: "newsletter_confirmation", signupId: signup.id, token, origin });
}

/** Where a confirmation link stands: `ready` to confirm, already `confirmed`, or `invalid` (unknown, replaced or expired). */
export type NewsletterConfirmation = "ready" | "confirmed" | "invalid";

/** A link is live while its confirmation was asked for within LINK_LIFETIME. */
const linkIsLive = () => gt(t.newsletterSignups.confirmationRequestedAt, sql`datetime('now', ${LINK_LIFETIME})`);

/** What the confirmation page shows for a link: it reads, and changes nothing (link scanners open links too). */
export async function newsletterConfirmationState({ db }: ShopDeps, token: string): Promise<NewsletterConfirmation> {
  if (!TOKEN_SHAPE.test(token)) return "invalid";
  const s = t.newsletterSignups;
  const signup = await db
    .select({ confirmedAt: s.confirmedAt, live: sql<number>`${linkIsLive()}` })
    .from(s)
    .where(eq(s.tokenHash, await tokenHash(token)))
    .get();
  if (!signup) return "invalid";
  return signup.confirmedAt ? "confirmed" : signup.live ? "ready" : "invalid";
}

/** Confirms the address a link was sent to: the confirmation page's button (a POST). */
export async function confirmNewsletter(deps: ShopDeps, token: string): Promise<NewsletterConfirmation> {
  if (!TOKEN_SHAPE.test(token)) return "invalid";
  const s = t.newsletterSignups;
  const [confirmed] = await deps.db
    .update(s)
    .set({ confirmedAt: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(s.tokenHash, await tokenHash(token)), isNull(s.confirmedAt), linkIsLive()))
    .returning({ id: s.id });
  return confirmed ? "confirmed" : newsletterConfirmationState(deps, token);
}
