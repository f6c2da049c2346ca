/**
 * Answers made only of the catalog shown (the catalog API's reads, the Merchant Center feed,
 * /llms.txt), cached in the Workers Cache API (Hono's cache middleware) under the catalog
 * version, so a catalog change is a new key and nothing needs purging; a hit makes no D1
 * round trip (docs/decisions/0013).
 */
import type { Context, MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import type { AppEnv } from "../request-context";

/** Cached for `maxAge` seconds by anyone (the answer is the same for every visitor), under the URL at the catalog version shown. */
export const catalogCache = (maxAge: number): MiddlewareHandler<AppEnv> => {
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
