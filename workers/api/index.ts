/**
 * The JSON API at /api: one router per resource, the catalog's reads cached, every failure
 * in the contract's error shape, and no route of it ever falling through to the pages.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import { jsonError } from "../edge/errors";
import type { AppEnv } from "../request-context";
import { affiliatesApi, creatorsApi } from "./applications";
import { cartApi } from "./cart";
import { healthApi } from "./health";
import { apiError } from "./http";
import { paymentApi } from "./payment";
import { categoriesApi, productsApi } from "./products";
import { recommendationsApi } from "./recommendations";

/**
 * Catalog reads, cached in the Workers Cache API (Hono's cache middleware) under the
 * catalog version, so a catalog change is a new key and nothing needs purging. The bundles
 * list is the spec's "cached 10 s"; the rest may be shared for a minute.
 */
const catalogCache = (maxAge: number): MiddlewareHandler<AppEnv> => {
  const shared = cache({
    cacheName: "catalog-api",
    cacheControl: `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=600`,
    keyGenerator: (c) => (c as Context<AppEnv>).var.catalogKey!,
    onCacheNotAvailable: false,
  });
  return async (c, next) => {
    c.set("catalogKey", `v${await c.var.shop.catalog.shownCatalogKey()}:${c.req.url}`);
    // Hono's middleware returns a Cache API hit rather than setting it on the context.
    const sharedHit = await shared(c, next);
    if (sharedHit) c.res = sharedHit;
  };
};

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
