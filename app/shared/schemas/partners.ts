/**
 * A partner's sign-in (/login) and their own page (/partner).
 */
import * as v from "valibot";
import { PAYMENT_METHODS } from "../constants";
import { choice, email, text } from "./fields";

// ---------------------------------------------------------------- partners' sign-in and page

const SIGN_IN_EMAIL_MESSAGE = "Please enter a valid email address";
export const SIGN_IN_CODE_MESSAGE = "Please enter the 6-digit code from the email.";

/** A partner asks for a sign-in link and code (/login). */
export const PartnerSignInEmailSchema = v.object({
  intent: v.literal("email"),
  email: email(SIGN_IN_EMAIL_MESSAGE),
});

/** A partner types the code from the email, with their email (spaces in the code are dropped). */
export const PartnerSignInCodeSchema = v.object({
  intent: v.literal("code"),
  email: email(SIGN_IN_EMAIL_MESSAGE),
  code: v.optional(
    v.pipe(
      v.string(SIGN_IN_CODE_MESSAGE),
      v.transform((code) => code.replace(/\s+/g, "")),
      v.regex(/^\d{6}$/, SIGN_IN_CODE_MESSAGE),
    ),
    "",
  ),
});

/** /login's two forms, told apart by their `intent`. */
export const PartnerSignInSchema = v.variant("intent", [PartnerSignInEmailSchema, PartnerSignInCodeSchema]);

/** How a partner is paid, set on their page: the creator application's rule for method and account. */
export const PartnerPayoutSchema = v.object({
  intent: v.literal("payout"),
  method: choice(PAYMENT_METHODS, "Please choose PayPal, bank transfer or crypto."),
  details: text(3, "Please provide your payment account details", 500),
});

/** The partner page's two forms: the payout method, and signing out. */
export const PartnerPageSchema = v.variant("intent", [PartnerPayoutSchema, v.object({ intent: v.literal("sign-out") })]);
