/**
 * The affiliate programme's terms as numbers (spec sections 3 and 9; contract, "Codes and
 * partners"; docs/decisions/0026), and the one commission function the ledger, the partner's
 * page, the back office and the tests use. Money in cents.
 */
import { formatPrice } from "./money";

/** Commission by cumulative net sales, marginal like tax brackets: 15% of the first $1,000, 20% up to $5,000, 25% beyond. */
export const COMMISSION_BRACKETS = [
  { from: 0, to: 100_000, percent: 15 },
  { from: 100_000, to: 500_000, percent: 20 },
  { from: 500_000, to: Number.POSITIVE_INFINITY, percent: 25 },
] as const;

/** The brackets in words, as the pages and emails state them: "15% of the first $1,000.00, 20% up to $5,000.00, 25% beyond". */
export const BRACKETS_IN_WORDS = COMMISSION_BRACKETS.map(({ from, to, percent }) =>
  from === 0 ? `${percent}% of the first ${formatPrice(to)}` : Number.isFinite(to) ? `${percent}% up to ${formatPrice(to)}` : `${percent}% beyond`,
).join(", ");

/** Payouts are drafted on this day of each month, for a payable balance of at least the minimum; less rolls over. */
export const PAYOUT_DAY = 15;
export const PAYOUT_MINIMUM_CENTS = 5_000;
/** A partner's link keeps counting for this many days after a click (the last click wins). */
export const REFERRAL_DAYS = 30;
/** A partner's own code: this percent off by default. */
export const PARTNER_CODE_PERCENT = 10;
/** A sign-in link or code works once, for this many minutes. */
export const SIGN_IN_MINUTES = 15;

/**
 * C(S): the commission on cumulative net sales `S` cents, rounded half up to the cent once.
 * Exact in integers: each bracket's share is in hundredths of a cent before the one rounding.
 */
export function commissionOf(netSales: number): number {
  const sales = Math.max(0, Math.floor(netSales));
  let hundredths = 0;
  for (const { from, to, percent } of COMMISSION_BRACKETS) {
    if (sales <= from) break;
    hundredths += (Math.min(sales, to) - from) * percent;
  }
  return Math.floor((hundredths + 50) / 100);
}

/** What one order earns: C(after) − C(before), with `before` the partner's net sales of their earlier orders that stand. */
export const orderCommission = (before: number, netSales: number) => commissionOf(before + netSales) - commissionOf(before);

/** An order's net sales: its subtotal after bundle savings and its code, before tax and shipping. */
export const netSalesOf = (order: { subtotal: number; bundleSavings: number; discount: number }) =>
  Math.max(0, order.subtotal - order.bundleSavings - order.discount);

/** The bracket cumulative net sales `S` are in, and what is left to reach the next (null at the top). */
export function tierOf(netSales: number): { percent: number; nextPercent: number | null; leftToNext: number | null } {
  const index = COMMISSION_BRACKETS.findIndex(({ to }) => netSales < to);
  const bracket = COMMISSION_BRACKETS[index]!;
  const next = COMMISSION_BRACKETS[index + 1];
  return { percent: bracket.percent, nextPercent: next?.percent ?? null, leftToNext: next ? bracket.to - netSales : null };
}

/** The payout run on or after `now`'s day: the 15th of this month, or of the next once it has passed. `YYYY-MM-15` (UTC). */
export function nextPayoutDate(now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + (now.getUTCDate() > PAYOUT_DAY ? 1 : 0);
  return new Date(Date.UTC(year, month, PAYOUT_DAY)).toISOString().slice(0, 10);
}
