/**
 * What the owner's back office reads and changes: orders, applications, the newsletter
 * list, the catalog, the emails sent and the audit trail. No HTTP in here (the pages are
 * workers/admin); errors are ShopErrors with a kind. Every change is written in the same
 * D1 batch as its audit entry, so none happens unrecorded.
 *
 * Reads go to D1 itself, never the catalog's KV copy: the owner sees the truth.
 */
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { invalidInput, notFound } from "../../app/shared/errors";
import { formatPrice } from "../../app/shared/money";
import type { AdminProductInput, ApplicationReview, DateRange } from "../../app/shared/schemas";
import type { Database } from "../db/client";
import * as t from "../db/schema";
import type { Programme } from "../../app/shared/programmes";
import type { Outbox } from "./outbox";

export type BackOfficeDeps = {
  /** D1 read at its primary: the owner reads their own writes. */
  db: Database;
  outbox: Outbox;
  /** Where the owner's request came from (the client address), for the audit trail. */
  address: string;
};

export const PAGE_SIZE = 25;
/** At most this many orders in one export file. */
export const EXPORT_LIMIT = 5000;

/** One page of a list, newest first; `hasMore` when a next page exists. */
export type Page<T> = { rows: T[]; page: number; hasMore: boolean };

const pageOf = <T>(rows: T[], page: number): Page<T> => ({ rows: rows.slice(0, PAGE_SIZE), page, hasMore: rows.length > PAGE_SIZE });
/** One more row than a page holds, to know whether there is a next page. */
const window = (page: number) => ({ limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE });

/** The audit entry for a change, to run in the change's own batch. */
const audit = ({ db, address }: BackOfficeDeps, action: string, subject: string, detail = "") =>
  db.insert(t.auditLog).values({ action, subject, detail, address });

/** Records something the owner did that changes no data (signing in and out). */
export async function recordEvent(deps: BackOfficeDeps, action: string, subject: string) {
  await audit(deps, action, subject);
}

// ---------------------------------------------------------------- overview

export async function overview({ db }: BackOfficeDeps) {
  const status = (table: typeof t.affiliateApplications | typeof t.creatorApplications | typeof t.vendorApplications) =>
    db.select({ count: count() }).from(table).where(eq(table.status, "new"));
  const [orders, affiliates, creators, vendors, subscribers, failedEmails] = await db.batch([
    db.select({ count: count(), total: sql<number>`coalesce(sum(${t.orders.total}), 0)` }).from(t.orders).where(eq(t.orders.status, "placed")),
    status(t.affiliateApplications),
    status(t.creatorApplications),
    status(t.vendorApplications),
    db.select({ count: count() }).from(t.newsletterSignups),
    db.select({ count: count() }).from(t.emails).where(eq(t.emails.status, "failed")),
  ]);
  return {
    placedOrders: orders[0]?.count ?? 0,
    placedTotal: orders[0]?.total ?? 0,
    newApplications: { affiliate: affiliates[0]?.count ?? 0, creator: creators[0]?.count ?? 0, vendor: vendors[0]?.count ?? 0 },
    subscribers: subscribers[0]?.count ?? 0,
    failedEmails: failedEmails[0]?.count ?? 0,
  };
}

// ---------------------------------------------------------------- orders


export type OrderSummary = { id: string; createdAt: string; status: t.OrderStatus; email: string; items: number; total: number };

const itemCount = sql<number>`(SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines.orderId} = ${t.orders.id})`;

export async function listOrders({ db }: BackOfficeDeps, status: t.OrderStatus, page: number): Promise<Page<OrderSummary>> {
  const rows = await db
    .select({ id: t.orders.id, createdAt: t.orders.createdAt, status: t.orders.status, email: t.orders.email, items: itemCount, total: t.orders.total })
    .from(t.orders)
    .where(eq(t.orders.status, status))
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(window(page).limit)
    .offset(window(page).offset);
  return pageOf(rows, page);
}

