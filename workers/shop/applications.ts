/**
 * Partner applications and newsletter signups. What is accepted is stored; nothing
 * here is ever read back out through a public route (applications are private: only the
 * owner's back office reads them). A stored application is acknowledged by email.
 */
import type {
  AffiliateApplication,
  CreatorApplication,
  NewsletterInput,
  VendorApplication,
} from "../../app/shared/schemas";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";
import type { Programme } from "../../app/shared/programmes";

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

/** A repeated email is stored once; the visitor sees the same success either way. */
export async function subscribeToNewsletter({ db }: ShopDeps, { email }: NewsletterInput) {
  await db.insert(t.newsletterSignups).values({ email: email.toLowerCase() }).onConflictDoNothing();
}
