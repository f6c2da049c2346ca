/**
 * ADD TO CART of a product with options (sizes, colours): a real form posting to the product
 * page's action with the chosen values (app/routes/product.server.ts), so it works without
 * JavaScript; with a size missing the page comes back with "Choose a size" beside the
 * picker, and a variant sold out meanwhile with the shop's message.
 *
 * With JavaScript the same checks run here first (choice.ts, which the action uses too),
 * and a full choice goes to the cart API with its variant.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useCart } from "~/components/cart/cart-context";
import { FormMessage } from "~/components/forms/ToastBanner";
import { notifyError, notifySuccess } from "~/components/toast";
import { CART } from "~/content/cart-toasts";
import { ApiError, apiRequest } from "~/lib/api";
import type { CartLine } from "~/lib/types";
import { PRODUCT_INTENT } from "~/components/catalog/intents";
import { SOLD_OUT, type VariantOptions } from "~/shared/variants";
import { button } from "~/styles/ui.css";
import { missingChoice, optionGroupId, shownFor, type Choosable } from "./choice";
import * as css from "./purchase.css";
import { OptionPicker } from "./OptionPicker";
import { webMcpTool } from "~/lib/webmcp";

type Props = {
  product: Choosable & { id: number; name: string; slug: string };
  chosen: VariantOptions;
  onChoose: (option: string, value: string) => void;
  /** The action's answer without JavaScript: messages by option, and the form's own (a 409). */
  problems: Record<string, string>;
  message: string | undefined;
  /** Beside ADD TO CART, outside the form (the size guide's opener). */
  aside?: ReactNode;
};

/** The shop's own words in an API refusal (`409: {"error":{"message":"..."}}`), else null. */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(":") + 1)) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" ? body.error.message : null;
  } catch {
    return null;
  }
}

export function ProductPurchase({ product, chosen, onChoose, problems: answered, message: answeredMessage, aside }: Props) {
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const [problems, setProblems] = useState(answered);
  const [message, setMessage] = useState(answeredMessage);
  const shown = shownFor(product, chosen);

  const choose = (option: string, value: string) => {
    setProblems(({ [option]: _solved, ...rest }) => rest);
    setMessage(undefined);
    onChoose(option, value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingChoice(product.options, chosen);
    if (missing) {
      setProblems({ [missing.option]: missing.message });
      // The group's first value that can be chosen: in view, and a screen reader hears the message it names.
      const group = document.getElementById(optionGroupId(missing.option));
      group?.querySelector<HTMLInputElement>("input:not(:disabled)")?.focus();
      return;
    }
    if (!shown.variant || shown.soldOut) return;
    setAdding(true);
    setMessage(undefined);
    try {
      // Posted here, not through the cart's store, so that a refusal (sold out, only N left) is shown by the picker.
      await apiRequest<CartLine[]>("POST", "/api/cart", { productId: product.id, quantity: 1, variantId: shown.variant.id });
      await cart.refresh();
      notifySuccess(CART.added);
    } catch (error) {
      const words = refusal(error);
      if (words) setMessage(words);
      else notifyError(CART.addFailed);
    } finally {
      setAdding(false);
    }
  };

  return (
    <form
      className={css.form}
      method="post"
      onSubmit={onSubmit}
      noValidate
      data-testid="add-to-cart-form"
      {...webMcpTool(
        "add_to_cart",
        `Add one ${product.name} to the shopping cart in the chosen ${product.options.map((o) => o.name.toLowerCase()).join(" and ")}.`,
      )}
    >
      <input type="hidden" name="intent" value={PRODUCT_INTENT.add} />
      <OptionPicker product={product} chosen={chosen} problems={problems} onChoose={choose} />
      <p className={`${css.stock} ${shown.soldOut ? css.stockOut : shown.note ? css.stockLow : ""}`} role="status" data-testid="stock-note">
        {shown.note}
      </p>
      <FormMessage message={message} />
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={cart.loading || adding || shown.soldOut}>
          {adding ? "ADDING..." : shown.allSoldOut ? SOLD_OUT : "ADD TO CART"}
        </button>
        {aside}
      </div>
    </form>
  );
}
