/**
 * Partner applications and newsletter signups. What is accepted is stored; nothing
 * here is ever read back out through a public route (applications are private: only the
 * owner's back office reads them). A stored application is acknowledged by email; a
 * newsletter address is confirmed by its owner before the shop sends it anything else,
 * and confirming it makes and emails its welcome code.
 */
import { and, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import type { AffiliateApplication, CreatorApplication, NewsletterInput, VendorApplication } from "../../app/shared/schemas";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";
import { newToken, tokenHash, TOKEN_SHAPE } from "./tokens";
import type { Programme } from "../../app/shared/programmes";
import { NEWSLETTER_CONFIRM_PATH } from "../../app/shared/site-pages";
import { ORDER_NUMBER_ALPHABET } from "../../app/shared/orders";
import { valuesInColumnOrder } from "../db/sql";
import { welcomeCodePercent } from "./backoffice/codes";
import { CHANGED_A_ROW, changeInOrder, type Statement } from "./backoffice/shared";
import { receivedToOutbox, welcomeToOutbox } from "./emails/outbox-rows";

/**
 * Stores an application and its "application received" email's job in one batch (a crash
 * after it loses no email: outbox-rows.ts), then hands the job to the queue. Its id.
 */
async function received(deps: ShopDeps, programme: Programme, insert: Statement) {
  const [stored] = await changeInOrder(deps, [insert, receivedToOutbox(programme)]);
  const { id } = stored!.results[0] as { id: number };
  deps.outbox?.enqueue({ kind: "application_received", programme, applicationId: id });
  return { id };
}

export async function submitAffiliateApplication(deps: ShopDeps, application: AffiliateApplication) {
  return received(deps, "affiliate", deps.db.insert(t.affiliateApplications).values(application).returning({ id: t.affiliateApplications.id }));
}

export async function submitCreatorApplication(deps: ShopDeps, application: CreatorApplication) {
  const insert = deps.db
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
  return received(deps, "creator", insert);
}

export async function submitVendorApplication(deps: ShopDeps, application: VendorApplication) {
  const { acceptsTerms: _accepted, website, ...rest } = application;
  const insert = deps.db
    .insert(t.vendorApplications)
    .values({ ...rest, website: website === "" ? null : website })
    .returning({ id: t.vendorApplications.id });
  return received(deps, "vendor", insert);
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

/** What the confirmation page's button did: where the link stands, and the percent of the welcome code it made (null: none). */
export type NewsletterConfirmed = { state: NewsletterConfirmation; welcomePercent: number | null };

/**
 * Confirms the address a link was sent to: the confirmation page's button (a POST). The
 * confirmation makes the address's welcome code (single use, bound to the address) in the
 * same batch, and queues the email that carries it, whose link to the shop is on `origin`.
 * The code is made only by the confirmation that changed the row, and only when the address
 * has no welcome code yet: a button pressed twice, or an address signed up again after the
 * owner removed it, gets one code in all. The owner's percent 0 makes none.
 */
export async function confirmNewsletter(deps: ShopDeps, token: string, origin?: string): Promise<NewsletterConfirmed> {
  if (!TOKEN_SHAPE.test(token)) return { state: "invalid", welcomePercent: null };
  const hash = await tokenHash(token);
  const percent = await welcomeCodePercent(deps);
  const { confirmed, welcome } =
    percent === 0 ? { confirmed: (await confirmation(deps, hash))[0], welcome: undefined } : await confirmWithWelcomeCode(deps, hash, percent, origin);
  if (!confirmed) return { state: await newsletterConfirmationState(deps, token), welcomePercent: null };
  if (!welcome) return { state: "confirmed", welcomePercent: null };
  deps.outbox?.enqueue({ kind: "newsletter_welcome", codeId: welcome.id, ...(origin ? { origin } : {}) });
  return { state: "confirmed", welcomePercent: percent };
}

/** `WELCOME-7KQ3X9`: 6 random characters of the order numbers' alphabet (30 bits), unique by index. */
export const WELCOME_CODE_SHAPE = /^WELCOME-[0-9A-HJKMNP-TV-Z]{6}$/;
const newWelcomeCode = () => `WELCOME-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => ORDER_NUMBER_ALPHABET[byte & 31]).join("")}`;

/** The code drawn is another's already (1 in 2^30 per code): the confirmation draws again. */
const codeTaken = (error: unknown) => /UNIQUE constraint failed: discount_codes\.code/.test(String(error));

/** The address's confirmation: only while its link is live, once. */
const confirmation = ({ db }: ShopDeps, hash: string) =>
  db
    .update(t.newsletterSignups)
    .set({ confirmedAt: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(t.newsletterSignups.tokenHash, hash), isNull(t.newsletterSignups.confirmedAt), linkIsLive()))
    .returning({ id: t.newsletterSignups.id });

/** The confirmation and, when it changed the row, the welcome code and its email's job, in one batch. */
async function confirmWithWelcomeCode(deps: ShopDeps, hash: string, percent: number, origin: string | undefined) {
  const s = t.newsletterSignups;
  const c = t.discountCodes;
  for (let draw = 1; ; draw++) {
    const welcomeCode = deps.db
      .insert(c)
      .select(
        sql`SELECT ${valuesInColumnOrder(c, {
          id: null,
          code: newWelcomeCode(),
          kind: "percent",
          value: percent,
          minSubtotal: null,
          startsAt: null,
          endsAt: null,
          maxUses: 1,
          maxUsesPerEmail: 1,
          uses: 0,
          productIds: null,
          status: "active",
          source: "newsletter",
          email: sql`${s.email}`,
          createdAt: sql`CURRENT_TIMESTAMP`,
          updatedAt: sql`CURRENT_TIMESTAMP`,
        })} FROM ${s} WHERE ${and(
          eq(s.tokenHash, hash),
          CHANGED_A_ROW,
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(c)
              .where(and(eq(c.email, s.email), eq(c.source, "newsletter"))),
          ),
        )}`,
      )
      .returning({ id: c.id });
    try {
      const [confirmed, welcome] = (await changeInOrder(deps, [confirmation(deps, hash), welcomeCode, welcomeToOutbox(origin)])).map(
        (result) => result.results[0] as { id: number } | undefined,
      );
      return { confirmed, welcome };
    } catch (error) {
      if (draw >= 3 || !codeTaken(error)) throw error;
    }
  }
}
