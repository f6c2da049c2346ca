/**
 * The visitor's cart, the shop's `cart` service: every function exported here is bound to
 * the request's deps (shop/index.ts), so this list is the service. Reading and pricing it
 * (priced.ts), changing its lines (lines.ts), its discount code (code.ts).
 */
export {
  cartItemCount,
  listCart,
  priced,
  pricedAsShown,
  readPricedCart,
  type CartLine,
  type CartVariant,
  type LineChoices,
  type PriceChange,
  type PricedCart,
  type StoredLine,
} from "./priced";
export { addBundleToCart, addToCart, clearCart, removeLine, setLineQuantity, setLineVariant } from "./lines";
export { applyDiscountCode, removeDiscountCode } from "./code";
