/**
 * Payouts on the 15th (docs/decisions/0026). The Worker's Cron Trigger runs `runPayouts` on
 * the 15th: it settles every partner's ledger, then drafts one payout per partner whose
 * payable entries not yet in a payout add up to PAYOUT_MINIMUM_CENTS or more, taking those
 * entries into it in the same batch; less rolls over to the next run. A payout is unique per
 * partner and run date, so a second run the same day drafts nothing twice. The owner then
 * exports the run's CSV and marks each payout paid: audited, its entries paid, the partner emailed.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import { plainAmount } from "../../../app/shared/money";
import { PAYOUT_DAY, PAYOUT_MINIMUM_CENTS } from "../../../app/shared/partners";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { AUDIT_COLUMNS, changeInOrder, type BackOfficeDeps } from "../backoffice/shared";
import { maskedDetails, PAYOUT_METHOD_NAMES, type PayoutMethod } from "./display";
import { settlePartner } from "./ledger";
import { toOutbox, type EmailJob } from "../emails/outbox";

/** What the scheduled run writes in the audit trail's address column: no request, no client. */
export const SCHEDULED_RUN = "scheduled run";

/** The run date of `now`, `YYYY-MM-15`, when `now` is the 15th (UTC); null on any other day. */
export const runDateOf = (now: Date) => (now.getUTCDate() === PAYOUT_DAY ? now.toISOString().slice(0, 10) : null);

export type PayoutRun = { runDate: string | null; drafted: number; rolledOver: number };

/**
 * The 15th's run at `now` (the Cron Trigger's scheduled time; a fixed clock in the tests). On
 * any other day it does nothing. Each partner's payout is one batch: the payout with the sum
 * of their payable entries no payout holds (only at the minimum or more), its audit entry, and
 * those entries taken into it; a payable balance under the minimum stays for the next run.
 */
export async function runPayouts(deps: { db: Database }, now: Date): Promise<PayoutRun> {
  const runDate = runDateOf(now);
  if (!runDate) return { runDate: null, drafted: 0, rolledOver: 0 };
  const { db } = deps;
  const partners = await db.select({ id: t.partners.id, handle: t.partners.handle }).from(t.partners).orderBy(asc(t.partners.id));
  let [drafted, rolledOver] = [0, 0];
  for (const partner of partners) {
    // Settling heals whatever an earlier event left undone, so the run pays what the orders say.
    await settlePartner(deps, partner.id);
    const [made] = await changeInOrder({ db }, draftStatements(partner, runDate));
    if (made?.meta.changes) drafted++;
    else if ((await untakenPayable(db, partner.id)) > 0) rolledOver++;
  }
  return { runDate, drafted, rolledOver };
}

const L = t.partnerLedger;
const P = t.partnerPayouts;
const untaken = (partnerId: number) => sql`${L.partnerId} = ${partnerId} AND ${L.status} = 'payable' AND ${L.payoutId} IS NULL`;

/** A partner's payable amount no payout holds yet (what rolls over when under the minimum). */
async function untakenPayable(db: Database, partnerId: number): Promise<number> {
  const row = await db
    .select({ sum: sql<number>`coalesce(sum(${L.commission}), 0)` })
    .from(L)
    .where(untaken(partnerId))
    .get();
  return row?.sum ?? 0;
}

/** The batch that drafts one partner's payout of `runDate`, or changes nothing. */
function draftStatements(partner: { id: number; handle: string }, runDate: string) {
  const payoutId = sql`(SELECT ${P.id} FROM ${P} WHERE ${P.partnerId} = ${partner.id} AND ${P.runDate} = ${runDate})`;
  return [
    sql`INSERT INTO ${P} (partner_id, run_date, amount, status)
      SELECT ${partner.id}, ${runDate}, sum(${L.commission}), 'due' FROM ${L} WHERE ${untaken(partner.id)}
      HAVING sum(${L.commission}) >= ${PAYOUT_MINIMUM_CENTS}
      ON CONFLICT (partner_id, run_date) DO NOTHING`,
    sql`INSERT INTO ${t.auditLog} (${AUDIT_COLUMNS})
      SELECT 'payout.draft', 'payout ' || ${P.id}, 'run ' || ${runDate} || ', ' || printf('%.2f', ${P.amount} / 100.0) || ' to /r/' || ${partner.handle}, ${SCHEDULED_RUN}
      FROM ${P} WHERE ${P.partnerId} = ${partner.id} AND ${P.runDate} = ${runDate} AND changes() = 1`,
    sql`UPDATE ${L} SET payout_id = ${payoutId}, updated_at = CURRENT_TIMESTAMP WHERE ${untaken(partner.id)} AND changes() = 1`,
  ];
}

