/**
 * What the checkout's action answers and its screen reads: a module of its own, so the
 * screen (Checkout.tsx), its form (CheckoutForm.tsx) and the action import it and not each other.
 */
import type { ActionData } from "~/components/forms/action-data";

/**
 * The order just placed: `id` is its number (`RD-…`, never the internal id). `token`: its
 * own page's link token (`/orders/<token>`). `downloads`: a link per digital product it
 * bought, on the answer to the submission that placed it only (the token is kept nowhere
 * else); `downloadsOnly`: it is all downloads, nothing is shipped. `discountCode`, `discount`:
 * the code's line on the success screen.
 */
export type PlacedOrder = {
  id: string;
  email: string;
  token?: string;
  downloads?: { productId: number; name: string; token: string }[];
  downloadsOnly?: true;
  /** The code the order used and what it took off before tax (cents); absent without one. */
  discountCode?: string;
  discount?: number;
};
/** What the checkout action answers besides Conform's reply: the order, once it is placed. */
export type CheckoutOutcome = { order: PlacedOrder | null };
export type CheckoutActionData = ActionData<CheckoutOutcome>;

/** What stands between a cart line and the order (the checkout loader's `problems`: the check the order itself makes). */
export type { LineProblem } from "~/shared/variants";
