import { Hono } from "hono";
import { AddToCartSchema, UpdateCartLineSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { pathId, readBody } from "./http";

export const cartApi = new Hono<AppEnv>()
  .use(limitWrites("cart"))
  .get("/", async (c) => c.json(await c.var.shop.cart.listCart()))
  .post("/", async (c) => {
    const { productId, quantity } = await readBody(c, AddToCartSchema);
    return c.json(await c.var.shop.cart.addToCart(productId, quantity));
  })
  .delete("/", async (c) => c.json(await c.var.shop.cart.clearCart()))
  .get("/recommended-bundles", async (c) => c.json(await c.var.shop.catalog.listBundles()))
  .post("/add-bundle/:bundleId", async (c) => {
    return c.json(await c.var.shop.cart.addBundleToCart(pathId(c, "bundleId", "Bundle")));
  })
  .patch("/:id", async (c) => {
    const lineId = pathId(c, "id", "Cart line");
    const { quantity } = await readBody(c, UpdateCartLineSchema);
    return c.json(await c.var.shop.cart.setLineQuantity(lineId, quantity));
  })
  .delete("/:id", async (c) => c.json(await c.var.shop.cart.removeLine(pathId(c, "id", "Cart line"))));