export type PayoutRow = {
  id: number;
  partnerId: number;
  name: string;
  handle: string;
  email: string;
  method: PayoutMethod | null;
  /** Masked but for the last 4 characters. */
  account: string;
  amount: number;
  runDate: string;
  status: (typeof t.PAYOUT_STATUSES)[number];
  paidAt: string | null;
};

const payoutColumns = {
  id: P.id,
  partnerId: P.partnerId,
  name: t.partners.name,
  handle: t.partners.handle,
  email: t.partners.email,
  method: t.partners.payoutMethod,
  details: t.partners.payoutDetails,
  amount: P.amount,
  runDate: P.runDate,
  status: P.status,
  paidAt: P.paidAt,
};

const masked = ({ details, ...row }: { details: string | null } & Omit<PayoutRow, "account">): PayoutRow => ({ ...row, account: maskedDetails(details) });

/** The payouts due (oldest run first), and the latest paid ones, or one partner's payouts. */
export async function listPayouts({ db }: BackOfficeDeps, { partnerId, paidLimit = 25 }: { partnerId?: number; paidLimit?: number } = {}) {
  const ofPartner = partnerId === undefined ? sql`1` : eq(P.partnerId, partnerId);
  const [due, paid] = await db.batch([
    db
      .select(payoutColumns)
      .from(P)
      .innerJoin(t.partners, eq(t.partners.id, P.partnerId))
      .where(and(eq(P.status, "due"), ofPartner))
      .orderBy(asc(P.runDate), asc(t.partners.name)),
    db
      .select(payoutColumns)
      .from(P)
      .innerJoin(t.partners, eq(t.partners.id, P.partnerId))
      .where(and(eq(P.status, "paid"), ofPartner))
      .orderBy(desc(P.paidAt), desc(P.id))
      .limit(paidLimit),
  ]);
  return { due: due.map(masked), paid: paid.map(masked) };
}

export const PAYOUT_CSV_COLUMNS = ["partner", "email", "method", "account", "amount", "run date"] as const;

/** The payment run's CSV rows: every payout due, its account masked but for the last 4 characters, its amount as plain figures. */
export async function payoutCsvRows(deps: BackOfficeDeps): Promise<string[][]> {
  const { due } = await listPayouts(deps, { paidLimit: 0 });
  return due.map((row) => [row.name, row.email, row.method ? PAYOUT_METHOD_NAMES[row.method] : "not given", row.account, plainAmount(row.amount), row.runDate]);
}

/**
 * Marks a due payout paid, with its audit entry and its entries paid, in one batch that acts
 * only when the payout was still due; then emails the partner (`payout_paid`). A payout
 * already paid is refused in words; an unknown one is a 404.
 */
export async function markPayoutPaid(deps: BackOfficeDeps, payoutId: number, origin?: string): Promise<void> {
  const payout = await deps.db.select({ status: P.status, amount: P.amount, runDate: P.runDate }).from(P).where(eq(P.id, payoutId)).get();
  if (!payout) throw notFound("There is no payout with that number.");
  const job: EmailJob = { kind: "payout_paid", payoutId, ...(origin ? { origin } : {}) };
  const [marked] = await changeInOrder(deps, [
    sql`UPDATE ${P} SET status = 'paid', paid_at = CURRENT_TIMESTAMP WHERE ${P.id} = ${payoutId} AND ${P.status} = 'due'`,
    sql`INSERT INTO ${t.auditLog} (${AUDIT_COLUMNS})
      SELECT 'payout.paid', ${`payout ${payoutId}`}, 'run ' || ${P.runDate} || ', ' || printf('%.2f', ${P.amount} / 100.0) || ' to /r/' || ${t.partners.handle}, ${deps.address}
      FROM ${P} JOIN ${t.partners} ON ${t.partners.id} = ${P.partnerId} WHERE ${P.id} = ${payoutId} AND changes() = 1`,
    sql`UPDATE ${L} SET status = 'paid', updated_at = CURRENT_TIMESTAMP WHERE ${L.payoutId} = ${payoutId} AND ${L.status} != 'paid' AND changes() = 1`,
    // The partner's email, kept once the payout's paid entry is (a payout is marked paid once).
    await toOutbox(
      job,
      sql`EXISTS (SELECT 1 FROM ${t.auditLog} WHERE ${t.auditLog.action} = 'payout.paid' AND ${t.auditLog.subject} = ${`payout ${payoutId}`})`,
    ),
  ]);
  if (!marked?.meta.changes) throw invalidInput("This payout was already marked paid.");
  deps.outbox.enqueue(job);
}
