/**
 * How a partner's link and payout account read wherever the shop shows them (the back office,
 * the payment run's CSV, the payout email): the link's path, the method's name, and the
 * account details masked but for their last 4 characters.
 */
import type * as t from "../../db/schema";

/** A partner's referral link's path: `/r/<handle>`. */
export const referralPath = (handle: string) => `/r/${handle}`;

export type PayoutMethod = NonNullable<(typeof t.partners.$inferSelect)["payoutMethod"]>;

export const PAYOUT_METHOD_NAMES: Record<PayoutMethod, string> = { paypal: "PayPal", bank: "bank transfer", crypto: "crypto" };

/** How many characters of an account's details are ever shown. */
export const SHOWN_CHARACTERS = 4;

/** The details' last 4 characters (none of a shorter text: it would be all of it). */
const lastCharacters = (details: string) => {
  const characters = [...details.trim()];
  return characters.length > SHOWN_CHARACTERS ? characters.slice(-SHOWN_CHARACTERS).join("") : "";
};

/** Account details masked but for their last 4 characters, the mask one length whatever theirs: `•••• 4321`. */
export const maskedDetails = (details: string | null) => (details ? `•••• ${lastCharacters(details)}`.trim() : "");
