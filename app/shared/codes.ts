/**
 * Discount codes as the shopper meets them (docs/decisions/0025): what a code may look like,
 * and every reason one is refused, in the shop's words, each saying what to do. The pages,
 * the API and UCP all refuse with these words; pricing itself is `priceCart` in money.ts.
 */
import { formatPrice } from "./money";

/** Letters, digits and hyphens, 3 to 24 of them; matched without regard to case. */
export const CODE_PATTERN = /^[A-Za-z0-9-]{3,24}$/;
export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 24;

/** How a code is kept and shown: trimmed, upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export const CODE_FORMAT_MESSAGE = "A discount code is 3 to 24 letters, digits or hyphens. Check the code and try again.";

/** Why a code does not take anything off this order. */
export type CodeRefusal =
  | { reason: "unknown" }
  | { reason: "not_started"; startsAt: string }
  | { reason: "ended" }
  | { reason: "paused" }
  | { reason: "minimum"; missing: number }
  | { reason: "used_up" }
  | { reason: "used_by_email" }
  | { reason: "other_email" }
  | { reason: "no_items" };

export type CodeRefusalReason = CodeRefusal["reason"];

const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The refusal in the shop's words, naming the code and what to do about it. */
export function refusalMessage(code: string, refusal: CodeRefusal): string {
  switch (refusal.reason) {
    case "unknown":
      return `We don't know the code ${code}. Check its spelling, or shop without one.`;
    case "not_started":
      return `${code} starts on ${day.format(new Date(refusal.startsAt))}. Use it from then, or remove it.`;
    case "ended":
      return `${code} has ended. Remove it to pay the full price, or use another code.`;
    case "paused":
      return `${code} is not available right now. Remove it to pay the full price, or use another code.`;
    case "minimum":
      return `Add ${formatPrice(refusal.missing)} more to use ${code}.`;
    case "used_up":
      return `${code} has been used up. Remove it to pay the full price, or use another code.`;
    case "used_by_email":
      return `${code} was already used with this email address. Remove it, or use another code.`;
    case "other_email":
      return `${code} belongs to the email address it was sent to. Check out with that address, or remove the code.`;
    case "no_items":
      return `${code} applies to none of the items in your cart. Add an item it covers, or remove it.`;
  }
}

/** Too many codes tried from one address (the abuse limits' `discount` row). */
export const CODE_ATTEMPTS_MESSAGE = "Too many codes tried. Please wait a minute and try again.";

/** The checkout's code is no longer the one its page showed (changed in another tab). */
export const CODE_CHANGED_MESSAGE = "Your discount code changed since this page was shown. Please review your total and pay again.";