/** The shipping address as the owner needs it: never the cardholder's name. */
export type ShippingAddress = t.ShippingAddress;

export type OrderDetail = {
  id: string;
  createdAt: string;
  status: t.OrderStatus;
  email: string;
  shippingAddress: ShippingAddress | null;
  lines: { productId: number; name: string; unitPrice: number; quantity: number; lineTotal: number }[];
  subtotal: number;
  savings: number;
  tax: number;
  shipping: number;
  total: number;
};

export async function getOrder({ db }: BackOfficeDeps, id: string): Promise<OrderDetail> {
  const [orders, lines] = await db.batch([
    db.select().from(t.orders).where(eq(t.orders.id, id)),
    db.select().from(t.orderLines).where(eq(t.orderLines.orderId, id)).orderBy(asc(t.orderLines.name)),
  ]);
  const order = orders[0];
  if (!order) throw notFound("There is no order with that number.");
  return {
    id: order.id,
    createdAt: order.createdAt,
    status: order.status,
    email: order.email,
    shippingAddress: order.shippingAddress,
    lines: lines.map(({ productId, name, unitPrice, quantity, lineTotal }) => ({ productId, name, unitPrice, quantity, lineTotal })),
    subtotal: order.subtotal,
    savings: order.bundleSavings,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
  };
}

/**
 * The orders of a range of days (UTC, both included), oldest first, with their lines: at
 * most EXPORT_LIMIT, and `truncated` when the range holds more.
 */
export async function ordersBetween({ db }: BackOfficeDeps, { from, to }: DateRange, status: t.OrderStatus) {
  const inRange = and(eq(t.orders.status, status), gte(t.orders.createdAt, `${from} 00:00:00`), lte(t.orders.createdAt, `${to} 23:59:59`));
  const [orders, lines] = await db.batch([
    db.select().from(t.orders).where(inRange).orderBy(asc(t.orders.createdAt), asc(t.orders.id)).limit(EXPORT_LIMIT + 1),
    db
      .select({ orderId: t.orderLines.orderId, name: t.orderLines.name, quantity: t.orderLines.quantity })
      .from(t.orderLines)
      .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
      .where(inRange)
      .orderBy(asc(t.orderLines.name)),
  ]);
  const linesOf = Map.groupBy(lines, (line) => line.orderId);
  return {
    truncated: orders.length > EXPORT_LIMIT,
    orders: orders.slice(0, EXPORT_LIMIT).map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      email: order.email,
      shippingAddress: order.shippingAddress,
      items: (linesOf.get(order.id) ?? []).map((line) => `${line.quantity} x ${line.name}`).join("; "),
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      tax: order.tax,
      shipping: order.shipping,
      total: order.total,
    })),
  };
}

// ---------------------------------------------------------------- applications

const APPLICATIONS = {
  affiliate: t.affiliateApplications,
  creator: t.creatorApplications,
  vendor: t.vendorApplications,
} as const;

export type ApplicationSummary = { id: number; name: string; email: string; createdAt: string; status: t.ApplicationStatus };

/** Each programme's applications counted by status (the tabs of the applications pages). */
export async function countApplications({ db }: BackOfficeDeps): Promise<Record<Programme, Record<t.ApplicationStatus, number>>> {
  const byStatus = (table: (typeof APPLICATIONS)[Programme]) =>
    db.select({ status: table.status, count: count() }).from(table).groupBy(table.status);
  const results = await db.batch([byStatus(APPLICATIONS.affiliate), byStatus(APPLICATIONS.creator), byStatus(APPLICATIONS.vendor)]);
  const counts = (rows: { status: t.ApplicationStatus; count: number }[]) =>
    Object.fromEntries(t.APPLICATION_STATUSES.map((status) => [status, rows.find((row) => row.status === status)?.count ?? 0])) as Record<
      t.ApplicationStatus,
      number
    >;
  return { affiliate: counts(results[0]), creator: counts(results[1]), vendor: counts(results[2]) };
}

