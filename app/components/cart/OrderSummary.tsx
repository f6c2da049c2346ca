/**
 * Subtotal, Bundle savings, Shipping 'Free', (Tax,) Total. The cart page shows no tax row and
 * its total is the subtotal less bundle savings; the checkout adds 8% tax on that
 * (contract, "Brand and money" and "Cart"), which a note under the cart's total states with
 * its figure. Both figure from `priceCart`.
 */
import { TAX_RATE_PERCENT } from "~/shared/constants";
import { discountLabel, formatPrice, type CartTotals } from "~/shared/money";
import type { Bundle } from "~/lib/types";
import * as css from "./summary.css";

/** The figures the rows show: a cart's or checkout's totals (`priceCart`), or a placed order's own. */
export type ShownTotals = Pick<CartTotals, "subtotal" | "bundleSavings" | "discount" | "shipping" | "totalBeforeTax" | "tax" | "total" | "bundles"> & {
  /** The code whose discount `discount` is ("Discount (SAVE10)"); null when none applied. */
  discountCode: string | null;
};

/** A cart's totals as the rows show them: its code named only while it takes something off. */
export const shownTotals = (totals: CartTotals): ShownTotals => ({
  ...totals,
  discountCode: totals.code?.applied ? totals.code.code : null,
});

type Props = {
  totals: ShownTotals;
  /** The bundles the totals were priced with: the savings row names those that applied. */
  bundles: Pick<Bundle, "id" | "name">[];
  /** The checkout's rows (tax, and the total with it); the cart page shows the total before tax. */
  withTax?: boolean;
};

/** `Date Night Duo`, `Date Night Duo ×2, Flavor Fiesta`. */
function appliedNames({ bundles: applied }: ShownTotals, bundles: Props["bundles"]) {
  return applied
    .map(({ bundleId, sets }) => {
      const name = bundles.find((b) => b.id === bundleId)?.name ?? "Bundle";
      return sets > 1 ? `${name} ×${sets}` : name;
    })
    .join(", ");
}

export function SummaryRows({ totals, bundles, withTax = false }: Props) {
  return (
    <dl className={css.rows} data-testid="order-totals">
      <div className={css.row}>
        <dt className={css.term}>Subtotal</dt>
        <dd className={css.value} data-testid="summary-subtotal">
          {formatPrice(totals.subtotal)}
        </dd>
      </div>
      {totals.bundleSavings > 0 && (
        <div className={css.row}>
          <dt className={css.term}>
            Bundle savings
            <span className={css.savingsNote} data-testid="summary-bundles">
              {appliedNames(totals, bundles)}
            </span>
          </dt>
          <dd className={`${css.value} ${css.saving}`} data-testid="summary-bundle-savings">
            −{formatPrice(totals.bundleSavings)}
          </dd>
        </div>
      )}
      {totals.discountCode && totals.discount > 0 && (
        <div className={css.row} data-testid="summary-discount-row">
          <dt className={css.term}>{discountLabel(totals.discountCode)}</dt>
          <dd className={`${css.value} ${css.saving}`} data-testid="summary-discount">
            −{formatPrice(totals.discount)}
          </dd>
        </div>
      )}
      <div className={css.row}>
        <dt className={css.term}>Shipping</dt>
        <dd className={`${css.value} ${css.free}`}>Free</dd>
      </div>
      {withTax && (
        <div className={css.row}>
          <dt className={css.term}>Tax</dt>
          <dd className={css.value} data-testid="summary-tax">
            {formatPrice(totals.tax)}
          </dd>
        </div>
      )}
      <div className={css.totalRow}>
        <dt className={css.totalTerm}>Total</dt>
        <dd className={css.totalValue} data-testid="summary-total">
          {formatPrice(withTax ? totals.total : totals.totalBeforeTax)}
        </dd>
      </div>
    </dl>
  );
}

/** Under the cart page's total: the tax checkout adds and what it will ask, so its number does not jump. */
export function TaxAtCheckout({ totals }: { totals: ShownTotals }) {
  return (
    <p className={css.taxNote} data-testid="summary-tax-note">
      {TAX_RATE_PERCENT}% tax ({formatPrice(totals.tax)}) is added at checkout: {formatPrice(totals.total)} in all.
    </p>
  );
}
