import { Hono } from "hono";
import { AddToCartSchema, UpdateCartLineSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { pathId, readBody } from "./http";

export const cartApi = new Hono<AppEnv>()
  .use(limitWrites("cart"))
  .get("/", async (c) => c.json(await c.var.shop.cart.listCart()))
  .post("/", async (c) => {
    const { productId, quantity, variantId } = await readBody(c, AddToCartSchema);
    return c.json(await c.var.shop.cart.addToCart(productId, quantity, variantId));
  })
  .delete("/", async (c) => c.json(await c.var.shop.cart.clearCart()))
  .get("/recommended-bundles", async (c) => c.json(await c.var.shop.catalog.listBundles()))
  .post("/add-bundle/:bundleId", async (c) => {
    return c.json(await c.var.shop.cart.addBundleToCart(pathId(c, "bundleId", "Bundle")));
  })
  .patch("/:id", async (c) => {
    const lineId = pathId(c, "id", "Cart line");
    const { quantity, variantId } = await readBody(c, UpdateCartLineSchema);
    if (variantId !== undefined) await c.var.shop.cart.setLineVariant(lineId, variantId);
    return c.json(quantity === undefined ? await c.var.shop.cart.listCart() : await c.var.shop.cart.setLineQuantity(lineId, quantity));
  })
  .delete("/:id", async (c) => c.json(await c.var.shop.cart.removeLine(pathId(c, "id", "Cart line"))));
