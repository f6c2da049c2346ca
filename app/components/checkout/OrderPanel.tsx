/** The checkout's side panel: each line (image, name, quantity, price x quantity) and the totals with bundle savings and tax. */
import { formatPrice, priceCart } from "~/shared/money";
import type { Bundle, CartLine } from "~/lib/types";
import { SummaryRows } from "~/components/cart/OrderSummary";
import * as css from "./checkout.css";
import * as summaryCss from "~/components/cart/summary.css";

export function OrderPanel({ lines, bundles }: { lines: CartLine[]; bundles: Bundle[] }) {
  const totals = priceCart(lines, bundles);
  return (
    <aside className={summaryCss.panel} aria-labelledby="checkout-summary-heading" data-testid="checkout-summary">
      <h2 id="checkout-summary-heading" className={summaryCss.panelHeading}>
        Order Summary
      </h2>
      <ul className={css.panelLines}>
        {lines.map((line) => (
          <li key={line.id} className={css.panelLine} data-testid="checkout-line">
            <span className={css.panelThumbWrap}>
              <img className={css.panelThumb} src={line.product.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
              <span className={css.panelQty} aria-hidden="true">
                {line.quantity}
              </span>
            </span>
            <span>
              <p className={css.panelName}>{line.product.name}</p>
              <p className={css.panelMeta}>Quantity: {line.quantity}</p>
            </span>
            <span className={css.panelPrice}>{formatPrice(line.product.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <SummaryRows totals={totals} bundles={bundles} withTax />
    </aside>
  );
}
