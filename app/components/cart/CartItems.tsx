/**
 * The cart's lines as a table (product, price, quantity, line total, remove); on a phone
 * each row becomes a stacked card. Explicit ARIA roles keep the table's semantics when
 * CSS changes how the rows are displayed.
 */
import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { CART_INTENT } from "~/lib/cart-intents";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "~/shared/constants";
import { formatPrice } from "~/shared/money";
import type { CartLine, PriceChange } from "~/lib/types";
import { CHOOSE_A_SIZE, stockNote } from "~/shared/variants";
import { visuallyHidden } from "~/styles/ui.css";
import { CartActionForm } from "./CartActionForm";
import { PriceChangeNote } from "./PriceChangeNote";
import { LineVariantSelect, type LineChoices } from "./LineVariantSelect";
import * as css from "./cart.css";

/** What each product with options in the cart can be changed to, by product id (the loader's `choices`). */
export type CartChoices = Record<number, LineChoices>;

const TrashIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </svg>
);

function QuantityStepper({ line, busy }: { line: CartLine; busy: boolean }) {
  const cart = useCart();
  const { id, quantity, product } = line;
  return (
    <div className={css.quantity}>
      <CartActionForm intent={CART_INTENT.update} fields={{ lineId: id, quantity: quantity - 1 }} onAction={() => cart.updateQuantity(id, quantity - 1)}>
        <button type="submit" className={css.stepper} disabled={busy || quantity <= MIN_LINE_QUANTITY} aria-label={`Decrease quantity of ${product.name}`}>
          −
        </button>
      </CartActionForm>
      <span className={css.quantityValue}>
        <span className={visuallyHidden}>Quantity: </span>
        <span data-testid="line-quantity">{quantity}</span>
      </span>
      <CartActionForm intent={CART_INTENT.update} fields={{ lineId: id, quantity: quantity + 1 }} onAction={() => cart.updateQuantity(id, quantity + 1)}>
        <button type="submit" className={css.stepper} disabled={busy || quantity >= MAX_LINE_QUANTITY} aria-label={`Increase quantity of ${product.name}`}>
          +
        </button>
      </CartActionForm>
    </div>
  );
}

/**
 * What the line holds under its name: `Size M · Black` (with SOLD OUT or "Only 3 left"), or
 * "Choose a size" for a line whose size is still to choose; and the picker to change it.
 */
function LineChoice({ line, choices }: { line: CartLine; choices: LineChoices | undefined }) {
  const note = line.variant ? stockNote(line.variant) : null;
  return (
    <div className={css.choice}>
      {line.needsChoice ? (
        <p className={css.chooseNotice} data-testid="line-needs-choice">
          {CHOOSE_A_SIZE}
        </p>
      ) : (
        line.variant?.label && (
          <p className={css.variantLabel} data-testid="line-variant-label">
            {line.variant.label}
            {note && <span className={line.variant.available ? css.stockLow : css.stockOut}>{note}</span>}
          </p>
        )
      )}
      {choices && <LineVariantSelect line={line} choices={choices} />}
    </div>
  );
}

type RowProps = { line: CartLine; choices: LineChoices | undefined; priceChanges: PriceChange[]; busy: boolean };

function CartLineRow({ line, choices, priceChanges, busy }: RowProps) {
  const cart = useCart();
  const { product } = line;
  return (
    <tr role="row" className={css.line} data-testid="cart-line">
      <th role="rowheader" scope="row" className={css.productCell}>
        <div className={css.productBlock}>
          <Link to={`/products/${product.slug}`} className={css.product} prefetch="intent">
            <img className={css.thumb} src={product.imageUrl} alt="" width={72} height={72} loading="lazy" decoding="async" />
            <span className={css.productName}>{product.name}</span>
          </Link>
          <LineChoice line={line} choices={choices} />
          <PriceChangeNote line={line} changes={priceChanges} />
        </div>
      </th>
      <td role="cell" className={css.priceCell} data-label="Price" data-testid="line-price">
        {formatPrice(product.price)}
      </td>
      <td role="cell" className={css.quantityCell} data-label="Quantity">
        <QuantityStepper line={line} busy={busy} />
      </td>
      <td role="cell" className={css.totalCell} data-label="Total" data-testid="line-total">
        {formatPrice(product.price * line.quantity)}
      </td>
      <td role="cell" className={css.removeCell}>
        <CartActionForm intent={CART_INTENT.remove} fields={{ lineId: line.id }} onAction={() => cart.remove(line.id)}>
          <button type="submit" className={css.removeButton} disabled={busy} aria-label={`Remove ${product.name} from cart`}>
            <TrashIcon />
          </button>
        </CartActionForm>
      </td>
    </tr>
  );
}

/** The table's columns; the last one's buttons say what they do, so its head is for screen readers only. */
const COLUMNS: { label: string; end?: boolean; silent?: boolean }[] = [
  { label: "Product" },
  { label: "Price" },
  { label: "Quantity" },
  { label: "Total", end: true },
  { label: "Remove", silent: true },
];

/** `priceChanges`: the lines whose price changed since the shopper last saw it (the loader's). */
export function CartItems({ lines, choices, priceChanges }: { lines: CartLine[]; choices: CartChoices; priceChanges: PriceChange[] }) {
  const cart = useCart();
  return (
    <table role="table" className={css.table} aria-label="Items in your cart">
      <thead role="rowgroup" className={css.head}>
        <tr role="row">
          {COLUMNS.map(({ label, end, silent }) => (
            <th key={label} role="columnheader" scope="col" className={end ? css.headCellEnd : css.headCell}>
              {silent ? <span className={visuallyHidden}>{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className={css.body}>
        {lines.map((line) => (
          <CartLineRow key={line.id} line={line} choices={choices[line.product.id]} priceChanges={priceChanges} busy={cart.loading} />
        ))}
      </tbody>
    </table>
  );
}
