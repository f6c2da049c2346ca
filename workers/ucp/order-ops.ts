/**
 * UCP's `get_order`: an order placed through UCP, read by its link token (the id an agent
 * was given), with its lines, what became of them (order.md's fulfillment events and
 * adjustments) and where it goes, masked as the order's page masks it.
 */
import { lineTitle } from "../../app/shared/variants";
import { readAgentOrder } from "../shop/agents/orders";
import type { OrderEvent, OrderLine } from "../shop/orders/read";
import {
  CURRENCY,
  envelopeFor,
  incompatible,
  lineTotals,
  maskedDestination,
  noResource,
  orderRef,
  SHIPPING_TITLE,
  ucpTotals,
  type UcpContext,
} from "./answers";
import { CAPABILITY } from "./profile";
import type { ErrorAnswer, OrderAnswer } from "./schemas";

/** SQLite's UTC text (`2026-11-26 13:02:11`) as RFC 3339. */
const rfc3339 = (at: string) => `${at.replace(" ", "T")}Z`;

/**
 * The order's timeline as order.md's append-only logs: packing is a `processing` event,
 * the hand-over to the carrier `shipped` and the arrival `delivered` (both with the carrier,
 * the tracking number and its link), each naming the shipped lines; a cancellation is an
 * adjustment that takes every line back, with its reason.
 */
function fulfilmentLog(events: OrderEvent[], shipped: OrderLine[], all: OrderLine[]) {
  const lineRefs = (lines: OrderLine[], sign = 1) => lines.map((line) => ({ id: `li_${line.id}`, quantity: sign * line.quantity }));
  const shipment = events.find((event) => event.status === "shipped")?.tracking;
  const tracking = shipment ? { carrier: shipment.carrier, tracking_number: shipment.number, tracking_url: shipment.url } : null;
  const fulfilment = events.flatMap((event) => {
    const base = { id: `evt_${event.id}`, occurred_at: rfc3339(event.at), line_items: lineRefs(shipped) };
    if (shipped.length === 0) return [];
    if (event.status === "packed") return [{ ...base, type: "processing", description: "Packed" }];
    if ((event.status === "shipped" || event.status === "delivered") && tracking) {
      return [{ ...base, type: event.status, ...tracking, description: event.status === "shipped" ? "Handed to the carrier" : "Delivered" }];
    }
    return [];
  });
  const adjustments = events
    .filter((event) => event.status === "cancelled")
    .map((event) => ({
      id: `adj_${event.id}`,
      type: "cancellation",
      occurred_at: rfc3339(event.at),
      status: "completed" as const,
      line_items: lineRefs(all, -1),
      description: event.actor === "shopper" ? "Cancelled by the buyer" : (event.reason ?? "Cancelled by the shop"),
    }));
  return { fulfilment, adjustments };
}

export async function getOrder(ctx: UcpContext, id: string): Promise<OrderAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.order);
  if (refused) return refused;
  const order = await readAgentOrder(ctx.deps, { token: id });
  if (!order) return noResource(ctx, [CAPABILITY.order], "Order not found.");
  const { order: row, lines, shipped, events } = order;
  const cancelled = row.status === "cancelled";
  const handedOver = row.status === "shipped" || row.status === "delivered";
  const shippedIds = new Set(shipped.map((line) => line.id));
  const address = row.shippingAddress;
  const { fulfilment, adjustments } = fulfilmentLog(events, shipped, lines);
  return {
    ucp: envelopeFor(ctx, [CAPABILITY.order]),
    ...orderRef(ctx, row),
    checkout_id: row.sessionId.startsWith("ucp_") ? row.sessionId : row.number,
    line_items: lines.map((line) => {
      // A download is the buyer's once placed; a parcel's lines once the carrier has them.
      const fulfilled = cancelled ? 0 : !shippedIds.has(line.id) || handedOver ? line.quantity : 0;
      return {
        id: `li_${line.id}`,
        item: { id: line.sku, title: lineTitle(line.name, line.variantLabel), price: line.unitPrice },
        quantity: { original: line.quantity, total: cancelled ? 0 : line.quantity, fulfilled },
        totals: lineTotals(line.lineTotal),
        status: cancelled ? ("removed" as const) : fulfilled === line.quantity ? ("fulfilled" as const) : ("processing" as const),
      };
    }),
    fulfillment: {
      expectations:
        address && shipped.length > 0 && !cancelled
          ? [
              {
                id: "exp_1",
                line_items: shipped.map((line) => ({ id: `li_${line.id}`, quantity: line.quantity })),
                method_type: "shipping" as const,
                // Masked as the order's page masks it: the token is a link that may be passed on.
                destination: maskedDestination(row)!,
                description: SHIPPING_TITLE,
              },
            ]
          : [],
      events: fulfilment,
    },
    ...(adjustments.length > 0 ? { adjustments } : {}),
    currency: CURRENCY,
    totals: ucpTotals(row, address !== null),
  };
}
