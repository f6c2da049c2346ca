/**
 * What a shopper sends: a cart's changes, a reaction, the checkout and the payment intent.
 */
import * as v from "valibot";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, REACTION_EMOJIS } from "../constants";
import { choice, email, text } from "./fields";

// ---------------------------------------------------------------- cart

const quantityMessage = `Quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}.`;
const quantity = v.pipe(
  v.number(quantityMessage),
  v.integer(quantityMessage),
  v.minValue(MIN_LINE_QUANTITY, quantityMessage),
  v.maxValue(MAX_LINE_QUANTITY, quantityMessage),
);

const id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31, message));

export const AddToCartSchema = v.object({
  productId: id("Please choose a product to add."),
  quantity: v.optional(quantity, 1),
  /** The size and colour chosen; without it, a product with options is added with its size still to choose. */
  variantId: v.optional(id("Please choose a size and colour.")),
});

/** A line's new quantity, or its new variant (a size changed in the cart), or both: without a variant, the quantity is required. */
export const UpdateCartLineSchema = v.pipe(
  v.object({ quantity: v.optional(quantity), variantId: v.optional(id("Please choose a size and colour.")) }),
  v.forward(
    v.check((line) => line.quantity !== undefined || line.variantId !== undefined, quantityMessage),
    ["quantity"],
  ),
);

export const ReactionSchema = v.object({
  emoji: choice(REACTION_EMOJIS, "Please choose one of the six reactions."),
});

// ---------------------------------------------------------------- checkout

/**
 * The key a checkout's form carries, made when the page renders (a random UUID): a
 * repeated submission of the same checkout answers with the same order. The payment
 * intent sends it as its `Idempotency-Key` header.
 */
export const CHECKOUT_KEY_MESSAGE = "This checkout has expired. Please reload the page and try again.";
export const CheckoutKeySchema = v.pipe(v.string(CHECKOUT_KEY_MESSAGE), v.regex(/^[A-Za-z0-9_-]{16,64}$/, CHECKOUT_KEY_MESSAGE));

export const CheckoutSchema = v.object({
  email: email("Please enter a valid email address"),
  firstName: text(2, "First name is required", 100),
  lastName: text(2, "Last name is required", 100),
  address: text(5, "Address is required", 200),
  city: text(2, "City is required", 100),
  state: text(2, "State is required", 100),
  zipCode: text(5, "ZIP code is required", 20),
  // The form prefills DEFAULT_COUNTRY; an emptied field is a missing country, not a default.
  country: text(2, "Country is required", 100),
  /** Checked here, with or without JavaScript, and never stored (placeOrder drops it). */
  cardholderName: text(3, "Cardholder name is required", 120),
  checkoutKey: v.optional(CheckoutKeySchema),
  /**
   * The discount code the checkout page showed ("" for none): placing refuses when the cart
   * holds another by then (changed in another tab), so what is charged is what was shown.
   * Absent (the API, UCP): not checked.
   */
  codeShown: v.optional(v.pipe(v.string(), v.maxLength(24))),
});

/**
 * The checkout of a cart that holds only downloads: nothing is shipped, so no address is
 * asked for (contract, "Variants, stock and downloads").
 */
export const DigitalCheckoutSchema = v.object({
  email: CheckoutSchema.entries.email,
  cardholderName: CheckoutSchema.entries.cardholderName,
  checkoutKey: CheckoutSchema.entries.checkoutKey,
  codeShown: CheckoutSchema.entries.codeShown,
});

export const PaymentIntentSchema = v.object({
  customerEmail: email("Please enter a valid email address"),
});

export type AddToCartInput = v.InferOutput<typeof AddToCartSchema>;
export type CheckoutInput = v.InferOutput<typeof CheckoutSchema>;
export type DigitalCheckoutInput = v.InferOutput<typeof DigitalCheckoutSchema>;
