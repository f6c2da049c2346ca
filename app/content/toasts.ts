/**
 * What the shop tells a visitor after an action (spec sections 4 and 8), in one place: with
 * JavaScript a toast says it (app/components/toast.tsx), without it the page writes the same
 * title and text in a banner (app/components/forms/ToastBanner.tsx). The cart's words are
 * in cart-toasts.ts: the cart lives on every page, the rest only where its form is.
 */
import { CART, ERROR, type ToastWords } from "./cart-toasts";

export { CART, type ToastWords };

const words = (title: string, description: string): ToastWords => ({ title, description });

export const APPLICATION_SUBMITTED = words("Application Submitted!", "We'll review your application and get back to you soon.");
export const APPLICATION_FAILED = words("Submission Failed", "There was an error submitting your application. Please try again.");

export const VENDOR_SUBMITTED = words("Application Submitted", "Thanks for applying. We'll review your application and contact you soon.");

/** The address is on the list once its owner confirms it: the email with the link is on its way (double opt-in). */
export const NEWSLETTER_SUBSCRIBED = words("Subscribed!", "Almost there: we've emailed you a link. Press the button on its page to confirm your address.");
export const NEWSLETTER_FAILED = words(ERROR, "Failed to subscribe. Please try again.");

export const PAYMENT_SUCCESSFUL = words("Payment Successful!", "Your order has been placed successfully.");
export const CHECKOUT_FAILED = words("Checkout Failed", "There was an error processing your payment. Please try again.");

/** The shopper cancels their order from its own page (app/routes/order.tsx). */
export const ORDER_CANCELLED = words("Order Cancelled", "Your order has been cancelled successfully.");
export const CANCEL_FAILED = words("Cancel Failed", "There was an error cancelling your order. Please try again.");

export const REACTION_THANKS = words("Thanks for your reaction!", "Your feedback helps others discover great products.");
export const REACTION_FAILED = words(ERROR, "Failed to record your reaction. Please try again.");

/** Every failure toast: an action's failure message is one of their texts. */
const FAILURES: readonly ToastWords[] = [
  APPLICATION_FAILED,
  NEWSLETTER_FAILED,
  CHECKOUT_FAILED,
  CANCEL_FAILED,
  CART.addFailed,
  CART.updateFailed,
  CART.removeFailed,
  CART.clearFailed,
  CART.bundleFailed,
  REACTION_FAILED,
];

/**
 * The failure toast whose text a page action answered (its form-level message), so that the
 * page without JavaScript says the toast's title too; undefined for any other message (a
 * field's, a refused request's).
 */
export const failureToast = (message: string | undefined): ToastWords | undefined =>
  message === undefined ? undefined : FAILURES.find((toast) => toast.description === message);
