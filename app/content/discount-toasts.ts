/**
 * The discount code's words (issue 33; the spec has no codes): its toasts with JavaScript,
 * and its failures with or without. A module of their own: only the discount code's lazily
 * loaded block and its action read them, so they stay out of every page's first download.
 */
import { ERROR, type ToastWords } from "./cart-toasts";

export const DISCOUNT = {
  applied: (code: string): ToastWords => ({ title: "Discount code applied", description: `${code} is taken off your order.` }),
  removed: (code: string): ToastWords => ({ title: "Discount code removed", description: `${code} no longer applies to your order.` }),
  applyFailed: { title: ERROR, description: "Failed to apply the discount code. Please try again." },
  removeFailed: { title: ERROR, description: "Failed to remove the discount code. Please try again." },
} as const;
