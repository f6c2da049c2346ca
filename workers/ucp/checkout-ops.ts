/**
 * UCP's checkout operations (create, get, update, complete, cancel). A checkout session is a
 * shop cart of its own, and completing it places its order through the web checkout's
 * `placeOrder`: the same orders table, back office, confirmation email, stock taken and "one
 * checkout, one order", the session id being the checkout's key.
 */
import * as v from "valibot";
import { isShopError } from "../../app/shared/errors";
import { CheckoutSchema, DigitalCheckoutSchema } from "../../app/shared/schemas";
import { readSession, sessionDeps, writeSession, type AgentSession } from "../shop/agents/sessions";
import { clearCart } from "../shop/cart";
import { placeOrder } from "../shop/checkout";
import { error, incompatible, isActive, noResource, type UcpContext } from "./answers";
import { CHECKOUT, checkoutAnswer, checkoutForm, type AnswerExtras } from "./checkout-answer";
import { applyCodes } from "./discounts";
import { CAPABILITY, DEMO_HANDLER } from "./profile";
import type { CheckoutAnswer, CheckoutCompleteRequest, CheckoutCreateRequest, CheckoutUpdateRequest, ErrorAnswer, Message } from "./schemas";
import { buyerOf, destinationOf, openSession, putLines } from "./session-input";

const CHECKOUT_GONE = "That checkout does not exist.";

export async function createCheckout(ctx: UcpContext, request: CheckoutCreateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  // The fulfillment extension's fields are unknown ones to an agent that did not negotiate it.
  const destination = isActive(ctx, CAPABILITY.fulfillment) ? destinationOf(request) : undefined;
  const { id, notes } = await openSession(ctx, "checkout", request.line_items, { buyer: buyerOf(request.buyer), ...(destination ? { destination } : {}) });
  const codes = codesOf(ctx, request);
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx.deps, id), codes) : [];
  const read = await readSession(ctx.deps, id, "checkout");
  // Nothing asked for can be had: no checkout is made (the spec's "all items unavailable").
  if (!read || (read.cart.lines.length === 0 && notes.length > 0)) {
    const errors = notes.filter((note) => note.type === "error");
    return { ...noResource(ctx, CHECKOUT, errors.map((note) => note.content).join(" "), "out_of_stock"), messages: errors.map((note) => ({ ...note, severity: "unrecoverable" as const })) };
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

const notOpen = (row: AgentSession) =>
  error("invalid_state", row.state === "completed" ? "This checkout is completed: its order is placed." : "This checkout is canceled: start a new one.", "unrecoverable");

export async function updateCheckout(ctx: UcpContext, id: string, request: CheckoutUpdateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment?.instruments;
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)], instruments });
  const notes = request.line_items ? await putLines(ctx, id, request.line_items) : (found.row.notes as Message[]);
  const destination = (isActive(ctx, CAPABILITY.fulfillment) ? destinationOf(request) : undefined) ?? found.row.destination;
  const buyer = request.buyer ? { ...found.row.buyer, ...buyerOf(request.buyer) } : found.row.buyer;
  await writeSession(ctx.deps, id, { notes, buyer, destination }, { whileOpen: true });
  const codes = codesOf(ctx, request);
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx.deps, id), codes, found.cart.code?.code ?? null) : [];
  return getCheckout(ctx, id, { instruments, messages: codeNotes, codes });
}

/**
 * Places the checkout's order through the web checkout's `placeOrder` (its key is the
 * session id: a repeated completion answers with the same order). The demo handler takes
 * no money: an instrument naming it, of its type, is all it asks.
 */
export async function completeCheckout(ctx: UcpContext, id: string, request: CheckoutCompleteRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  let found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment.instruments;
  if (found.row.state === "completed") return checkoutAnswer(ctx, found.row, found.cart, { instruments });
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)], instruments });
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
    await writeSession(ctx.deps, id, { state: "completed", orderId: order.id });
  } catch (failure) {
    if (!isShopError(failure)) throw failure;
    // Sold or changed since the read: the checkout says what stands in the way now.
    const again = await readSession(ctx.deps, id, "checkout");
    const code = failure.kind === "conflict" ? "out_of_stock" : "invalid";
    return checkoutAnswer(ctx, again!.row, again!.cart, { messages: [error(code, failure.message, "recoverable")], instruments });
  }
  return (await getCheckout(ctx, id, { instruments })) as CheckoutAnswer;
}

export async function cancelCheckout(ctx: UcpContext, id: string): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)] });
  await writeSession(ctx.deps, id, { state: "canceled" }, { whileOpen: true });
  await clearCart(sessionDeps(ctx.deps, id));
  return getCheckout(ctx, id);
}
