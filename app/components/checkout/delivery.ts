/**
 * How the checkout form tells the action that the cart holds only downloads (nothing to
 * ship, so no address): a hidden field, read by the form's schema on the server
 * (app/routes/checkout.server.ts) and written by the form (CheckoutForm.tsx).
 */
import type { CartLine } from "~/lib/types";

export const DELIVERY_FIELD = "delivery";
export const DOWNLOAD_ONLY = "download";

/** A cart whose every line is a download checks out without a shipping address. */
export const downloadsOnly = (lines: CartLine[]) => lines.length > 0 && lines.every((line) => line.digital);
