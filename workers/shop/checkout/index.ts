/**
 * The checkout, the shop's `checkout` service: every function exported here is bound to the
 * request's deps (shop/index.ts), so this list is the service. The checkout page's cart, the
 * payment intent and placing the order (placing.ts), each run as a step (step.ts) that makes
 * or reads back the checkout's order (order.ts).
 */
export { checkoutCart, createPaymentIntent, placeOrder } from "./placing";
export type { Order, OrderLine } from "./order";
