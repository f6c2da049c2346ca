/**
 * The owner's view of partners (/admin/partners): each one's net sales, commission, tier,
 * status and waiting payout; one partner whole with their orders and ledger; pausing and
 * resuming a partner, which pauses and resumes their code with them, audited in the same batch.
 */
import { and, asc, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import { commissionOf, netSalesOf, tierOf } from "../../../app/shared/partners";
import * as t from "../../db/schema";
import { auditOfChange, CHANGED_A_ROW, changeInOrder, pageOf, pageWindow, type BackOfficeDeps, type Page } from "../backoffice/shared";
import { maskedDetails, type PayoutMethod } from "./display";
import { balancesOf } from "./ledger";

/** A partner's and a ledger entry's statuses, for the back office's pages (they never import the schema themselves). */
export type { LedgerStatus, PartnerStatus } from "../../db/schema";

const o = t.orders;
const L = t.partnerLedger;
const P = t.partnerPayouts;
const p = t.partners;

/** SQL: the net sales of partner `p`'s orders that stand (placed, not cancelled). */
const netSalesSql = sql<number>`coalesce((SELECT sum(max(0, ${o.subtotal} - ${o.bundleSavings} - ${o.discount})) FROM ${o}
  WHERE ${o.partnerId} = ${p.id} AND ${o.status} NOT IN ('intent', 'cancelled')), 0)`;
/** SQL: what partner `p`'s payouts due come to. */
const waitingSql = sql<number>`coalesce((SELECT sum(${P.amount}) FROM ${P} WHERE ${P.partnerId} = ${p.id} AND ${P.status} = 'due'), 0)`;

export type PartnerSummary = {
  id: number;
  name: string;
  handle: string;
  programme: t.PartnerProgramme;
  status: t.PartnerStatus;
  code: string | null;
  netSales: number;
  /** The commission their net sales earn, pending and paid included. */
  earned: number;
  /** The commission bracket their net sales are in (percent). */
  tier: number;
  /** Payouts drafted and not yet paid. */
  waiting: number;
};

/** Every partner, newest first, with their figures. */
export async function listPartners({ db }: BackOfficeDeps, page: number): Promise<Page<PartnerSummary>> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({
      id: p.id,
      name: p.name,
      handle: p.handle,
      programme: p.programme,
      status: p.status,
      code: t.discountCodes.code,
      netSales: netSalesSql,
      waiting: waitingSql,
    })
    .from(p)
    .leftJoin(t.discountCodes, eq(t.discountCodes.id, p.codeId))
    .orderBy(desc(p.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    // C of what stands: what the ledger's entries add up to once settled (decision 0026), pending included.
    rows.map((row) => ({ ...row, earned: commissionOf(row.netSales), tier: tierOf(row.netSales).percent })),
    page,
  );
}

export type PartnerOrder = {
  number: string;
  placedAt: string | null;
  status: t.OrderStatus;
  attribution: t.Attribution | null;
  netSales: number;
  /** The order's ledger entry: its commission and status (none yet for an order not settled). */
  commission: number | null;
  entryStatus: t.LedgerStatus | null;
  payoutRunDate: string | null;
};

export type PartnerDetail = {
  id: number;
  name: string;
  email: string;
  handle: string;
  programme: t.PartnerProgramme;
  applicationId: number;
  status: t.PartnerStatus;
  createdAt: string;
  code: { code: string; status: t.CodeStatus; percent: number; uses: number } | null;
  payoutMethod: PayoutMethod | null;
  /** Masked but for the last 4 characters. */
  payoutAccount: string;
  netSales: number;
  tier: ReturnType<typeof tierOf>;
  balances: Awaited<ReturnType<typeof balancesOf>>;
  /** Adjustments (a cancel under entries a payout holds), newest first. */
  adjustments: { id: number; commission: number; status: t.LedgerStatus; createdAt: string; payoutRunDate: string | null }[];
  orders: Page<PartnerOrder>;
  clicks: number;
};

/** One partner whole: details, code, figures, their attributed orders (a page of them, newest first) and their ledger. */
export async function getPartner(deps: BackOfficeDeps, id: number, page = 1): Promise<PartnerDetail> {
  const { db } = deps;
  const { limit, offset } = pageWindow(page);
  // Not one D1 batch: a batch's rows come back keyed by column name, and these joins share names (status, created_at).
  const [partners, orders, adjustments, clicks] = await Promise.all([
    db
      .select({
        name: p.name,
        email: p.email,
        handle: p.handle,
        programme: p.programme,
        applicationId: p.applicationId,
        status: p.status,
        createdAt: p.createdAt,
        payoutMethod: p.payoutMethod,
        payoutDetails: p.payoutDetails,
        code: t.discountCodes.code,
        codeStatus: t.discountCodes.status,
        codePercent: t.discountCodes.value,
        codeUses: t.discountCodes.uses,
        netSales: netSalesSql,
      })
      .from(p)
      .leftJoin(t.discountCodes, eq(t.discountCodes.id, p.codeId))
      .where(eq(p.id, id)),
    db
      .select({
        number: o.number,
        placedAt: o.placedAt,
        status: o.status,
        attribution: o.attribution,
        subtotal: o.subtotal,
        bundleSavings: o.bundleSavings,
        discount: o.discount,
        commission: L.commission,
        entryStatus: L.status,
        payoutRunDate: P.runDate,
      })
      .from(o)
      .leftJoin(L, eq(L.orderId, o.id))
      .leftJoin(P, eq(P.id, L.payoutId))
      .where(and(eq(o.partnerId, id), ne(o.status, "intent")))
      .orderBy(desc(o.placedAt), desc(o.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ id: L.id, commission: L.commission, status: L.status, createdAt: L.createdAt, payoutRunDate: P.runDate })
      .from(L)
      .leftJoin(P, eq(P.id, L.payoutId))
      .where(and(eq(L.partnerId, id), isNull(L.orderId)))
      .orderBy(desc(L.id)),
    db
      .select({ clicks: sql<number>`coalesce(sum(${t.partnerClicks.clicks}), 0)` })
      .from(t.partnerClicks)
      .where(eq(t.partnerClicks.partnerId, id)),
  ]);
  const partner = partners[0];
  if (!partner) throw notFound("There is no partner with that number.");
  const { code, codeStatus, codePercent, codeUses, netSales } = partner;
  return {
    id,
    name: partner.name,
    email: partner.email,
    handle: partner.handle,
    programme: partner.programme,
    applicationId: partner.applicationId,
    status: partner.status,
    createdAt: partner.createdAt,
    code: code && codeStatus && codePercent !== null && codeUses !== null ? { code, status: codeStatus, percent: codePercent, uses: codeUses } : null,
    payoutMethod: partner.payoutMethod,
    payoutAccount: maskedDetails(partner.payoutDetails),
    netSales,
    tier: tierOf(netSales),
    balances: await balancesOf(deps, id),
    adjustments,
    orders: pageOf(
      orders.map(({ subtotal, bundleSavings, discount, ...order }) => ({ ...order, netSales: netSalesOf({ subtotal, bundleSavings, discount }) })),
      page,
    ),
    clicks: clicks[0]?.clicks ?? 0,
  };
}

/** The partner made from an application, if any (the application's page links to them). */
export async function partnerOfApplication({ db }: BackOfficeDeps, programme: string, applicationId: number): Promise<number | null> {
  if (programme !== "affiliate" && programme !== "creator") return null;
  const row = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.programme, programme), eq(p.applicationId, applicationId)))
    .get();
  return row?.id ?? null;
}

