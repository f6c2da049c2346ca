/**
 * The partner applications: counted, listed and shown whole; decided once, with an email to
 * the applicant; and for a creator, their public profile shown on /creators or taken off it.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import type { Programme } from "../../../app/shared/programmes";
import type { ApplicationReview } from "../../../app/shared/schemas";
import * as t from "../../db/schema";
import type { PartnerProgramme } from "../../db/schema";
import { admitPartner, freeHandleAndCode, isUniqueClash } from "../partners/admission";
import { toOutbox, type EmailJob } from "../emails/outbox";

/** An application's statuses, for the back office's pages (they never import the schema themselves). */
export { APPLICATION_STATUSES, type ApplicationStatus } from "../../db/schema";
import { auditOfChange, CHANGED_A_ROW, changeInOrder, columnList, pageOf, pageWindow, type BackOfficeDeps, type Page } from "./shared";

const APPLICATIONS = {
  affiliate: t.affiliateApplications,
  creator: t.creatorApplications,
  vendor: t.vendorApplications,
} as const;

export type ApplicationSummary = { id: number; name: string; email: string; createdAt: string; status: t.ApplicationStatus };

/** Each programme's applications counted by status (the tabs of the applications pages). */
export async function countApplications({ db }: BackOfficeDeps): Promise<Record<Programme, Record<t.ApplicationStatus, number>>> {
  const byStatus = (table: (typeof APPLICATIONS)[Programme]) => db.select({ status: table.status, count: count() }).from(table).groupBy(table.status);
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
  const { limit, offset } = pageWindow(page);
  const query = () => {
    switch (programme) {
      case "affiliate": {
        const a = APPLICATIONS.affiliate;
        return db
          .select({ id: a.id, name: a.name, email: a.email, createdAt: a.createdAt, status: a.status })
          .from(a)
          .where(eq(a.status, status))
          .orderBy(desc(a.id));
      }
      case "creator": {
        const a = APPLICATIONS.creator;
        return db
          .select({ id: a.id, name: a.name, email: a.email, createdAt: a.createdAt, status: a.status })
          .from(a)
          .where(eq(a.status, status))
          .orderBy(desc(a.id));
      }
      case "vendor": {
        const a = APPLICATIONS.vendor;
        return db
          .select({
            id: a.id,
            name: sql<string>`${a.businessName} || ' (' || ${a.contactName} || ')'`,
            email: a.email,
            createdAt: a.createdAt,
            status: a.status,
          })
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
  /** For a creator: whether their public profile is on /creators. */
  published: boolean;
};

const socialText = (links: t.SocialLinks) =>
  Object.entries(links)
    .filter(([, handle]) => handle)
    .map(([network, handle]) => `${network}: ${handle}`)
    .join(", ") || "none";

export async function getApplication({ db }: BackOfficeDeps, programme: Programme, id: number): Promise<ApplicationDetail> {
  const missing = () => notFound("There is no application with that number.");
  type Stored = { email: string; status: t.ApplicationStatus; reviewNote: string | null; reviewedAt: string | null; createdAt: string };
  const detail = (name: string, row: Stored, fields: [string, string][], published = false): ApplicationDetail => ({
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
        db.select({ approved: t.featuredCreators.approved }).from(t.featuredCreators).where(eq(t.featuredCreators.applicationId, id)),
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
      return detail(row.name, row, fields, profiles[0]?.approved === true);
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

/** How often an approval is tried with fresh names when another took its handle or code meanwhile. */
const ADMISSION_TRIES = 3;

/**
 * Approves or declines a new application, with an optional note for the applicant, and
 * emails them the decision: one email per decision. Approving a creator with `publish` puts
 * their public profile (name, bio, social links, portfolio) among the featured creators on
 * /creators. Approving an affiliate or creator makes them a partner (partners/admission.ts):
 * link, code and the welcome email that carries both, with `origin` (the shop's address as
 * the owner reached it) for its links.
 *
 * An application is decided once. The decision, its audit entry, the publishing and the
 * partner are one batch, acting only if the application was decided by it:
 * of two decisions at once, the one that finds the application still new does all of it (and
 * has its email sent); the other changes nothing and is told the application was already decided.
 */
export async function reviewApplication(
  deps: BackOfficeDeps,
  programme: Programme,
  id: number,
  review: ApplicationReview,
  origin = "http://localhost",
): Promise<void> {
  const admits = review.decision === "approved" && programme !== "vendor";
  const job: EmailJob = admits
    ? { kind: "partner_welcome", programme: programme as PartnerProgramme, applicationId: id, origin }
    : { kind: "application_reviewed", programme, applicationId: id };
  for (let attempt = 1; ; attempt++) {
    try {
      const decided = await decide(deps, programme, id, review, admits ? await newPartnerNames(deps, programme, id) : null, job);
      if (!decided) {
        const application = await getApplication(deps, programme, id);
        throw invalidInput(`This application was already ${application.status}.`);
      }
      break;
    } catch (error) {
      if (!isUniqueClash(error) || attempt >= ADMISSION_TRIES) throw error;
    }
  }
  deps.outbox.enqueue(job);
}

async function decide(
  deps: BackOfficeDeps,
  programme: Programme,
  id: number,
  review: ApplicationReview,
  names: { handle: string; code: string } | null,
  job: EmailJob,
): Promise<boolean> {
  const table = APPLICATIONS[programme];
  const note = review.note || null;
  const publish = programme === "creator" && review.decision === "approved" && review.publish;
  const action = review.decision === "approved" ? "application.approve" : "application.decline";
  const partner = names ? `partner /r/${names.handle}, code ${names.code}` : "";
  const detail = [note ? `note: ${note}` : "", publish ? "published on /creators" : "", partner].filter(Boolean).join("; ");
  const [decided] = await changeInOrder(deps, [
    deps.db
      .update(table)
      .set({ status: review.decision, reviewNote: note, reviewedAt: sql`CURRENT_TIMESTAMP` })
      .where(and(eq(table.id, id), eq(table.status, "new"))),
    auditOfChange(deps, action, applicationSubject(programme, id), detail),
    ...(publish ? [showCreator(id, CHANGED_A_ROW)] : []),
    // The partner's statements act only while the application is approved and its email no partner's (admission.ts).
    ...(names && programme !== "vendor" ? admitPartner(programme, id, names) : []),
    // The applicant's email, kept once the decision's audit entry is (written by this batch: an application is decided once).
    await toOutbox(
      job,
      sql`EXISTS (SELECT 1 FROM ${t.auditLog} WHERE ${t.auditLog.action} = ${action} AND ${t.auditLog.subject} = ${applicationSubject(programme, id)})`,
    ),
  ]);
  return Boolean(decided?.meta.changes);
}

/**
 * The handle and code of the partner approving application `id` makes, from the applicant's
 * name; null when their email is a partner's already (they keep the link and code they have).
 */
async function newPartnerNames(deps: BackOfficeDeps, programme: Programme, id: number): Promise<{ handle: string; code: string } | null> {
  const { db } = deps;
  const a = programme === "creator" ? t.creatorApplications : t.affiliateApplications;
  const row = await db
    .select({ name: a.name, partner: t.partners.id })
    .from(a)
    .leftJoin(t.partners, eq(t.partners.email, sql`lower(${a.email})`))
    .where(eq(a.id, id))
    .get();
  if (!row) throw notFound("There is no application with that number.");
  return row.partner === null ? freeHandleAndCode(db, row.name) : null;
}

/**
 * The statement that shows an approved creator's public profile on /creators, approved and
 * featured: copied from their application (only the public fields, never an email or payment
 * details) where `condition` holds. It changes a row only when the profile was not shown.
 */
function showCreator(applicationId: number, condition: SQL) {
  const a = t.creatorApplications;
  const f = t.featuredCreators;
  return sql`
    INSERT INTO ${f} (${columnList(f.name, f.bio, f.socialLinks, f.portfolioUrls, f.approved, f.featured, f.applicationId)})
    SELECT ${a.name}, ${a.bio}, ${a.socialLinks}, ${a.portfolioUrls}, 1, 1, ${a.id} FROM ${a} WHERE ${a.id} = ${applicationId} AND ${condition}
    ON CONFLICT (${columnList(f.applicationId)}) DO UPDATE SET ${columnList(f.approved)} = 1, ${columnList(f.featured)} = 1
    WHERE NOT (${f.approved} AND ${f.featured})`;
}

/**
 * Shows an approved creator on /creators, or takes their public profile off it: hidden, it is
 * gone from the shop altogether (/creators and /api/creators, with or without ?featured),
 * and the catalog's version moves so every cached copy refreshes. Returns whether anything
 * changed; the change and its audit entry are one batch, the entry written only with it.
 */
export async function setCreatorPublished(deps: BackOfficeDeps, applicationId: number, published: boolean): Promise<boolean> {
  const f = t.featuredCreators;
  const subject = applicationSubject("creator", applicationId);
  const [change] = await changeInOrder(
    deps,
    published
      ? [showCreator(applicationId, sql`${t.creatorApplications.status} = 'approved'`), auditOfChange(deps, "creator.publish", subject, "shown on /creators")]
      : [deps.db.delete(f).where(eq(f.applicationId, applicationId)), auditOfChange(deps, "creator.unpublish", subject, "hidden from /creators")],
  );
  if (change?.meta.changes) return true;
  const application = await getApplication(deps, "creator", applicationId);
  if (application.status !== "approved") throw invalidInput("Only an approved creator can be shown on /creators.");
  return false;
}