export async function listApplications(
  { db }: BackOfficeDeps,
  programme: Programme,
  status: t.ApplicationStatus,
  page: number,
): Promise<Page<ApplicationSummary>> {
  const { limit, offset } = window(page);
  const query = () => {
    switch (programme) {
      case "affiliate": {
        const a = APPLICATIONS.affiliate;
        return db.select({ id: a.id, name: a.name, email: a.email, createdAt: a.createdAt, status: a.status }).from(a).where(eq(a.status, status)).orderBy(desc(a.id));
      }
      case "creator": {
        const a = APPLICATIONS.creator;
        return db.select({ id: a.id, name: a.name, email: a.email, createdAt: a.createdAt, status: a.status }).from(a).where(eq(a.status, status)).orderBy(desc(a.id));
      }
      case "vendor": {
        const a = APPLICATIONS.vendor;
        return db
          .select({ id: a.id, name: sql<string>`${a.businessName} || ' (' || ${a.contactName} || ')'`, email: a.email, createdAt: a.createdAt, status: a.status })
          .from(a)
          .where(eq(a.status, status))
          .orderBy(desc(a.id));
      }
    }
  };
  return pageOf(await query().limit(limit).offset(offset), page);
}

export type ApplicationDetail = ApplicationSummary & {
  programme: Programme;
  reviewNote: string | null;
  reviewedAt: string | null;
  /** Everything the applicant sent, as label and text. */
  fields: [string, string][];
  /** For a creator: whether their public profile is on /creators (null: never published). */
  published: boolean | null;
};

const socialText = (links: t.SocialLinks) =>
  Object.entries(links)
    .filter(([, handle]) => handle)
    .map(([network, handle]) => `${network}: ${handle}`)
    .join(", ") || "none";

export async function getApplication({ db }: BackOfficeDeps, programme: Programme, id: number): Promise<ApplicationDetail> {
  const missing = () => notFound("There is no application with that number.");
  type Stored = { email: string; status: t.ApplicationStatus; reviewNote: string | null; reviewedAt: string | null; createdAt: string };
  const detail = (name: string, row: Stored, fields: [string, string][], published: boolean | null = null): ApplicationDetail => ({
    id,
    programme,
    name,
    email: row.email,
    status: row.status,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt,
    createdAt: row.createdAt,
    published,
    fields,
  });
  switch (programme) {
    case "affiliate": {
      const row = await db.select().from(APPLICATIONS.affiliate).where(eq(APPLICATIONS.affiliate.id, id)).get();
      if (!row) throw missing();
      return detail(row.name, row, [
        ["Name", row.name],
        ["Email", row.email],
        ["Website", row.websiteUrl],
        ["Audience", row.audienceDescription],
      ]);
    }
    case "creator": {
      const [rows, profiles] = await db.batch([
        db.select().from(APPLICATIONS.creator).where(eq(APPLICATIONS.creator.id, id)),
        db.select({ featured: t.featuredCreators.featured }).from(t.featuredCreators).where(eq(t.featuredCreators.applicationId, id)),
      ]);
      const row = rows[0];
      if (!row) throw missing();
      const fields: [string, string][] = [
        ["Name", row.name],
        ["Email", row.email],
        ["Bio", row.bio],
        ["Social", socialText(row.socialLinks)],
        ["Portfolio", row.portfolioUrls.join("\n")],
        ["Payment method", row.paymentMethod],
        ["Payment details", row.accountDetails],
      ];
      return detail(row.name, row, fields, profiles[0]?.featured ?? null);
    }
    case "vendor": {
      const row = await db.select().from(APPLICATIONS.vendor).where(eq(APPLICATIONS.vendor.id, id)).get();
      if (!row) throw missing();
      return detail(`${row.businessName} (${row.contactName})`, row, [
        ["Business", row.businessName],
        ["Contact", row.contactName],
        ["Email", row.email],
        ["Phone", row.phone],
        ["Business type", row.businessType],
        ["Website", row.website ?? "none"],
        ["Established", row.yearEstablished],
        ["Monthly sales", row.monthlySalesVolume.replaceAll("_", " ")],
        ["Locations", String(row.locations)],
        ["Description", row.businessDescription],
        ["Has a license", row.hasLicense ? "yes" : "no"],
        ["Preferred contact", row.preferredContactMethod],
      ]);
    }
  }
}

