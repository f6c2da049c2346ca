/**
 * A checkout session as UCP's `checkout.json` answers it, with the fulfillment and discount
 * extensions: its lines and totals from the priced cart (or, once completed, from its order),
 * what stands between it and its order (the shop's readiness rule and the web checkout's own
 * form schemas), and its status.
 */
import * as v from "valibot";
import { SHIPPING_CENTS } from "../../app/shared/constants";
import { CheckoutSchema, DigitalCheckoutSchema } from "../../app/shared/schemas";
import { lineTitle } from "../../app/shared/variants";
import { readAgentOrder } from "../shop/agents/orders";
import type { AgentSession } from "../shop/agents/sessions";
import type { PricedCart } from "../shop/cart";
import { checkoutProblems } from "../shop/readiness";
import {
  cartAmounts,
  CURRENCY,
  envelopeFor,
  error,
  isActive,
  lineMessages,
  lineTotals,
  maskedBuyer,
  maskedDestination,
  orderRef,
  policyLinks,
  SHIPPING_TITLE,
  ucpLine,
  ucpTotals,
  type UcpContext,
} from "./answers";
import { discountsObject, heldCodeProblem } from "./discounts";
import { CAPABILITY } from "./profile";
import { CardDisplay, type CheckoutAnswer, type CheckoutStatus, type CheckoutUpdateRequest, type Message } from "./schemas";

export const CHECKOUT = [CAPABILITY.checkout, CAPABILITY.fulfillment, CAPABILITY.discount];

const DESTINATION_ID = "dest_1";
const SHIPPING_METHOD_ID = "shipping";
const SHIPPING_OPTION_ID = "free";

/** The order the shop's checkout form would send for this session: the buyer and destination in the form's fields. */
export function checkoutForm(row: AgentSession) {
  const to = row.destination ?? {};
  const firstName = to.first_name ?? row.buyer.first_name ?? "";
  const lastName = to.last_name ?? row.buyer.last_name ?? "";
  const street = [to.street_address, to.extended_address].filter(Boolean).join(", ");
  return {
    email: row.buyer.email ?? "",
    firstName,
    lastName,
    address: street,
    city: to.address_locality ?? "",
    state: to.address_region ?? "",
    zipCode: to.postal_code ?? "",
    country: to.address_country ?? "",
    cardholderName: `${firstName} ${lastName}`.trim(),
    checkoutKey: row.id,
  };
}

/** Where each form field comes from in a UCP checkout, for a message's path. */
const FIELD_PATHS: Record<string, string> = {
  email: "$.buyer.email",
  firstName: "$.buyer.first_name",
  lastName: "$.buyer.last_name",
  cardholderName: "$.buyer.first_name",
  address: "$.fulfillment.methods[0].destinations[0].street_address",
  city: "$.fulfillment.methods[0].destinations[0].address_locality",
  state: "$.fulfillment.methods[0].destinations[0].address_region",
  zipCode: "$.fulfillment.methods[0].destinations[0].postal_code",
  country: "$.fulfillment.methods[0].destinations[0].address_country",
};

/** The web form's cardholder name is the buyer's name (`checkoutForm`): an agent sends no such field, so it is asked for the name. */
const NAME_NEEDED = "Please give the buyer's first and last name: the order is placed in that name.";

/** What stands between the session and its order, in the web checkout's words (its own schemas). */
function checkoutMessages(row: AgentSession, cart: PricedCart): Message[] {
  const messages = [...(row.notes as Message[]), ...lineMessages(cart.lines)];
  const codeProblem = heldCodeProblem(cart);
  if (codeProblem) messages.push(codeProblem);
  // The shop's rule, in words for an agent: it sends line items and a destination, not a cart and a form.
  for (const problem of checkoutProblems(cart.lines, { address: Boolean(row.destination) })) {
    if (problem.kind === "empty")
      messages.push(error("missing", "The checkout holds no items: add a line item naming a variant.", "recoverable", "$.line_items"));
    if (problem.kind === "address") {
      messages.push(
        error("missing", "Please give a shipping address: the checkout holds items we ship.", "recoverable", "$.fulfillment.methods[0].destinations"),
      );
    }
  }
  const shipped = cart.lines.some((line) => !line.digital);
  const form = checkoutForm(row);
  const result = v.safeParse(shipped && row.destination ? CheckoutSchema : DigitalCheckoutSchema, form);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? "";
      const path = FIELD_PATHS[field] ?? "$";
      if (seen.has(path)) continue;
      seen.add(path);
      // An empty field is `missing` (the spec's "Required field is missing"), one given but refused `invalid`.
      const empty = form[field as keyof typeof form] === "";
      messages.push(error(empty ? "missing" : "invalid", field === "cardholderName" ? NAME_NEEDED : issue.message, "recoverable", path));
    }
  }
  return messages;
}

