/**
 * What the cart page says once a cart form posted without JavaScript is done, as the
 * success toasts do: the action redirects to `/cart?done=<intent>` and the page shows that
 * toast's words. A quantity update has no toast (spec section 8), so no banner.
 */
import { CART, type ToastWords } from "~/content/cart-toasts";
import { CART_INTENT } from "~/lib/cart-intents";

export const CART_DONE = new Map<string, ToastWords>([
  [CART_INTENT.add, CART.added],
  [CART_INTENT.remove, CART.removed],
  [CART_INTENT.clear, CART.cleared],
  [CART_INTENT.addBundle, CART.bundleAdded],
]);

export const DONE_PARAM = "done";
