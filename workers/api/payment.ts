import { Hono } from "hono";
import { PaymentIntentSchema } from "../../app/lib/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { readBody } from "./http";

/** The demo payment: prices the cart on the server and records an order. Nothing is charged. */
export const paymentApi = new Hono<AppEnv>().post("/create-payment-intent", limitWrites("checkout"), async (c) => {
  const { customerEmail } = await readBody(c, PaymentIntentSchema);
  return c.json(await c.var.shop.checkout.createPaymentIntent(customerEmail));
});
