/**
 * What the public sends in: the programmes' applications (the owner reviews them in the back
 * office) and the newsletter's sign-ups.
 */
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export type SocialLinks = {
  instagram?: string;
  tiktok?: string;
  youtube?: string;
  twitter?: string;
};

/** Where an application stands in the owner's review (the back office): new until decided. */
export const APPLICATION_STATUSES = ["new", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The owner's review of an application: its status, an optional note, when it was decided. */
const review = () => ({
  status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("new"),
  reviewNote: text("review_note"),
  reviewedAt: text("reviewed_at"),
});

export const affiliateApplications = sqliteTable("affiliate_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  websiteUrl: text("website_url").notNull(),
  audienceDescription: text("audience_description").notNull(),
  ...review(),
  createdAt: createdAt(),
});

export const creatorApplications = sqliteTable("creator_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  socialLinks: text("social_links", { mode: "json" }).$type<SocialLinks>().notNull(),
  bio: text("bio").notNull(),
  portfolioUrls: text("portfolio_urls", { mode: "json" }).$type<string[]>().notNull(),
  paymentMethod: text("payment_method", { enum: ["paypal", "bank", "crypto"] }).notNull(),
  accountDetails: text("account_details").notNull(),
  ...review(),
  createdAt: createdAt(),
});

export const vendorApplications = sqliteTable("vendor_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  businessName: text("business_name").notNull(),
  contactName: text("contact_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  businessType: text("business_type").notNull(),
  website: text("website"),
  yearEstablished: text("year_established").notNull(),
  monthlySalesVolume: text("monthly_sales_volume").notNull(),
  locations: integer("locations").notNull(),
  businessDescription: text("business_description").notNull(),
  hasLicense: integer("has_license", { mode: "boolean" }).notNull(),
  preferredContactMethod: text("preferred_contact_method").notNull(),
  ...review(),
  createdAt: createdAt(),
});

/**
 * The newsletter's addresses (lower-cased), each unconfirmed until its owner follows the
 * link of the confirmation email (double opt-in, decision 0014): the shop sends a
 * newsletter only to a confirmed address, and a confirmed address is one that has proven it
 * is its owner's (the daily cap on emails to other addresses, workers/shop/emails/delivery.ts).
 */
export const newsletterSignups = sqliteTable(
  "newsletter_signups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    createdAt: createdAt(),
    /** When the owner of the address confirmed it; null until then (and for rows older than the confirmation). */
    confirmedAt: text("confirmed_at"),
    /** SHA-256 (hex) of the latest confirmation link's token; the token itself is only ever in the email. */
    tokenHash: text("token_hash"),
    /** When the latest confirmation email was asked for: at most one a day, and its link expires. */
    confirmationRequestedAt: text("confirmation_requested_at"),
  },
  (t) => [uniqueIndex("newsletter_signups_token_hash_unique").on(t.tokenHash)],
);
