/**
 * Subtotal, Shipping 'Free', (Tax,) Total. The cart page shows no tax and its total is the
 * subtotal; the checkout adds 8% tax (contract, "Brand and money").
 */
import { formatPrice } from "~/lib/money";
import * as css from "./summary.css";

type Props = { subtotal: number; tax?: number; total: number };

export function SummaryRows({ subtotal, tax, total }: Props) {
  return (
    <dl className={css.rows} data-testid="order-totals">
      <div className={css.row}>
        <dt className={css.term}>Subtotal</dt>
        <dd className={css.value} data-testid="summary-subtotal">
          {formatPrice(subtotal)}
        </dd>
      </div>
      <div className={css.row}>
        <dt className={css.term}>Shipping</dt>
        <dd className={`${css.value} ${css.free}`}>Free</dd>
      </div>
      {tax !== undefined && (
        <div className={css.row}>
          <dt className={css.term}>Tax</dt>
          <dd className={css.value} data-testid="summary-tax">
            {formatPrice(tax)}
          </dd>
        </div>
      )}
      <div className={css.totalRow}>
        <dt className={css.totalTerm}>Total</dt>
        <dd className={css.totalValue} data-testid="summary-total">
          {formatPrice(total)}
        </dd>
      </div>
    </dl>
  );
}
