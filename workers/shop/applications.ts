/**
 * Partner applications and newsletter signups. What is accepted is stored; nothing
 * here is ever read back out through a route (applications are private).
 */
import type {
  AffiliateApplication,
  CreatorApplication,
  NewsletterInput,
  VendorApplication,
} from "../../app/lib/schemas";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";

export async function submitAffiliateApplication({ db }: ShopDeps, application: AffiliateApplication) {
  const [row] = await db.insert(t.affiliateApplications).values(application).returning({ id: t.affiliateApplications.id });
  return { id: row!.id };
}

export async function submitCreatorApplication({ db }: ShopDeps, application: CreatorApplication) {
  const [row] = await db
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
  return { id: row!.id };
}

export async function submitVendorApplication({ db }: ShopDeps, application: VendorApplication) {
  const { acceptsTerms: _accepted, website, ...rest } = application;
  const [row] = await db
    .insert(t.vendorApplications)
    .values({ ...rest, website: website === "" ? null : website })
    .returning({ id: t.vendorApplications.id });
  return { id: row!.id };
}

/** A repeated email is stored once; the visitor sees the same success either way. */
export async function subscribeToNewsletter({ db }: ShopDeps, { email }: NewsletterInput) {
  await db.insert(t.newsletterSignups).values({ email: email.toLowerCase() }).onConflictDoNothing();
}
