/**
 * The cart's discount code (docs/decisions/0025): applying one, and removing it. Which code a
 * cart holds and whether it applies is codes.ts's; the cart is priced with it on every read.
 */
import { CODE_ATTEMPTS_MESSAGE } from "../../../app/shared/codes";
import { tooManyAttempts } from "../../../app/shared/errors";
import { priceCart } from "../../../app/shared/money";
import { retryTransient } from "../../db/retry";
import { codeRefused, codeRowQuery, parseCode, pricingRefusal, setCartCode, standingRefusal, termsOf } from "../codes";
import type { ShopDeps } from "../deps";
import { priced, readPricedCart, type PricedCart } from "./priced";

/**
 * `POST /api/cart/discount`, the cart's and the checkout's APPLY: the code in place of the one
 * the cart held (one code per order), once it is known to apply to this cart now. A refused
 * code is not kept, and the cart keeps the code it had; the refusal names what to do.
 */
export async function applyDiscountCode(deps: ShopDeps, input: unknown): Promise<PricedCart> {
  const code = parseCode(input);
  // Guessing codes is limited wherever it comes from; a malformed one never reached D1.
  if (deps.codeAttempts && !(await deps.codeAttempts())) throw tooManyAttempts(CODE_ATTEMPTS_MESSAGE);
  // A cart made earlier in this request (a UCP permalink's items) is the one the code is for.
  const cartId = deps.visitor.existingId ?? deps.visitor.minted;
  const {
    cart,
    first: [[row]],
  } = cartId
    ? await readPricedCart(deps, cartId, [codeRowQuery(deps, code)] as const)
    : { cart: await priced(deps), first: [await codeRowQuery(deps, code)] as const };
  const refusal = standingRefusal(row ?? null) ?? pricingRefusal(priceCart(cart.lines, cart.bundles, termsOf(row!)).code);
  if (refusal) throw codeRefused(row?.code ?? code, refusal);
  // The cart's code set (an upsert): safe to send again after a transient error.
  const { cart: withCode } = await retryTransient(() => readPricedCart(deps, deps.visitor.id(), [setCartCode(deps, deps.visitor.id(), row!.code)] as const));
  return withCode;
}

/** `DELETE /api/cart/discount`, the REMOVE beside an applied code: the cart holds no code. */
export async function removeDiscountCode(deps: ShopDeps): Promise<PricedCart> {
  const cartId = deps.visitor.existingId;
  if (!cartId) return priced(deps);
  return (await retryTransient(() => readPricedCart(deps, cartId, [setCartCode(deps, cartId, null)] as const))).cart;
}
