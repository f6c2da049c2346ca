/**
 * The checkout's side panel: each line (image, name, its size and colour, quantity, price x
 * quantity), the discount code's field, and the totals with bundle savings, the code's discount and tax. A line that stands between the cart
 * and its order (a size to choose, sold out since it was added, fewer left than it holds)
 * says so beside it, with the way to fix it there: the size picker, lower the quantity, or
 * remove it. Each fix is a cart form that comes back to /checkout without JavaScript; with
 * it, the cart context makes the change and `onFixed` reads the problems again.
 */
import { CartActionForm } from "~/components/cart/CartActionForm";
import { useCart } from "~/components/cart/cart-context";
import { LineVariantSelect, type LineChoices } from "~/components/cart/LineVariantSelect";
import { CART_INTENT } from "~/lib/cart-intents";
import { formatPrice, priceCart } from "~/shared/money";
import type { Bundle, CartCode, CartLine, PriceChange } from "~/lib/types";
import { DiscountCodeSection } from "~/components/cart/DiscountCodeSection";
import type { DiscountCodeActionData } from "~/components/forms/action-data";
import { SummaryRows, shownTotals } from "~/components/cart/OrderSummary";
import { PriceChangeNote } from "~/components/cart/PriceChangeNote";
import { button, compactButton } from "~/styles/ui.css";
import type { LineProblem } from "./action-data";
import * as css from "./checkout.css";
import * as summaryCss from "~/components/cart/summary.css";

/** A line's problem as the server found it, with the line as the server read it (its stock then). */
export type LineProblemShown = LineProblem & { line: CartLine | undefined };

type Props = {
  lines: CartLine[];
  bundles: Bundle[];
  /** The lines the server read (the loader's): the discount code's block prices with them until the browser's cart has loaded. */
  serverLines: CartLine[];
  /** The discount code the cart holds: the panel prices with it and offers to apply or remove one. */
  code: CartCode | null;
  /** The action's answer to the discount code's form posted without JavaScript. */
  codeAnswer?: DiscountCodeActionData;
  /** What stands between each line and the order (none while paying). */
  problems?: LineProblemShown[];
  /** What each product with options can be changed to, by product id. */
  choices?: Record<number, LineChoices>;
  /** Runs once a fix made with JavaScript is done. */
  onFixed?: () => void;
  /** The lines whose price changed since the shopper last saw it. */
  priceChanges?: PriceChange[];
};

const BACK = "/checkout";

/** The ways to fix a line: choose a size (or another one), lower the quantity to what is left, or remove it. */
function LineFixes({ line, choices, onFixed }: { line: CartLine; choices: LineChoices | undefined; onFixed?: () => void }) {
  const cart = useCart();
  const left = line.variant?.quantityAvailable ?? null;
  const short = line.variant?.available === true && left !== null && left > 0 && line.quantity > left;
  const then = (change: Promise<void>) => change.then(() => onFixed?.());
  return (
    <div className={css.lineFixes}>
      {choices && <LineVariantSelect line={line} choices={choices} back={BACK} onChanged={onFixed} />}
      <div className={css.lineFixButtons}>
        {short && (
          <CartActionForm
            intent={CART_INTENT.update}
            fields={{ lineId: line.id, quantity: left, back: BACK }}
            onAction={() => then(cart.updateQuantity(line.id, left))}
          >
            <button type="submit" className={`${button.secondary} ${compactButton}`} disabled={cart.loading}>
              Lower to {left}
            </button>
          </CartActionForm>
        )}
        <CartActionForm intent={CART_INTENT.remove} fields={{ lineId: line.id, back: BACK }} onAction={() => then(cart.remove(line.id))}>
          <button type="submit" className={`${button.ghost} ${compactButton}`} disabled={cart.loading} aria-label={`Remove ${line.product.name} from cart`}>
            Remove
          </button>
        </CartActionForm>
      </div>
    </div>
  );
}

export function OrderPanel({ lines, serverLines, bundles, code, codeAnswer, problems = [], choices = {}, onFixed, priceChanges = [] }: Props) {
  const totals = priceCart(lines, bundles, code?.terms);
  return (
    <aside className={summaryCss.panel} aria-labelledby="checkout-summary-heading" data-testid="checkout-summary">
      <h2 id="checkout-summary-heading" className={`${summaryCss.panelHeading} ${css.jumpTarget}`}>
        Order Summary
      </h2>
      <ul className={css.panelLines}>
        {lines.map((line) => {
          const problem = problems.find((p) => p.lineId === line.id);
          return (
            <li key={line.id} className={problem ? css.panelLineFlagged : css.panelLine} data-testid="checkout-line">
              <span className={css.panelThumbWrap}>
                <img className={css.panelThumb} src={line.product.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
                <span className={css.panelQty} aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span>
                <p className={css.panelName}>{line.product.name}</p>
                {line.variant?.label && (
                  <p className={css.panelVariant} data-testid="checkout-line-variant">
                    {line.variant.label}
                  </p>
                )}
                <p className={css.panelMeta}>Quantity: {line.quantity}</p>
                <PriceChangeNote line={line} changes={priceChanges} />
              </span>
              <span className={css.panelPrice}>{formatPrice(line.product.price * line.quantity)}</span>
              {problem && (
                <div className={css.lineProblem}>
                  <p className={css.lineProblemText} id={`line-${line.id}-problem`} data-testid="line-problem">
                    {problem.message}
                  </p>
                  <LineFixes line={problem.line ?? line} choices={choices[line.product.id]} onFixed={onFixed} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {/* While paying, a code removed here is refused at PAY (codeShown): what is charged is what was shown. */}
      <DiscountCodeSection page="/checkout" code={code} serverLines={serverLines} bundles={bundles} answer={codeAnswer} />
      <SummaryRows totals={shownTotals(totals)} bundles={bundles} withTax />
    </aside>
  );
}
