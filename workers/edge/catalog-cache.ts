/**
 * Answers made only of the catalog shown (the catalog API's reads, the Merchant Center feed,
 * /llms.txt), cached in the Workers Cache API (Hono's cache middleware) under the catalog
 * version, so a catalog change is a new key and nothing needs purging; a hit makes no D1
 * round trip (docs/decisions/0013).
 *
 * In front of the Cache API, each isolate keeps the answers it gave lately (IsolateMemory, as
 * the page cache does): a repeat costs no cache read. Profiled against a Worker that only
 * returns a kept copy of the same bytes, the Cache API's read and its stream were over half
 * of a hit's time on `GET /api/products` (docs/decisions/0033).
 */
import type { Context, MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import type { AppEnv } from "../request-context";
import { IsolateMemory } from "./isolate-memory";

/** An answer as kept in memory: its bytes, status and headers. */
type Kept = { body: ArrayBuffer; status: number; headers: [string, string][] };

/** The catalog answers this isolate gave last, one per URL and catalog version (the largest, every product, about 22 KB). */
const memory = new IsolateMemory<Kept>(64);
/** Larger answers are left to the Cache API alone: a search's every result is bounded by the catalog, this is a guard. */
const MAX_KEPT_BYTES = 256 * 1024;

/** Whether an answer may be kept for everyone: what Hono's cache middleware would store too (a 200, nothing per visitor). */
function shareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(response.headers.get("Cache-Control") ?? "")) return false;
  return !(response.headers.get("Vary") ?? "").includes("*");
}

/** Cached for `maxAge` seconds by anyone (the answer is the same for every visitor), under the URL at the catalog version shown. */
export const catalogCache = (maxAge: number): MiddlewareHandler<AppEnv> => {
  const shared = cache({
    cacheName: "catalog-api",
    cacheControl: `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=600`,
    keyGenerator: (c) => (c as Context<AppEnv>).var.catalogKey!,
    onCacheNotAvailable: false,
  });
  return async (c, next) => {
    const key = `v${await c.var.shop.catalog.shownCatalogKey()}:${c.req.url}`;
    c.set("catalogKey", key);
    const kept = c.req.method === "GET" ? memory.get(key) : undefined;
    if (kept && kept.age < maxAge) {
      const headers = new Headers(kept.value.headers);
      headers.set("Age", String(Math.floor(kept.age)));
      c.res = new Response(kept.value.body, { status: kept.value.status, headers });
      return;
    }
    // Hono's middleware returns a Cache API hit rather than setting it on the context.
    const sharedHit = await shared(c, next);
    if (sharedHit) c.res = sharedHit;
    if (c.req.method !== "GET" || !shareable(c.res)) return;
    const body = await c.res.clone().arrayBuffer();
    if (body.byteLength > MAX_KEPT_BYTES) return;
    const headers = [...c.res.headers].filter(([name]) => name !== "age" && name !== "cf-cache-status" && name !== "content-length");
    // A Cache API hit is as old as its Age says: it leaves memory when the Cache API's copy would go stale.
    const age = Number(c.res.headers.get("Age") ?? 0) || 0;
    memory.set(key, { body, status: c.res.status, headers }, Date.now() - age * 1000);
  };
};
