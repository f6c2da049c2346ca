/**
 * The order's own page as the shop's service (`shop.orders`): what a shopper holding the
 * link may read and do. The page's loader and action call these (docs/decisions/0021).
 */
import { conflict, notFound } from "../../../app/shared/errors";
import type { ShopDeps } from "../deps";
import { cancelByShopper, refusal } from "./lifecycle";
import { orderPageView, type OrderPageView } from "./page";

/** What `/orders/<token>` shows, or null (the page answers 404). */
export const view = (deps: ShopDeps, token: string): Promise<OrderPageView | null> => orderPageView(deps, token);

/**
 * The first step of the shopper's cancel: nothing changes, but an order that can no longer
 * be cancelled (packed since the page was drawn, cancelled from another tab) says so now,
 * in the words the second step would use, instead of asking a question it cannot honour.
 */
export async function askToCancel(deps: ShopDeps, token: string): Promise<void> {
  const order = await orderPageView(deps, token);
  if (!order) throw notFound("There is no such order.");
  if (!order.canCancel) throw conflict(refusal(order.status, "cancelled"));
}

/**
 * The shopper cancels the order before it is packed (the page's second step of its confirm).
 * The audit trail records the visitor's address; the email goes through the shop's outbox.
 */
export const cancel = (deps: ShopDeps, token: string, origin?: string): Promise<void> =>
  cancelByShopper({ db: deps.db, outbox: deps.outbox ?? { enqueue: () => undefined }, webhooks: deps.webhooks, address: deps.visitor.address }, token, origin);