const applicationSubject = (programme: Programme, id: number) => `${programme} application ${id}`;

/**
 * Approves or declines a new application, with an optional note for the applicant, and
 * emails them the decision. Approving a creator with `publish` puts their public profile
 * (name, bio, social links, portfolio) among the featured creators on /creators. A decided
 * application cannot be decided again.
 */
export async function reviewApplication(deps: BackOfficeDeps, programme: Programme, id: number, review: ApplicationReview): Promise<void> {
  const application = await getApplication(deps, programme, id);
  if (application.status !== "new") throw invalidInput(`This application was already ${application.status}.`);
  const { db } = deps;
  const table = APPLICATIONS[programme];
  const note = review.note === "" ? null : review.note;
  const decided = db
    .update(table)
    .set({ status: review.decision, reviewNote: note, reviewedAt: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(table.id, id), eq(table.status, "new")));
  const publish = programme === "creator" && review.decision === "approved" && review.publish;
  const action = review.decision === "approved" ? "application.approve" : "application.decline";
  const detail = [note ? `note: ${note}` : "", publish ? "published on /creators" : ""].filter(Boolean).join("; ");
  const entry = audit(deps, action, applicationSubject(programme, id), detail);
  if (publish) await db.batch([decided, publishCreator(deps, id, await creatorProfile(deps, id)), entry]);
  else await db.batch([decided, entry]);
  deps.outbox.enqueue({ kind: "application_reviewed", programme, applicationId: id });
}

/** A creator's public fields: all that /creators may show, nothing private. */
async function creatorProfile({ db }: BackOfficeDeps, applicationId: number) {
  const a = t.creatorApplications;
  const profile = await db.select({ name: a.name, bio: a.bio, socialLinks: a.socialLinks, portfolioUrls: a.portfolioUrls }).from(a).where(eq(a.id, applicationId)).get();
  if (!profile) throw notFound("There is no application with that number.");
  return profile;
}

type CreatorProfile = Awaited<ReturnType<typeof creatorProfile>>;

/** The write that shows a creator on /creators, approved and featured. */
const publishCreator = ({ db }: BackOfficeDeps, applicationId: number, profile: CreatorProfile) =>
  db
    .insert(t.featuredCreators)
    .values({ ...profile, approved: true, featured: true, applicationId })
    .onConflictDoUpdate({ target: t.featuredCreators.applicationId, set: { featured: true } });

/** Shows or hides an approved creator on /creators. */
export async function setCreatorPublished(deps: BackOfficeDeps, applicationId: number, published: boolean): Promise<void> {
  const application = await getApplication(deps, "creator", applicationId);
  if (application.status !== "approved") throw invalidInput("Only an approved creator can be shown on /creators.");
  if (application.published === published) return;
  const { db } = deps;
  const change =
    application.published === null
      ? publishCreator(deps, applicationId, await creatorProfile(deps, applicationId))
      : db.update(t.featuredCreators).set({ featured: published }).where(eq(t.featuredCreators.applicationId, applicationId));
  await db.batch([
    change,
    audit(deps, published ? "creator.publish" : "creator.unpublish", applicationSubject("creator", applicationId), published ? "shown on /creators" : "hidden from /creators"),
  ]);
}

// ---------------------------------------------------------------- newsletter

export type Subscriber = { id: number; email: string; createdAt: string };

