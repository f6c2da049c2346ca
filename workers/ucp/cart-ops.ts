/**
 * UCP's cart operations (`create_cart`, `get_cart`, `update_cart`, `cancel_cart`). A cart
 * session is a shop cart of its own, priced by the web cart (`readPricedCart`: bundle
 * savings, tax after savings, free shipping); an open one answers, a canceled one is gone.
 */
import { readSession, sessionDeps, writeSession, type AgentSession } from "../shop/agents/sessions";
import { clearCart, type PricedCart } from "../shop/cart";
import {
  cartAmounts,
  CURRENCY,
  envelopeFor,
  incompatible,
  lineMessages,
  noResource,
  policyLinks,
  ucpLine,
  ucpTotals,
  versionOf,
  type UcpContext,
} from "./answers";
import { CAPABILITY } from "./profile";
import type { CartAnswer, CartCreateRequest, CartUpdateRequest, ErrorAnswer, Message } from "./schemas";
import { buyerOf, openSession, putLines } from "./session-input";
import { FIRST_VERSION } from "./versions";

const CART = [CAPABILITY.cart];
const CART_GONE = "That cart does not exist, has been canceled or has expired.";

function cartAnswer(ctx: UcpContext, row: AgentSession, cart: PricedCart): CartAnswer {
  const messages = [...(row.notes as Message[]), ...lineMessages(cart.lines)];
  return {
    ucp: envelopeFor(ctx, CART),
    id: row.id,
    line_items: cart.lines.map((line) => ucpLine(ctx, line)),
    ...(Object.keys(row.buyer).length > 0 ? { buyer: row.buyer } : {}),
    currency: CURRENCY,
    totals: ucpTotals(cartAmounts(cart), false),
    ...(messages.length > 0 ? { messages } : {}),
    links: policyLinks(ctx.origin),
  };
}

export async function createCart(ctx: UcpContext, request: CartCreateRequest): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const { id, notes } = await openSession(ctx, "cart", request.line_items, { buyer: buyerOf(request.buyer) });
  const read = await readSession(ctx.deps, id, "cart");
  if (!read || (read.cart.lines.length === 0 && notes.length > 0)) {
    const errors = notes.filter((note) => note.type === "error");
    return { ...noResource(ctx, CART, errors.map((note) => note.content).join(" "), "out_of_stock"), messages: errors };
  }
  return cartAnswer(ctx, read.row, read.cart);
}

export async function getCart(ctx: UcpContext, id: string): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const read = await readSession(ctx.deps, id, "cart");
  if (!read || read.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  return cartAnswer(ctx, read.row, read.cart);
}

export async function updateCart(ctx: UcpContext, id: string, request: CartUpdateRequest): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "cart");
  if (!found || found.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  const notes = await putLines(ctx, id, request.line_items);
  // 2026-08-25 replaces the whole cart (cart/index.md, "Update Cart"): a buyer left out is cleared; 2026-04-08 keeps it.
  const buyer = request.buyer ? buyerOf(request.buyer) : versionOf(ctx) === FIRST_VERSION ? found.row.buyer : {};
  await writeSession(ctx.deps, id, { notes, buyer });
  return getCart(ctx, id);
}

/** Cancels a cart: its lines go, and the cart answers as it was; the id is not found from now on. */
export async function cancelCart(ctx: UcpContext, id: string): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const found = await readSession(ctx.deps, id, "cart");
  if (!found || found.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  await writeSession(ctx.deps, id, { state: "canceled" });
  await clearCart(sessionDeps(ctx.deps, id));
  return cartAnswer(ctx, found.row, found.cart);
}
