/**
 * A cart line's size (and colour) as a native select of its product's variants, in a real
 * form posting intent `variant` to the cart page's action: without JavaScript its Update
 * button sends it (the action redirects back to `back`, or to /cart); with JavaScript a
 * change sends it at once through the cart context (`PATCH /api/cart/{id} {variantId}`).
 * Choosing a variant the cart holds already makes the two lines one (the server does it).
 * A line whose size is still to choose starts on a "Choose a size" placeholder.
 */
import { useRef, useState } from "react";
import { useHydrated } from "~/components/forms/use-hydrated";
import { CART_INTENT, CART_RETURN_PAGES } from "~/lib/cart-intents";
import type { CartLine, Product } from "~/lib/types";
import { formatPrice } from "~/shared/money";
import { CHOOSE_A_SIZE, variantLabel } from "~/shared/variants";
import { button, compactButton, visuallyHidden } from "~/styles/ui.css";
import { useCart } from "./cart-context";
import * as css from "./cart.css";

/** What a line can be changed to: its product's options and variants (the page loader's `choices`). */
export type LineChoices = Pick<Product, "options" | "variants">;

type Props = {
  line: CartLine;
  choices: LineChoices;
  /** The page to come back to without JavaScript (checkout), instead of the cart. */
  back?: (typeof CART_RETURN_PAGES)[number];
  /** Runs once a change made with JavaScript is done (checkout reads its line problems again). */
  onChanged?: () => void;
};

/** `Size XXL · $28.99` where the product's variants differ in price, `Size XS (sold out)` where none is left. */
function optionText(variant: LineChoices["variants"][number], pricesDiffer: boolean) {
  const label = variantLabel(variant.options);
  const priced = pricesDiffer ? `${label} · ${formatPrice(variant.price)}` : label;
  return variant.available ? priced : `${priced} (sold out)`;
}

export function LineVariantSelect({ line, choices, back, onChanged }: Props) {
  const cart = useCart();
  const hydrated = useHydrated();
  // The value chosen while its change is on its way (the select shows it, not the old one).
  const [pending, setPending] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const selectId = `line-${line.id}-variant`;
  // "Size and colour" to choose; "Change size and colour" once chosen (the line says which, above).
  const named = choices.options.map((option) => option.name.toLowerCase()).join(" and ");
  const label = line.needsChoice ? named.charAt(0).toUpperCase() + named.slice(1) : `Change ${named}`;
  const pricesDiffer = new Set(choices.variants.map((variant) => variant.price)).size > 1;

  const choose = async (value: string) => {
    const variantId = Number(value);
    if (!Number.isInteger(variantId) || variantId <= 0 || variantId === line.variantId) return;
    setPending(value);
    // The select is disabled while the cart changes, which takes the focus from it: a keyboard
    // user gets it back where they were.
    const focused = document.activeElement === select.current;
    try {
      await cart.chooseVariant(line.id, variantId);
      onChanged?.();
    } finally {
      setPending(null);
      if (focused) requestAnimationFrame(() => select.current?.focus());
    }
  };

  return (
    <form
      method="post"
      action="/cart"
      className={css.picker}
      onSubmit={(event) => {
        event.preventDefault();
        void choose(String(new FormData(event.currentTarget).get("variantId") ?? ""));
      }}
    >
      <input type="hidden" name="intent" value={CART_INTENT.variant} />
      <input type="hidden" name="lineId" value={line.id} />
      {back && <input type="hidden" name="back" value={back} />}
      <label htmlFor={selectId} className={css.pickerLabel}>
        {label}
        <span className={visuallyHidden}> of {line.product.name}</span>
      </label>
      <select
        ref={select}
        id={selectId}
        name="variantId"
        className={css.pickerSelect}
        value={pending ?? String(line.variantId ?? "")}
        onChange={(event) => void choose(event.currentTarget.value)}
        disabled={hydrated && cart.loading}
        aria-invalid={line.needsChoice || undefined}
        data-testid="line-variant"
      >
        {line.needsChoice && (
          <option value="" disabled>
            {CHOOSE_A_SIZE}
          </option>
        )}
        {choices.variants.map((variant) => (
          <option key={variant.id} value={variant.id} disabled={!variant.available}>
            {optionText(variant, pricesDiffer)}
          </option>
        ))}
      </select>
      {/* With JavaScript a change is sent at once; without it, this sends it. */}
      {!hydrated && (
        <button type="submit" className={`${button.secondary} ${compactButton}`}>
          Update
        </button>
      )}
    </form>
  );
}
