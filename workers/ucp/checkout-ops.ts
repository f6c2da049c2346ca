/**
 * UCP's checkout operations (create, get, update, complete, cancel). A checkout session is a
 * shop cart of its own, and completing it places its order through the web checkout's
 * `placeOrder`: the same orders table, back office, confirmation email, stock taken and "one
 * checkout, one order", the session id being the checkout's key.
 */
import * as v from "valibot";
import { isShopError } from "../../app/shared/errors";
import { CheckoutSchema, DigitalCheckoutSchema } from "../../app/shared/schemas";
import { completeSession, openCheckoutOfCart, readSession, sessionDeps, writeSession, type AgentSession } from "../shop/agents/sessions";
import { clearCart } from "../shop/cart";
import { placeOrder } from "../shop/checkout";
import { error, incompatible, isActive, noResource, NotModifiable, versionOf, type UcpContext } from "./answers";
import { CHECKOUT, checkoutAnswer, checkoutForm, type AnswerExtras } from "./checkout-answer";
import { applyCodes } from "./discounts";
import { CAPABILITY, DEMO_HANDLER } from "./profile";
import type { CheckoutAnswer, CheckoutCompleteRequest, CheckoutCreateRequest, CheckoutUpdateRequest, ErrorAnswer, Message } from "./schemas";
import { buyerOf, destinationOf, openSession, putLines, type LineRequest } from "./session-input";
import { FIRST_VERSION } from "./versions";

const CHECKOUT_GONE = "That checkout does not exist.";
const CART_GONE = "That cart does not exist, has been canceled or has expired: create a cart, or send the line items.";

/**
 * What a checkout starts from: the request's lines, buyer and codes, or, with `cart_id`, the
 * cart's (cart.md, "Cart-to-Checkout Conversion": the cart's contents are used and the
 * payload's overlapping fields ignored; discount.md: the codes applied to the cart carry
 * forward). An unknown or closed cart is `not_found`; a cart with an open checkout, that one.
 */
async function startOf(ctx: UcpContext, request: CheckoutCreateRequest) {
  const buyer = buyerOf(request.buyer);
  const codes = codesOf(ctx, request);
  if (request.cart_id === undefined || !isActive(ctx, CAPABILITY.cart)) return { kind: "new" as const, lines: request.line_items, buyer, codes };
  const cart = await readSession(ctx.deps, request.cart_id, "cart");
  if (!cart || cart.row.state !== "open") return { kind: "gone" as const };
  const open = await openCheckoutOfCart(ctx.deps, cart.row.id);
  if (open) return { kind: "open" as const, id: open };
  const lines = cart.cart.lines.map((line) => ({ item: { id: line.variant?.sku ?? line.product.slug }, quantity: line.quantity }));
  const held = cart.cart.code?.code;
  return { kind: "new" as const, lines, buyer: { ...buyer, ...cart.row.buyer }, codes: held ? [held] : codes, cartId: cart.row.id };
}

export async function createCheckout(ctx: UcpContext, request: CheckoutCreateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const start = await startOf(ctx, request);
  if (start.kind === "gone") return noResource(ctx, CHECKOUT, CART_GONE);
  if (start.kind === "open") return getCheckout(ctx, start.id, { instruments: request.payment?.instruments });
  // The fulfillment extension's fields are unknown ones to an agent that did not negotiate it.
  const destination = isActive(ctx, CAPABILITY.fulfillment) ? destinationOf(request) : undefined;
  const { id, notes } = await openSession(ctx, "checkout", start.lines, {
    buyer: start.buyer,
    ...(destination ? { destination } : {}),
    ...(start.cartId ? { cartId: start.cartId } : {}),
  });
  const codes = start.codes;
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx.deps, id), codes) : [];
  const read = await readSession(ctx.deps, id, "checkout");
  // Nothing asked for can be had: no checkout is made (the spec's "all items unavailable").
  if (!read || (read.cart.lines.length === 0 && notes.length > 0)) {
    const errors = notes.filter((note) => note.type === "error");
    return {
      ...noResource(ctx, CHECKOUT, errors.map((note) => note.content).join(" "), "out_of_stock"),
      messages: errors.map((note) => ({ ...note, severity: "unrecoverable" as const })),
    };
  }
  return checkoutAnswer(ctx, read.row, read.cart, { instruments: request.payment?.instruments, messages: codeNotes, codes });
}

/** The discount codes a create or update sent, when the agent negotiated the extension (its fields are unknown ones otherwise). */
const codesOf = (ctx: UcpContext, request: CheckoutUpdateRequest) => (isActive(ctx, CAPABILITY.discount) ? request.discounts?.codes : undefined);

export async function getCheckout(ctx: UcpContext, id: string, extras: AnswerExtras = {}): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const read = await readSession(ctx.deps, id, "checkout");
  if (!read) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  return checkoutAnswer(ctx, read.row, read.cart, extras);
}

/** A completed or canceled checkout is immutable (checkout.md): a write to it is refused (409). */
const notOpen = (row: AgentSession) =>
  new NotModifiable(
    row.state === "completed"
      ? "This checkout is completed: its order is placed. Read the order, or start a new checkout."
      : "This checkout is canceled: start a new one.",
  );

