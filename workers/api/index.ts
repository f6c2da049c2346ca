/**
 * The JSON API at /api: one router per resource, the catalog's reads cached under the catalog
 * version (the bundles list for the spec's 10 s, the rest for a minute), every failure
 * in the contract's error shape, and no route of it ever falling through to the pages.
 */
import { Hono } from "hono";
import { catalogCache } from "../edge/catalog-cache";
import { jsonError } from "../edge/errors";
import type { AppEnv } from "../request-context";
import { affiliatesApi, creatorsApi } from "./applications";
import { cartApi } from "./cart";
import { healthApi } from "./health";
import { apiError } from "./http";
import { paymentApi } from "./payment";
import { categoriesApi, productsApi } from "./products";
import { recommendationsApi } from "./recommendations";

export function createApi({ buildId }: { buildId: string }) {
  const api = new Hono<AppEnv>();
  for (const path of ["/products", "/products/:slug", "/categories", "/creators"]) api.get(path, catalogCache(60));
  api.get("/cart/recommended-bundles", catalogCache(10));
  api
    .route("/health", healthApi(buildId))
    .route("/products", productsApi)
    .route("/categories", categoriesApi)
    .route("/cart", cartApi)
    .route("/recommendations", recommendationsApi)
    .route("/affiliates", affiliatesApi)
    .route("/creators", creatorsApi)
    .route("/payment", paymentApi)
    // A mounted app's notFound is not used by its parent: an unknown /api path ends here.
    .all("*", (c) => jsonError(c, 404, "There is no such API route."));
  api.onError(apiError);
  return api;
}
