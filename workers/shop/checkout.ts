/**
 * Pricing and the demo checkout. The server prices the visitor's cart from the catalog
 * (never from the client), records the order, and no payment is ever taken: card
 * fields never reach this code.
 */
import { eq } from "drizzle-orm";
import { priceCart, type CartTotals } from "../../app/lib/money";
import type { CheckoutInput } from "../../app/lib/schemas";
import * as t from "../db/schema";
import { listCart, type CartLine } from "./cart";
import type { ShopDeps } from "./deps";
import { invalidInput } from "../../app/lib/errors";

export type Order = CartTotals & { id: string; currency: "usd"; lines: CartLine[] };

const randomToken = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

const EMPTY_CART = "Your cart is empty. Add items to your cart before checking out.";

/** Prices the cart and writes the order and its lines in one batch (clearing the cart if asked). */
async function recordOrder(
  deps: ShopDeps,
  order: { status: "intent" | "placed"; email: string; shippingAddress: t.ShippingAddress | null; clearCart: boolean },
): Promise<Order> {
  const lines = await listCart(deps);
  if (lines.length === 0) throw invalidInput(EMPTY_CART);
  const totals = priceCart(lines);
  const id = `ord_${randomToken(12)}`;
  const sessionId = deps.visitor.id();
  const { db } = deps;
  const writes = [
    db.insert(t.orders).values({ id, sessionId, status: order.status, email: order.email, shippingAddress: order.shippingAddress, ...totals, currency: "usd" }),
    db.insert(t.orderLines).values(
      lines.map((line) => ({
        orderId: id,
        productId: line.product.id,
        name: line.product.name,
        unitPrice: line.product.price,
        quantity: line.quantity,
        lineTotal: line.product.price * line.quantity,
      })),
    ),
  ] as const;
  if (order.clearCart) {
    await db.batch([...writes, db.delete(t.cartLines).where(eq(t.cartLines.cartId, sessionId))]);
    deps.visitor.cartCount = 0;
  } else {
    await db.batch(writes);
  }
  deps.log("order_recorded", { orderId: id, status: order.status, total: totals.total, lines: lines.length });
  return { id, currency: "usd", lines, ...totals };
}

/** `POST /api/payment/create-payment-intent`: a priced demo order; nothing is charged. */
export async function createPaymentIntent(deps: ShopDeps, customerEmail: string) {
  const order = await recordOrder(deps, { status: "intent", email: customerEmail, shippingAddress: null, clearCart: false });
  return { id: order.id, amount: order.total, currency: order.currency, clientSecret: `${order.id}_secret_${randomToken(12)}` };
}

/** The checkout form: records the order with its address, then empties the cart. */
export async function placeOrder(deps: ShopDeps, input: CheckoutInput): Promise<Order> {
  const { email, ...shippingAddress } = input;
  const order = await recordOrder(deps, { status: "placed", email, shippingAddress, clearCart: true });
  deps.outbox?.enqueue({ kind: "order_confirmation", orderId: order.id });
  return order;
}
