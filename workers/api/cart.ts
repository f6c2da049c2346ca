import { Hono } from "hono";
import * as v from "valibot";
import { refusalMessage } from "../../app/shared/codes";
import { isShopError, ShopError } from "../../app/shared/errors";
import { discountLabel } from "../../app/shared/money";
import { AddToCartSchema, UpdateCartLineSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import type { PricedCart } from "../shop";
import { pathId, readBody } from "./http";

/** `POST /api/cart/discount`'s body: the code as typed (the shop checks its shape, as the pages' field does). */
const DiscountCodeBody = v.object({ code: v.optional(v.unknown()) });

/**
 * The cart's figures as the API answers them, in cents like every price of the API: the
 * subtotal, what bundle sets save, the code the cart holds (`discounts`: its "Discount
 * (SAVE10)" label and what it takes off, or 0 and why not), the 8% tax and the total charged.
 * The spec's cart calls answer a bare list of lines, so these ride on the calls added beside
 * them: `GET /api/cart/totals`, and the code's own `POST` and `DELETE /api/cart/discount`.
 */
export function cartTotals({ totals, code }: PricedCart) {
  return {
    subtotal: totals.subtotal,
    bundleSavings: totals.bundleSavings,
    discounts: code
      ? [{ code: code.code, label: discountLabel(code.code), amount: totals.discount, message: code.refusal && refusalMessage(code.code, code.refusal) }]
      : [],
    shipping: totals.shipping,
    tax: totals.tax,
    total: totals.total,
  };
}

/** The shop names the code's field `discountCode` (the pages' field); the API's body names it `code`. */
async function onCodeField<T>(applying: Promise<T>): Promise<T> {
  try {
    return await applying;
  } catch (failure) {
    if (!isShopError(failure)) throw failure;
    throw new ShopError(
      failure.kind,
      failure.message,
      failure.issues.map((issue) => (issue.path === "discountCode" ? { ...issue, path: "code" } : issue)),
    );
  }
}

/** A code's answer: the cart's lines as `GET /api/cart` lists them, and its totals. */
const cartWithTotals = (cart: PricedCart) => ({ items: cart.lines, totals: cartTotals(cart) });

export const cartApi = new Hono<AppEnv>()
  .use(limitWrites("cart"))
  .get("/", async (c) => c.json(await c.var.shop.cart.listCart()))
  .post("/", async (c) => {
    const { productId, quantity, variantId } = await readBody(c, AddToCartSchema);
    return c.json(await c.var.shop.cart.addToCart(productId, quantity, variantId));
  })
  .delete("/", async (c) => c.json(await c.var.shop.cart.clearCart()))
  .get("/recommended-bundles", async (c) => c.json(await c.var.shop.catalog.listBundles()))
  .get("/totals", async (c) => c.json(cartTotals(await c.var.shop.cart.priced())))
  // One code per order: a code applied takes the place of the one the cart held. Refused: 400
  // with the refusal's words; tried too often from one address: 429 (the `discount` limit).
  .post("/discount", async (c) => {
    const { code } = await readBody(c, DiscountCodeBody);
    return c.json(cartWithTotals(await onCodeField(c.var.shop.cart.applyDiscountCode(code))));
  })
  .post("/add-bundle/:bundleId", async (c) => {
    return c.json(await c.var.shop.cart.addBundleToCart(pathId(c, "bundleId", "Bundle")));
  })
  .patch("/:id", async (c) => {
    const lineId = pathId(c, "id", "Cart line");
    const { quantity, variantId } = await readBody(c, UpdateCartLineSchema);
    if (variantId !== undefined) await c.var.shop.cart.setLineVariant(lineId, variantId);
    return c.json(quantity === undefined ? await c.var.shop.cart.listCart() : await c.var.shop.cart.setLineQuantity(lineId, quantity));
  })
  // DELETE /api/cart/discount (no code) shares this pattern: a static path beside `/:id` for one
  // method makes Hono give up its RegExpRouter for the slower TrieRouter (edge.test.ts, routing).
  .delete("/:id", async (c) =>
    c.req.param("id") === "discount"
      ? c.json(cartWithTotals(await c.var.shop.cart.removeDiscountCode()))
      : c.json(await c.var.shop.cart.removeLine(pathId(c, "id", "Cart line"))),
  );
