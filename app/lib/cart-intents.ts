/** What a cart form asks the cart page's action to do (the no-JavaScript path). */
export const CART_INTENT = {
  add: "add",
  update: "update",
  remove: "remove",
  clear: "clear",
  addBundle: "add-bundle",
  /** A line's size or colour changed (or chosen, for a line whose size was still to choose). */
  variant: "variant",
} as const;

/** The pages a line's cart form may return to instead of /cart (its hidden `back` field). */
export const CART_RETURN_PAGES = ["/checkout"] as const;
