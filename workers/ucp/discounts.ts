/**
 * UCP's discount extension (`dev.ucp.shopping.discount`, discount.md at v2026-04-08) on the
 * shop's own codes. A checkout session is a shop cart, so a code is applied as the web cart's
 * APPLY applies one (`applyDiscountCode`: the abuse limits' count of codes tried, the same
 * refusals) and priced by the one price rule; placing the order takes its use.
 *
 * The shop takes one code per order (docs/decisions/0025): of the codes sent, the first that
 * applies is kept, and every other comes back in `messages` as a warning with the spec's
 * rejection code and the shop's words. Sending `codes` replaces the code held (`[]` removes
 * it). The discount is order-level, split over no line an agent sees: the spec's `discount`
 * total ("Discount (SAVE10)"), and an applied entry without allocations.
 */
import { CODE_PATTERN, normalizeCode, refusalMessage, type CodeRefusal } from "../../app/shared/codes";
import { isShopError } from "../../app/shared/errors";
import { discountLabel } from "../../app/shared/money";
import { applyDiscountCode, removeDiscountCode, type PricedCart } from "../shop/cart";
import { codeRowQuery, standingRefusal } from "../shop/codes";
import type { ShopDeps } from "../shop/deps";
import type { Message } from "./schemas";

/** The spec's rejection code for each of the shop's refusals ("Error codes for rejected discounts"). */
const REJECTION: Record<CodeRefusal["reason"], string> = {
  unknown: "discount_code_invalid",
  not_started: "discount_code_invalid",
  paused: "discount_code_invalid",
  used_up: "discount_code_invalid",
  ended: "discount_code_expired",
  minimum: "discount_code_user_ineligible",
  no_items: "discount_code_user_ineligible",
  used_by_email: "discount_code_user_ineligible",
  other_email: "discount_code_user_ineligible",
};

const codePath = (index: number) => `$.discounts.codes[${index}]`;

/** A code that takes nothing off: a warning (the spec: the buyer expected a discount and must be told). */
const rejected = (code: string, content: string, index: number): Message => ({ type: "warning", code, content, path: codePath(index) });

/**
 * Why the shop refused `code`, as the spec names it. The shop's refusal carries only its
 * words, so the code's row is read again (a refusal is rare): a code that may not be used
 * now whatever the cart holds is ended or invalid; one that may, did not fit this cart.
 */
async function rejectionOf(deps: ShopDeps, code: string): Promise<string> {
  const [row] = await codeRowQuery(deps, code);
  const refusal = standingRefusal(row ?? null);
  return refusal ? REJECTION[refusal.reason] : REJECTION.minimum;
}

/**
 * Applies the codes a create or update sent to the session's cart (`deps` are the session's):
 * the first that applies is kept, in place of the one held; none applying leaves none. Answers
 * a warning for each code not kept. The code the cart already holds (`held`), sent again as
 * agents send a checkout back, is kept as it is: no code is tried, so none is counted, and
 * the answer says if it stopped applying (`heldCodeProblem`). Too many codes tried from the
 * client's address is thrown (the shop's `too_many` error): the bindings answer the spec's 429.
 */
export async function applyCodes(deps: ShopDeps, codes: string[], held: string | null = null): Promise<Message[]> {
  const messages: Message[] = [];
  const seen = new Set<string>();
  let kept: string | null = null;
  for (const [index, typed] of codes.entries()) {
    const code = normalizeCode(typed);
    if (seen.has(code)) {
      messages.push(rejected("discount_code_already_applied", `${code} was sent twice: it counts once.`, index));
      continue;
    }
    seen.add(code);
    if (kept) {
      messages.push(
        rejected(
          "discount_code_combination_disallowed",
          `One code per order: ${kept} is applied, so ${code} is not. Send ${code} alone to use it instead.`,
          index,
        ),
      );
      continue;
    }
    if (code === held) {
      kept = code;
      continue;
    }
    try {
      kept = (await applyDiscountCode(deps, typed)).code?.code ?? code;
    } catch (failure) {
      if (!isShopError(failure) || failure.kind !== "invalid") throw failure;
      const malformed = !CODE_PATTERN.test(typed.trim());
      messages.push(rejected(malformed ? REJECTION.unknown : await rejectionOf(deps, code), failure.message, index));
    }
  }
  if (!kept) await removeDiscountCode(deps);
  return messages;
}

/** A code the cart holds that stopped applying (its end, its uses, a line removed): an error until removed, since placing refuses it. */
export function heldCodeProblem(cart: PricedCart): Message | null {
  const held = cart.code;
  if (!held?.refusal) return null;
  return { type: "error", code: REJECTION[held.refusal.reason], content: refusalMessage(held.code, held.refusal), severity: "recoverable", path: codePath(0) };
}

/** The applied discount as the extension's `discounts` object answers it. */
export function discountsObject(code: string | null, amount: number, sent?: string[]) {
  return {
    codes: sent ?? (code ? [code] : []),
    applied: code && amount > 0 ? [{ code, title: discountLabel(code), amount }] : [],
  };
}
