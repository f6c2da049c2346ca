/**
 * The header's cart link and badge, as words and marks: the Header draws them from this,
 * and the Worker's page cache (workers/pages/page-cache.ts) writes a visitor's own count
 * into a shared page with it, so the two can never disagree.
 */
import { capCount } from "~/shared/constants";

/** Attributes that mark the cart link and its badge in the page. */
export const CART_LINK_ATTRIBUTE = "data-cart-link";
export const CART_COUNT_ATTRIBUTE = "data-cart-count";

export type CartBadge = {
  /** The cart link's accessible name. */
  label: string;
  /** What the badge shows: the count, '99+' past 99 (spec section 9). */
  text: string;
  /** An empty cart shows no badge. */
  hidden: boolean;
};

export const cartBadge = (count: number): CartBadge => ({
  label: `Cart, ${count} ${count === 1 ? "item" : "items"}`,
  text: capCount(count),
  hidden: count === 0,
});