export async function listSubscribers({ db }: BackOfficeDeps, page: number): Promise<{ count: number; page: Page<Subscriber> }> {
  const s = t.newsletterSignups;
  const { limit, offset } = window(page);
  const [total, rows] = await db.batch([
    db.select({ count: count() }).from(s),
    db.select({ id: s.id, email: s.email, createdAt: s.createdAt }).from(s).orderBy(desc(s.id)).limit(limit).offset(offset),
  ]);
  return { count: total[0]?.count ?? 0, page: pageOf(rows, page) };
}

export async function allSubscribers({ db }: BackOfficeDeps): Promise<Subscriber[]> {
  const s = t.newsletterSignups;
  return db.select({ id: s.id, email: s.email, createdAt: s.createdAt }).from(s).orderBy(asc(s.id));
}

/** Removes an address from the list. The audit trail names the entry, not the address it removed. */
export async function removeSubscriber(deps: BackOfficeDeps, id: number): Promise<void> {
  const { db } = deps;
  const [removed] = await db.batch([
    db.delete(t.newsletterSignups).where(eq(t.newsletterSignups.id, id)).returning({ id: t.newsletterSignups.id }),
    audit(deps, "newsletter.remove", `subscriber ${id}`),
  ]);
  if (removed.length === 0) throw notFound("That address is not on the list.");
}

// ---------------------------------------------------------------- catalog

export type CatalogProduct = { id: number; name: string; slug: string; description: string; price: number; featured: boolean; category: string };

const catalogColumns = {
  id: t.products.id,
  name: t.products.name,
  slug: t.products.slug,
  description: t.products.description,
  price: t.products.price,
  featured: t.products.featured,
  category: t.categories.name,
};

export async function listCatalog({ db }: BackOfficeDeps): Promise<CatalogProduct[]> {
  return db.select(catalogColumns).from(t.products).innerJoin(t.categories, eq(t.categories.id, t.products.categoryId)).orderBy(asc(t.products.id));
}

export async function getCatalogProduct({ db }: BackOfficeDeps, id: number): Promise<CatalogProduct> {
  const product = await db
    .select(catalogColumns)
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(eq(t.products.id, id))
    .get();
  if (!product) throw notFound("There is no product with that number.");
  return product;
}

/**
 * Changes a product's price, description and featured flag. D1's triggers bump the catalog
 * version, so the storefront shows it within the freshness rule and checkout charges it at
 * once. Returns what changed (nothing: no write).
 */
export async function updateProduct(deps: BackOfficeDeps, id: number, input: AdminProductInput): Promise<string[]> {
  const before = await getCatalogProduct(deps, id);
  const changes = [
    before.price !== input.price ? `price ${formatPrice(before.price)} -> ${formatPrice(input.price)}` : "",
    before.description !== input.description ? "description changed" : "",
    before.featured !== input.featured ? (input.featured ? "featured" : "no longer featured") : "",
  ].filter(Boolean);
  if (changes.length === 0) return [];
  const { db } = deps;
  await db.batch([
    db.update(t.products).set({ price: input.price, description: input.description, featured: input.featured }).where(eq(t.products.id, id)),
    audit(deps, "product.update", `product ${id} (${before.name})`, changes.join("; ")),
  ]);
  return changes;
}

// ---------------------------------------------------------------- what happened

export type EmailRecord = typeof t.emails.$inferSelect;

export async function listEmails({ db }: BackOfficeDeps, page: number): Promise<Page<EmailRecord>> {
  const { limit, offset } = window(page);
  return pageOf(await db.select().from(t.emails).orderBy(desc(t.emails.updatedAt), desc(t.emails.id)).limit(limit).offset(offset), page);
}

export type AuditEntry = typeof t.auditLog.$inferSelect;

export async function listAudit({ db }: BackOfficeDeps, page: number): Promise<Page<AuditEntry>> {
  const { limit, offset } = window(page);
  return pageOf(await db.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(limit).offset(offset), page);
}
