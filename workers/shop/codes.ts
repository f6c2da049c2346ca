/**
 * Discount codes on the shopper's side (docs/decisions/0025): which code a cart holds, whether
 * it may be used now, applying and removing it. One code per cart, kept on the cart's row and
 * priced on every read with the cart (`readPricedCart` reads it in the same trip), so a code
 * that stops applying takes nothing off and says why. Placing an order takes the code's use
 * in the order's own batch (workers/shop/checkout/step.ts); a cancel gives it back
 * (workers/shop/orders/lifecycle.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { CODE_FORMAT_MESSAGE, CODE_PATTERN, normalizeCode, refusalMessage, type CodeRefusal } from "../../app/shared/codes";
import { invalidInput } from "../../app/shared/errors";
import type { CodeResult, CodeTerms } from "../../app/shared/money";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";

export type CodeRow = typeof t.discountCodes.$inferSelect;

/** The code a cart holds and what became of it: what pricing takes off, or why nothing. */
export type CartCode = {
  /** Upper case, as the shopper reads it. */
  code: string;
  /** What pricing needs (also the page's own script, to price an optimistic cart the same way); null when it may not be used now. */
  terms: CodeTerms | null;
  /** Why it takes nothing off this cart; null while it applies. */
  refusal: CodeRefusal | null;
};

/** The cart's code and that code's row (none when the cart holds no code, or the code is gone): read in the cart's own trip. */
export const cartCodeQuery = ({ db }: ShopDeps, cartId: string) =>
  db
    .select({ cartCode: t.carts.discountCode, row: t.discountCodes })
    .from(t.carts)
    .leftJoin(t.discountCodes, eq(t.discountCodes.code, t.carts.discountCode))
    .where(eq(t.carts.id, cartId));

export type CartCodeRead = { cartCode: string | null; row: CodeRow | null }[];

/** What pricing needs of a code row. */
export const termsOf = (row: CodeRow): CodeTerms => ({
  code: row.code,
  percentOff: row.kind === "percent" ? row.value : null,
  amountOff: row.kind === "amount" ? row.value : null,
  minSubtotal: row.minSubtotal,
  productIds: row.productIds,
});

/** Why a code may not be used at `now` whatever the cart holds (its status, dates and uses); null when it may. */
export function standingRefusal(row: CodeRow | null, now = new Date()): CodeRefusal | null {
  if (!row) return { reason: "unknown" };
  if (row.status === "paused") return { reason: "paused" };
  const at = now.toISOString();
  if (row.startsAt && row.startsAt > at) return { reason: "not_started", startsAt: row.startsAt };
  if (row.endsAt && row.endsAt <= at) return { reason: "ended" };
  if (row.maxUses != null && row.uses >= row.maxUses) return { reason: "used_up" };
  return null;
}

/** The code a cart holds, before pricing: its terms, or why it may not be used now. */
export function cartCodeOf(read: CartCodeRead, now = new Date()): CartCode | null {
  const [found] = read;
  if (!found?.cartCode) return null;
  const refusal = standingRefusal(found.row, now);
  return { code: found.cartCode, terms: refusal || !found.row ? null : termsOf(found.row), refusal };
}

/** Why pricing found that a code takes nothing off this cart (too little in it, none of its products); null when it applied. */
export const pricingRefusal = (result: CodeResult | null): CodeRefusal | null =>
  result && !result.applied ? (result.refusal === "minimum" ? { reason: "minimum", missing: result.missing } : { reason: "no_items" }) : null;

/** Why the code may not be used by `email` (lower case), given that email's uses of it so far. */
export function emailRefusal(row: CodeRow, email: string, usesByEmail: number): CodeRefusal | null {
  if (row.email && row.email !== email.toLowerCase()) return { reason: "other_email" };
  if (row.maxUsesPerEmail != null && usesByEmail >= row.maxUsesPerEmail) return { reason: "used_by_email" };
  return null;
}

/** How many orders `email` placed with the code the cart holds (not cancelled; none: 0): read in the checkout's own trip. */
export const usesByEmailOfCartCode = ({ db }: ShopDeps, cartId: string, email: string) =>
  db
    .select({ count: sql<number>`count(*)` })
    .from(t.discountCodeUses)
    .innerJoin(t.discountCodes, eq(t.discountCodes.id, t.discountCodeUses.codeId))
    .innerJoin(t.carts, eq(t.carts.discountCode, t.discountCodes.code))
    .where(and(eq(t.carts.id, cartId), eq(t.discountCodeUses.email, email.toLowerCase())));

/** The refusal as the shop's error, on the form's code field. */
export const codeRefused = (code: string, refusal: CodeRefusal) => {
  const message = refusalMessage(code, refusal);
  return invalidInput(message, [{ path: "discountCode", message }]);
};

/** A code as typed, checked for its shape and upper-cased; a malformed one is refused before D1 is asked. */
export function parseCode(input: unknown): string {
  const code = typeof input === "string" ? input.trim() : "";
  if (!CODE_PATTERN.test(code)) throw invalidInput(CODE_FORMAT_MESSAGE, [{ path: "discountCode", message: CODE_FORMAT_MESSAGE }]);
  return normalizeCode(code);
}

/** The cart's code set to `code` (null removes it); the cart's row is made if the visitor has none yet. */
export const setCartCode = ({ db }: ShopDeps, cartId: string, code: string | null) =>
  db
    .insert(t.carts)
    .values({ id: cartId, discountCode: code })
    .onConflictDoUpdate({ target: t.carts.id, set: { discountCode: code } });

/** The row of a code, by its text (any case). */
export const codeRowQuery = ({ db }: ShopDeps, code: string) =>
  db
    .select()
    .from(t.discountCodes)
    .where(eq(t.discountCodes.code, normalizeCode(code)));