export async function updateCheckout(ctx: UcpContext, id: string, request: CheckoutUpdateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment?.instruments;
  if (found.row.state !== "open") throw notOpen(found.row);
  // 2026-08-25 replaces the whole checkout (its line items are required there: schemas/requests.ts); 2026-04-08 keeps what an update leaves out.
  const replaces = versionOf(ctx) !== FIRST_VERSION;
  const notes = request.line_items ? await putLines(ctx, id, request.line_items) : (found.row.notes as Message[]);
  // The cart it was made from follows the checkout's lines (cart.md: "reflect relevant checkout modifications back to the cart").
  if (request.line_items && found.row.cartId) await reflectOnCart(ctx, found.row.cartId, request.line_items);
  const fulfilled = isActive(ctx, CAPABILITY.fulfillment);
  const sent = fulfilled ? destinationOf(request) : undefined;
  const destination = replaces && fulfilled ? (sent ?? null) : (sent ?? found.row.destination);
  const buyer = replaces ? buyerOf(request.buyer) : request.buyer ? { ...found.row.buyer, ...buyerOf(request.buyer) } : found.row.buyer;
  await writeSession(ctx.deps, id, { notes, buyer, destination }, { whileOpen: true });
  const codes = codesOf(ctx, request) ?? (replaces && isActive(ctx, CAPABILITY.discount) ? [] : undefined);
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx.deps, id), codes, found.cart.code?.code ?? null) : [];
  return getCheckout(ctx, id, { instruments, messages: codeNotes, codes });
}

/**
 * Places the checkout's order through the web checkout's `placeOrder` (its key is the
 * session id: a completion that stopped after placing it answers with that order, and the
 * completing request again with its Idempotency-Key gets its kept answer). The demo handler takes
 * no money: an instrument naming it, of its type, is all it asks.
 */
export async function completeCheckout(ctx: UcpContext, id: string, request: CheckoutCompleteRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  let found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment.instruments;
  // Its order was placed by a completion that stopped before marking it: that order is the answer.
  if (found.healed) return checkoutAnswer(ctx, found.row, found.cart, { instruments });
  if (found.row.state !== "open") throw notOpen(found.row);
  const instrument = instruments.find((candidate) => candidate.selected) ?? instruments[0]!;
  if (instrument.handler_id !== DEMO_HANDLER.id || instrument.type !== DEMO_HANDLER.instrumentType) {
    const content = `This shop takes payment through its demo handler only: an instrument with handler_id "${DEMO_HANDLER.id}" and type "${DEMO_HANDLER.instrumentType}".`;
    return checkoutAnswer(ctx, found.row, found.cart, { messages: [error("payment_failed", content, "recoverable", "$.payment.instruments")], instruments });
  }
  // The agent completing it is the one placing the order: its platform's webhook (if any) is where the order's events go.
  const webhookUrl = ctx.webhookUrl ?? null;
  if (request.buyer || webhookUrl !== found.row.webhookUrl) {
    const buyer = request.buyer ? { ...found.row.buyer, ...buyerOf(request.buyer) } : found.row.buyer;
    await writeSession(ctx.deps, id, { buyer, webhookUrl });
    found = { ...found, row: { ...found.row, buyer, webhookUrl } };
  }
  const answer = await checkoutAnswer(ctx, found.row, found.cart, { instruments });
  if (answer.status !== "ready_for_complete") return answer;
  const shipped = found.cart.lines.some((line) => !line.digital);
  const form = checkoutForm(found.row);
  try {
    const input = shipped ? v.parse(CheckoutSchema, form) : v.parse(DigitalCheckoutSchema, form);
    const order = await placeOrder(sessionDeps(ctx.deps, id), input, ctx.origin);
    await completeSession(ctx.deps, id, order.id);
    // Its cart is cleared with the checkout's completion (cart.md): reading it is not_found from now on.
    if (found.row.cartId) await closeCart(ctx, found.row.cartId);
  } catch (failure) {
    if (!isShopError(failure)) throw failure;
    // Sold or changed since the read: the checkout says what stands in the way now.
    const again = await readSession(ctx.deps, id, "checkout");
    const code = failure.kind === "conflict" ? "out_of_stock" : "invalid";
    return checkoutAnswer(ctx, again!.row, again!.cart, { messages: [error(code, failure.message, "recoverable")], instruments });
  }
  return (await getCheckout(ctx, id, { instruments })) as CheckoutAnswer;
}

/** The checkout's cart, if still open, holds the checkout's lines. */
async function reflectOnCart(ctx: UcpContext, cartId: string, lines: LineRequest[]) {
  const cart = await readSession(ctx.deps, cartId, "cart");
  if (cart?.row.state === "open") await writeSession(ctx.deps, cartId, { notes: await putLines(ctx, cartId, lines) }, { whileOpen: true });
}

async function closeCart(ctx: UcpContext, cartId: string) {
  await writeSession(ctx.deps, cartId, { state: "completed" }, { whileOpen: true });
  await clearCart(sessionDeps(ctx.deps, cartId));
}

export async function cancelCheckout(ctx: UcpContext, id: string): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  if (found.row.state !== "open") throw notOpen(found.row);
  await writeSession(ctx.deps, id, { state: "canceled" }, { whileOpen: true });
  await clearCart(sessionDeps(ctx.deps, id));
  return getCheckout(ctx, id);
}