function fulfillmentOf(to: Record<string, string> | null, lineIds: string[]) {
  const destinationId = to?.id ?? DESTINATION_ID;
  const destination = to ? [{ ...to, id: destinationId }] : [];
  return {
    methods: [
      {
        id: SHIPPING_METHOD_ID,
        type: "shipping" as const,
        line_item_ids: lineIds,
        destinations: destination,
        selected_destination_id: to ? destinationId : null,
        groups: [
          {
            id: "package_1",
            line_item_ids: lineIds,
            selected_option_id: SHIPPING_OPTION_ID,
            options: [
              {
                id: SHIPPING_OPTION_ID,
                title: SHIPPING_TITLE,
                description: `${SHIPPING_TITLE} on every order.`,
                totals: [{ type: "total", amount: SHIPPING_CENTS }],
              },
            ],
          },
        ],
      },
    ],
  };
}

function statusOf(row: AgentSession, messages: Message[]): CheckoutStatus {
  if (row.state === "completed") return "completed";
  if (row.state === "canceled") return "canceled";
  return messages.some((message) => message.type === "error") ? "incomplete" : "ready_for_complete";
}

export type Instrument = NonNullable<NonNullable<CheckoutUpdateRequest["payment"]>["instruments"]>[number];

/**
 * The instruments a request sent, as its answer shows them (checkout-rest.md's examples):
 * id, handler, type, selection and a card's display. Never the `credential` (overview,
 * "Credential Flow": businesses MUST NOT echo credentials) nor the billing address. The
 * shop keeps none of them: the demo handler reads instruments only on completion.
 */
function echoedPayment(instruments: Instrument[] = []) {
  return {
    instruments: instruments.flatMap(({ id, handler_id, type, selected, display }) => {
      if (id === undefined) return [];
      const card = v.safeParse(CardDisplay, display);
      return [
        {
          id,
          handler_id,
          type,
          ...(selected !== undefined ? { selected } : {}),
          ...(card.success && Object.keys(card.output).length > 0 ? { display: card.output } : {}),
        },
      ];
    }),
  };
}

/** What an answer carries of the request it answers: messages of its own, the instruments and the discount codes it sent. */
export type AnswerExtras = { messages?: Message[]; instruments?: Instrument[]; codes?: string[] };

export async function checkoutAnswer(
  ctx: UcpContext,
  row: AgentSession,
  cart: PricedCart,
  { messages: extra = [], instruments, codes }: AnswerExtras = {},
): Promise<CheckoutAnswer> {
  const discounts = isActive(ctx, CAPABILITY.discount);
  const base = {
    ucp: envelopeFor(ctx, CHECKOUT),
    id: row.id,
    ...(Object.keys(row.buyer).length > 0 ? { buyer: row.buyer } : {}),
    currency: CURRENCY,
    links: policyLinks(ctx.origin),
    payment: echoedPayment(instruments),
  };
  if (row.orderId) {
    // Completed: the cart's lines became the order's; the checkout shows what was ordered.
    const placed = await readAgentOrder(ctx.deps, { orderId: row.orderId });
    if (placed) {
      // The session keeps nothing personal once completed: the order's buyer and address, masked.
      const shipped = placed.order.shippingAddress !== null;
      const lineIds = placed.shipped.map((line) => `li_${line.id}`);
      return {
        ...base,
        buyer: maskedBuyer(placed.order),
        status: "completed",
        line_items: placed.lines.map((line) => ({
          id: `li_${line.id}`,
          item: { id: line.sku, title: lineTitle(line.name, line.variantLabel), price: line.unitPrice },
          quantity: line.quantity,
          totals: lineTotals(line.lineTotal),
        })),
        totals: ucpTotals(placed.order, shipped),
        ...(discounts ? { discounts: discountsObject(placed.order.discountCode, placed.order.discount, codes) } : {}),
        ...(extra.length > 0 ? { messages: extra } : {}),
        ...(shipped && isActive(ctx, CAPABILITY.fulfillment) ? { fulfillment: fulfillmentOf(maskedDestination(placed.order), lineIds) } : {}),
        order: orderRef(ctx, placed.order),
      };
    }
  }
  const messages = row.state === "open" ? [...checkoutMessages(row, cart), ...extra] : extra;
  const shippedLines = cart.lines.filter((line) => !line.digital).map((line) => `li_${line.id}`);
  return {
    ...base,
    status: statusOf(row, messages),
    line_items: cart.lines.map((line) => ucpLine(ctx, line)),
    totals: ucpTotals(cartAmounts(cart), shippedLines.length > 0),
    ...(discounts ? { discounts: discountsObject(cart.code?.code ?? null, cart.totals.discount, codes) } : {}),
    ...(messages.length > 0 ? { messages } : {}),
    ...(shippedLines.length > 0 && isActive(ctx, CAPABILITY.fulfillment) ? { fulfillment: fulfillmentOf(row.destination, shippedLines) } : {}),
  };
}
