/**
 * The demo checkout: one checkout, one order (contract, "Checkout and orders";
 * docs/decisions/0015). The server prices the visitor's cart from the current catalog
 * (never from the client or a cache), bundle savings included; no payment is ever taken,
 * and no card field (the cardholder name included) is stored.
 *
 * A checkout is named by its key (the form carries it; the payment intent sends it as
 * `Idempotency-Key`) and has one `orders` row per visitor and key:
 * - the payment intent prices the cart into that row as an `intent`, cart untouched;
 * - placing the order makes the same row `placed` and, in the same transaction, orders
 *   exactly the cart lines it deletes;
 * - a repeated submission of a placed checkout answers with that order.
 *
 * Each step reads the cart priced at D1's catalog version with the checkout's row (one trip:
 * `readPricedCart`), then writes in one batch (one transaction) whose every
 * statement holds only while the cart and the catalog are still what was read. If either
 * changed in between, nothing is written and the step starts over with what is there now.
 */
import type { CheckoutInput, DigitalCheckoutInput } from "../../../app/shared/schemas";
import { errorKind } from "../../../app/shared/errors";
import type * as t from "../../db/schema";
import { pricedAsShown } from "../cart";
import type { ShopDeps } from "../deps";
import { settlePartner } from "../partners/ledger";
import { checkoutProblems, lineProblemsOf } from "../readiness";
import type { Order } from "./order";
import { checkoutStep, randomToken } from "./step";

/**
 * The partner's ledger takes the new order in. Its failure never fails the order: the ledger
 * is settled again from the orders on the next event and on the 15th's run.
 */
const settleQuietly = (deps: ShopDeps, partnerId: number) =>
  settlePartner(deps, partnerId).catch((error: unknown) => deps.log("partner_ledger_unsettled", { partnerId, ...errorKind(error) }));

const logOrder = (deps: ShopDeps, order: Order) =>
  deps.log("order_recorded", { orderId: order.id, status: order.status, total: order.total, lines: order.lines.length });

/**
 * The checkout page's cart, priced as the order will be (a price changed since the shopper
 * saw it marked `shown`, as on the cart page), with what stands between each line and the
 * order: the very rule placing it holds to, so the page and the refusal say the same.
 */
export async function checkoutCart(deps: ShopDeps, shown: boolean) {
  const cart = await pricedAsShown(deps, shown);
  return { ...cart, problems: lineProblemsOf(checkoutProblems(cart.lines)) };
}

/** A checkout key for a caller that sent none: then each call is a checkout of its own. */
const newCheckoutKey = (): string => crypto.randomUUID();

/**
 * `POST /api/payment/create-payment-intent`: the cart priced on the server into the
 * checkout's row, as an intent. Nothing is charged and the cart is untouched; once the
 * checkout is placed, the intent answers with the placed order.
 */
export async function createPaymentIntent(deps: ShopDeps, customerEmail: string, checkoutKey = newCheckoutKey()) {
  const { order, wroteNow } = await checkoutStep(deps, { status: "intent", checkoutKey, email: customerEmail, shippingAddress: null });
  if (wroteNow) logOrder(deps, order);
  // The number, never the internal id: this answer reaches the browser.
  return { id: order.number, amount: order.total, currency: order.currency, clientSecret: `${order.number}_secret_${randomToken(12)}` };
}

/**
 * The checkout form: orders the cart with its shipping address and takes those lines out
 * of the cart, in one transaction; a repeated submission answers with the first order.
 * The cardholder name is checked by the form's schema and dropped here: never stored.
 */
export async function placeOrder(deps: ShopDeps, input: CheckoutInput | DigitalCheckoutInput, origin?: string): Promise<Order> {
  const { email, checkoutKey = newCheckoutKey(), cardholderName: _cardholderName, codeShown, ...rest } = input;
  const shippingAddress = "address" in rest ? (rest as t.ShippingAddress) : null;
  const { order, wroteNow } = await checkoutStep(deps, {
    status: "placed",
    checkoutKey,
    email,
    shippingAddress,
    ...(codeShown !== undefined ? { codeShown } : {}),
    ...(origin ? { origin } : {}),
  });
  if (wroteNow) {
    // The one place an order becomes placed: what follows a new order goes here, once per order.
    // Its job goes to the queue now, with the download links' tokens; the outbox keeps it without them.
    logOrder(deps, order);
    const downloads = order.downloads?.map(({ productId, token }) => ({ productId, token }));
    const link = origin && order.accessToken ? { origin, token: order.accessToken } : {};
    deps.outbox?.enqueue({ kind: "order_confirmation", orderId: order.id, ...(downloads ? { downloads } : {}), ...link });
    // Its agent's platform hears of it (an order placed through UCP only: agents/webhooks.ts).
    deps.webhooks?.enqueue({ orderId: order.id, sessionId: deps.visitor.existingId ?? "", event: "placed", origin });
    deps.insights?.count("order", "");
    if (order.partnerId !== null) await settleQuietly(deps, order.partnerId);
  }
  return order;
}
