/**
 * The cart in the browser (spec section 4): the items and a loading flag, kept in
 * localStorage under the shop's key so a reload shows them at once, and loaded from the
 * server when the app starts. Each action sets loading, makes its call, reloads the cart
 * from the server and clears loading; clearing empties the local items without a reload.
 *
 * Without JavaScript none of this runs: the same buttons are forms whose route actions
 * call the shop on the server.
 */
import { createContext, useContext, useMemo, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { apiRequest } from "~/lib/api";
import type { CartLine } from "~/lib/types";
import { CART, type ToastWords } from "~/content/cart-toasts";
import { notifyError, notifySuccess } from "../toast";

export const CART_STORAGE_KEY = "rawdogg-cart";

type CartSnapshot = {
  items: CartLine[];
  loading: boolean;
  /** True once the cart has come from the server (or storage) in this browser session. */
  ready: boolean;
};

type CartActions = {
  add: (productId: number, quantity?: number) => Promise<void>;
  updateQuantity: (lineId: number, quantity: number) => Promise<void>;
  /** A line's size or colour changed (or chosen): the server merges it into a line of that variant already in the cart. */
  chooseVariant: (lineId: number, variantId: number) => Promise<void>;
  /** Reads the cart again, for a change made by a call of the caller's own (a product page's add, whose refusal it shows itself). */
  refresh: () => Promise<void>;
  remove: (lineId: number) => Promise<void>;
  clear: () => Promise<void>;
  addBundle: (bundleId: number) => Promise<void>;
  /** Empties the local cart (after an order: the server already emptied it). */
  forget: () => void;
};

export type CartState = CartSnapshot & CartActions;

/** What the server renders, and what hydration starts from. */
const EMPTY: CartSnapshot = { items: [], loading: false, ready: false };

function readStored(): CartLine[] | null {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as CartLine[]) : null;
  } catch {
    return null;
  }
}

function store(items: CartLine[]) {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or disabled: the server still has the cart.
  }
}

/**
 * The cart lives in a store outside React's state, and the context only hands out the
 * store, which never changes: a cart update re-renders the components that read the cart
 * and nothing else. (A changing context value would also reach every section the page has
 * not hydrated yet and make React throw their server HTML away: see LazySection.)
 */
function createCartStore() {
  let snapshot = EMPTY;
  let started = false;
  const listeners = new Set<() => void>();

  const set = (next: Partial<CartSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (snapshot.ready && next.items) store(snapshot.items);
    listeners.forEach((listener) => listener());
  };

  const reload = async () => {
    const lines = await apiRequest<CartLine[]>("GET", "/api/cart");
    set({ items: lines, ready: true });
  };

  /** Sets loading, runs the call, reloads the cart, clears loading; toasts the outcome. */
  const mutate = async (call: () => Promise<unknown>, failure: ToastWords, success?: ToastWords) => {
    set({ loading: true });
    try {
      await call();
      await reload();
      if (success) notifySuccess(success);
    } catch {
      notifyError(failure);
    } finally {
      set({ loading: false });
    }
  };

  const actions: CartActions = {
    add: (productId, quantity = 1) => mutate(() => apiRequest("POST", "/api/cart", { productId, quantity }), CART.addFailed, CART.added),
    updateQuantity: (lineId, quantity) => mutate(() => apiRequest("PATCH", `/api/cart/${lineId}`, { quantity }), CART.updateFailed),
    chooseVariant: (lineId, variantId) => mutate(() => apiRequest("PATCH", `/api/cart/${lineId}`, { variantId }), CART.updateFailed),
    refresh: () => mutate(async () => undefined, CART.loadFailed),
    remove: (lineId) => mutate(() => apiRequest("DELETE", `/api/cart/${lineId}`), CART.removeFailed, CART.removed),
    clear: async () => {
      set({ loading: true });
      try {
        await apiRequest("DELETE", "/api/cart");
        set({ items: [] });
        notifySuccess(CART.cleared);
      } catch {
        notifyError(CART.clearFailed);
      } finally {
        set({ loading: false });
      }
    },
    addBundle: (bundleId) => mutate(() => apiRequest("POST", `/api/cart/add-bundle/${bundleId}`), CART.bundleFailed, CART.bundleAdded),
    forget: () => set({ items: [] }),
  };

  return {
    actions,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** On start: show the stored cart at once, then load the real one. */
    start() {
      if (started) return;
      started = true;
      const stored = readStored();
      if (stored) set({ items: stored, ready: true });
      reload().catch(() => notifyError(CART.loadFailed));
    },
  };
}

type CartStore = ReturnType<typeof createCartStore>;

const CartContext = createContext<CartStore | null>(null);
const serverSnapshot = () => EMPTY;

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart] = useState(createCartStore);
  useEffect(() => cart.start(), [cart]);
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  const snapshot = useSyncExternalStore(cart.subscribe, cart.getSnapshot, serverSnapshot);
  return useMemo(() => ({ ...snapshot, ...cart.actions }), [snapshot, cart]);
}

/** Total quantity, for the header badge. */
export const itemCount = (items: CartLine[]) => items.reduce((sum, line) => sum + line.quantity, 0);
