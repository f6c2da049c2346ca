/**
 * ADD TO CART: a real form posting to the cart page's action (works before JavaScript
 * loads); with JavaScript it calls the cart API instead and shows ADDING... while busy.
 * Disabled while any cart action is in flight (spec section 4).
 */
import { useState, type FormEvent } from "react";
import { CART_INTENT } from "~/lib/cart-intents";
import { webMcpTool } from "~/lib/webmcp";
import { button, compactButton } from "~/styles/ui.css";
import { useCart } from "./cart-context";

type Props = {
  productId: number;
  productName: string;
  /** A smaller button for product cards. */
  compact?: boolean;
  variant?: keyof typeof button;
  /** The form's WebMCP tool name (unique on its page); none, no tool. */
  tool?: string;
};

export function AddToCartForm({ productId, productName, compact = false, variant = "primary", tool }: Props) {
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdding(true);
    try {
      await cart.add(productId);
    } finally {
      setAdding(false);
    }
  };
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} {...(tool ? webMcpTool(tool, `Add one ${productName} to the shopping cart.`) : {})}>
      <input type="hidden" name="intent" value={CART_INTENT.add} />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        className={compact ? `${button[variant]} ${compactButton}` : button[variant]}
        disabled={cart.loading}
        aria-label={compact ? `Add ${productName} to cart` : undefined}
      >
        {adding ? "ADDING..." : compact ? "ADD" : "ADD TO CART"}
      </button>
    </form>
  );
}
