/**
 * The cart's toasts (spec section 8), which every page may show: the cart lives in the root
 * (app/components/cart/cart-context.tsx). The other toasts are in toasts.ts.
 */

export type ToastWords = { readonly title: string; readonly description: string };

export const ERROR = "Error";

export const CART = {
  added: { title: "Success", description: "Product added to cart" },
  removed: { title: "Success", description: "Product removed from cart" },
  cleared: { title: "Success", description: "Cart cleared successfully" },
  bundleAdded: { title: "Bundle added!", description: "All products from the bundle have been added to your cart." },
  loadFailed: { title: ERROR, description: "Failed to load your cart. Please try again." },
  addFailed: { title: ERROR, description: "Failed to add product to cart" },
  updateFailed: { title: ERROR, description: "Failed to update cart" },
  removeFailed: { title: ERROR, description: "Failed to remove product from cart" },
  clearFailed: { title: ERROR, description: "Failed to clear cart" },
  bundleFailed: { title: "Failed to add bundle", description: "There was an error adding the bundle to your cart." },
} as const satisfies Record<string, ToastWords>;
