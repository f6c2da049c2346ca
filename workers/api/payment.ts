import { Hono } from "hono";
import * as v from "valibot";
import { CheckoutKeySchema, PaymentIntentSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { parseInput, readBody } from "./http";

/** The checkout page sends its checkout key as `Idempotency-Key`; other callers may leave it out. */
const IdempotencyKey = v.object({ "Idempotency-Key": v.optional(CheckoutKeySchema) });

/**
 * The demo payment: prices the cart on the server into the checkout's order row, as an
 * intent. Nothing is charged. With the checkout's key, the intent and the order placed
 * after it are one row; without one, each call is a checkout of its own.
 */
export const paymentApi = new Hono<AppEnv>().post("/create-payment-intent", limitWrites("checkout"), async (c) => {
  const { customerEmail } = await readBody(c, PaymentIntentSchema);
  const { "Idempotency-Key": checkoutKey } = parseInput(IdempotencyKey, { "Idempotency-Key": c.req.header("Idempotency-Key") });
  return c.json(await c.var.shop.checkout.createPaymentIntent(customerEmail, checkoutKey));
});