/**
 * Pauses or resumes a partner. Paused, their link and code attribute nothing and their code
 * takes nothing off at checkout; resumed, both work again. The partner's status, its audit
 * entry and their code's status are one batch, each acting only on the change before it:
 * answers whether anything changed.
 */
export async function setPartnerStatus(deps: BackOfficeDeps, id: number, status: t.PartnerStatus): Promise<boolean> {
  const partner = await deps.db.select({ handle: p.handle, codeId: p.codeId }).from(p).where(eq(p.id, id)).get();
  if (!partner) throw notFound("There is no partner with that number.");
  if (!(t.PARTNER_STATUSES as readonly string[]).includes(status)) throw invalidInput("Please choose to pause or to resume the partner.");
  const [changed] = await changeInOrder(deps, [
    deps.db
      .update(p)
      .set({ status })
      .where(and(eq(p.id, id), ne(p.status, status))),
    auditOfChange(
      deps,
      status === "paused" ? "partner.pause" : "partner.resume",
      `partner /r/${partner.handle}`,
      status === "paused" ? "link and code paused" : "link and code resumed",
    ),
    ...(partner.codeId === null
      ? []
      : [
          sql`UPDATE ${t.discountCodes} SET status = ${status}, updated_at = CURRENT_TIMESTAMP WHERE ${t.discountCodes.id} = ${partner.codeId} AND ${CHANGED_A_ROW}`,
        ]),
  ]);
  return Boolean(changed?.meta.changes);
}

/** How many partners there are, by status (the Partners page's heading). */
export async function countPartners({ db }: BackOfficeDeps): Promise<Record<t.PartnerStatus, number>> {
  const rows = await db.select({ status: p.status, count: count() }).from(p).groupBy(p.status).orderBy(asc(p.status));
  return { active: rows.find((r) => r.status === "active")?.count ?? 0, paused: rows.find((r) => r.status === "paused")?.count ?? 0 };
}
