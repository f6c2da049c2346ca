/**
 * The cart in the browser (spec section 4): the items and a loading flag, kept in
 * localStorage under the shop's key so a reload shows them at once, and loaded from the
 * server when the app starts. Each action sets loading, makes its call, reloads the cart
 * from the server and clears loading; clearing empties the local items without a reload.
 *
 * Without JavaScript none of this runs: the same buttons are forms whose route actions
 * call the shop on the server.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiRequest } from "~/lib/api";
import type { CartLine } from "~/lib/types";
import { notifyError, notifySuccess } from "../toast";

export const CART_STORAGE_KEY = "rawdogg-cart";

export type CartState = {
  items: CartLine[];
  loading: boolean;
  /** True once the cart has come from the server (or storage) in this browser session. */
  ready: boolean;
  add: (productId: number, quantity?: number) => Promise<void>;
  updateQuantity: (lineId: number, quantity: number) => Promise<void>;
  remove: (lineId: number) => Promise<void>;
  clear: () => Promise<void>;
  addBundle: (bundleId: number) => Promise<void>;
  /** Empties the local cart (after an order: the server already emptied it). */
  forget: () => void;
};

const CartContext = createContext<CartState | null>(null);

function readStored(): CartLine[] | null {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as CartLine[]) : null;
  } catch {
    return null;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartLine[]>([]);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const started = useRef(false);

  const reload = useCallback(async () => {
    const lines = await apiRequest<CartLine[]>("GET", "/api/cart");
    setItems(lines);
    setReady(true);
  }, []);

  // On start: show the stored cart at once, then load the real one.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = readStored();
    if (stored) {
      setItems(stored);
      setReady(true);
    }
    reload().catch(() => notifyError("Error", "Failed to load your cart. Please try again."));
  }, [reload]);

  useEffect(() => {
    if (!ready) return;
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or disabled: the server still has the cart.
    }
  }, [items, ready]);

  /** Sets loading, runs the call, reloads the cart, clears loading; toasts the outcome. */
  const mutate = useCallback(
    async (call: () => Promise<unknown>, failure: [string, string], success?: [string, string]) => {
      setLoading(true);
      try {
        await call();
        await reload();
        if (success) notifySuccess(...success);
      } catch {
        notifyError(...failure);
      } finally {
        setLoading(false);
      }
    },
    [reload],
  );

  const value = useMemo<CartState>(
    () => ({
      items,
      loading,
      ready,
      add: (productId, quantity = 1) =>
        mutate(
          () => apiRequest("POST", "/api/cart", { productId, quantity }),
          ["Error", "Failed to add product to cart"],
          ["Success", "Product added to cart"],
        ),
      updateQuantity: (lineId, quantity) =>
        mutate(() => apiRequest("PATCH", `/api/cart/${lineId}`, { quantity }), ["Error", "Failed to update cart"]),
      remove: (lineId) =>
        mutate(
          () => apiRequest("DELETE", `/api/cart/${lineId}`),
          ["Error", "Failed to remove product from cart"],
          ["Success", "Product removed from cart"],
        ),
      clear: async () => {
        setLoading(true);
        try {
          await apiRequest("DELETE", "/api/cart");
          setItems([]);
          notifySuccess("Success", "Cart cleared successfully");
        } catch {
          notifyError("Error", "Failed to clear cart");
        } finally {
          setLoading(false);
        }
      },
      addBundle: (bundleId) =>
        mutate(
          () => apiRequest("POST", `/api/cart/add-bundle/${bundleId}`),
          ["Failed to add bundle", "There was an error adding the bundle to your cart."],
          ["Bundle added!", "All products from the bundle have been added to your cart."],
        ),
      forget: () => setItems([]),
    }),
    [items, loading, ready, mutate],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  return cart;
}

/** Total quantity, for the header badge. */
export const itemCount = (items: CartLine[]) => items.reduce((sum, line) => sum + line.quantity, 0);
