/** What the partners' sign-in and page say, shared by their forms (browser) and actions (server). */
import { EMAILS } from "~/shared/contact";
import { SIGN_IN_MINUTES } from "~/shared/partners";

/** The one answer to asking for a sign-in, a partner's email or not. */
export const SIGN_IN_SENT = `If that email belongs to a partner, we've sent a sign-in link and a 6-digit code. Both work once, for ${SIGN_IN_MINUTES} minutes.`;
/** The one answer to a code that does not sign in, whatever the reason. */
export const CODE_REFUSED = `That code doesn't sign you in: it may be mistyped, used, more than ${SIGN_IN_MINUTES} minutes old or from an older email, or it was tried too often. Ask for a new one below.`;
export const SIGN_IN_CLOSED = `Partner sign-in isn't open on this shop just now. Questions? Write to ${EMAILS.affiliates}.`;
export const SIGN_IN_FAILED = "Sorry, we couldn't sign you in just now. Please try again.";
export const PAYOUT_SAVED = "Saved. Payouts go to this account from the next run on.";

/** Where a signed-in partner goes, and where anyone else is sent from it. */
export const PARTNER_PAGE = "/partner";
export const SIGN_IN_PAGE = "/login";
/** Where signing out leads: /login, saying so. */
export const SIGNED_OUT_PAGE = `${SIGN_IN_PAGE}?step=signed-out`;
