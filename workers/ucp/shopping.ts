/**
 * The UCP shopping service's 13 operations (catalog, cart, checkout, order), once, with no
 * transport in them: the REST binding (rest.ts) and the MCP binding (mcp.ts) run these same
 * functions through `runOperation` (operation.ts) and answer what they return.
 *
 * One shop underneath: a UCP cart or checkout session is a shop cart of its own (its row is
 * the shop's: shop/agents/sessions.ts), so the web cart prices it and the web checkout places
 * its order; the catalog operations read the catalog the shop shows. Business outcomes (sold
 * out, not found, an address missing) come back as answers with `messages`; only a request
 * the binding could not read is a protocol error.
 */
export type { UcpContext } from "./answers";
export { getProduct, lookupCatalog, searchCatalog } from "./catalog-ops";
export { cancelCart, createCart, getCart, updateCart } from "./cart-ops";
export { cancelCheckout, completeCheckout, createCheckout, getCheckout, updateCheckout } from "./checkout-ops";
export { getOrder } from "./order-ops";
export { buyerOf } from "./session-input";
