/**
 * A full-page cache in the Worker. Cloudflare's CDN does not cache a Worker's own
 * responses, so the Worker keeps rendered catalog and information pages in the Cache API
 * itself, keyed by URL and catalog version: a catalog change (which bumps the version)
 * is served on the next request, and an unchanged catalog is rendered once a minute at
 * most, refreshed in the background (stale-while-revalidate) for ten minutes more.
 *
 * A cached page is shared by everyone, so it is always rendered as an anonymous visitor
 * (no cookie) and what belongs to the visitor is filled in per request while streaming,
 * without re-rendering: a fresh CSP nonce on every script and the header's cart count.
 * Pages that depend on the visitor (cart, checkout, form results) are never cached.
 */
import { capCount } from "../app/lib/constants";
import type { Shop } from "./shop";

export const PAGE_FRESH_SECONDS = 60;
export const PAGE_STALE_SECONDS = 600;
const CACHED_AT = "X-Page-Cached-At";

/** Cacheable paths and the query parameters that select what they show. */
const CACHEABLE: { path: RegExp; params: string[] }[] = [
  { path: /^\/$/, params: ["apparel"] },
  { path: /^\/products$/, params: ["search", "categoryId"] },
  { path: /^\/products\/[a-z0-9-]{1,100}$/, params: [] },
  { path: /^\/apparel$/, params: ["category"] },
  {
    path: /^\/(affiliate|creators|vendor-application|community|entertainment|employee-benefits|staff-portal|login|about|contact|faq|shipping|returns|privacy|terms|accessibility)$/,
    params: ["tab"],
  },
];

/**
 * What a document request is cached as — its path and the query parameters that select
 * what it shows, in a fixed order — or null when the page must be rendered for this
 * request alone: another method, a data request, or a query parameter the page does not
 * know (a form result, a tracking tag), so no visitor-specific variant is ever stored.
 */
export function cacheablePage(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const rule = CACHEABLE.find((r) => r.path.test(url.pathname));
  if (!rule) return null;
  const params = [...url.searchParams.entries()];
  if (params.some(([name]) => !rule.params.includes(name))) return null;
  params.sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The Cache API key of a cacheable page for one build of the shop at one catalog version:
 * a deploy must never serve pages that point at the previous build's script files.
 */
export const pageCacheKey = (request: Request, page: string, buildId: string, catalogVersion: number) =>
  `${new URL(request.url).origin}/__page-cache/${buildId}/v${catalogVersion}${page}`;

export type PageRender = (anonymousRequest: Request, shop: Shop, cspNonce: string) => Promise<Response>;

type PageCacheArgs = {
  request: Request;
  /** Which build rendered the pages (their script URLs change with it). */
  buildId: string;
  /** The visitor's own shop (for the cart count) and one for anonymous renders. */
  shop: Shop;
  anonymousShop: Shop;
  /** This response's CSP nonce, written onto every script of the page. */
  cspNonce: string;
  render: PageRender;
  ctx: ExecutionContext;
  cache?: Cache;
};

/** Serves a page from the cache (rendering and storing it on a miss), personalised. */
export async function servePage({ request, buildId, shop, anonymousShop, cspNonce, render, ctx, cache = defaultCache() }: PageCacheArgs) {
  const page = cacheablePage(request);
  if (!page) return null;
  const key = pageCacheKey(request, page, buildId, await anonymousShop.catalog.catalogVersion());
  const renderAnonymously = async () => {
    const anonymous = new Request(request.url, { method: "GET", headers: withoutCookies(request.headers) });
    const response = await render(anonymous, anonymousShop, randomNonce());
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return { response, stored: false };
    const copy = new Response(response.body, response);
    copy.headers.set(CACHED_AT, String(Date.now()));
    copy.headers.set("Cache-Control", `public, max-age=${PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS}`);
    await cache.put(key, copy.clone());
    return { response: copy, stored: true };
  };

  let cached = await cache.match(key);
  const hit = cached !== undefined;
  if (cached) {
    const age = (Date.now() - Number(cached.headers.get(CACHED_AT) ?? 0)) / 1000;
    if (age > PAGE_FRESH_SECONDS) ctx.waitUntil(renderAnonymously().catch(() => undefined));
  } else {
    const rendered = await renderAnonymously();
    if (!rendered.stored) return null; // an error or a redirect: let the normal render answer
    cached = rendered.response;
  }
  const count = await shop.cart.cartItemCount();
  return personalise(cached, { count, cspNonce, visitor: shop.visitor.existingId !== null, hit });
}

/** Workers' `caches.default` (the DOM typings of the app's browser code hide it). */
const defaultCache = () => (caches as unknown as { default: Cache }).default;

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Cookie");
  return copy;
}

function randomNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}


/**
 * Rewrites a shared page for one visitor while it streams: every script gets this
 * response's nonce, and the header's cart link and badge (marked with data-cart-*
 * attributes by the Header component) show this visitor's count.
 */
function personalise(
  page: Response,
  { count, cspNonce, visitor, hit }: { count: number; cspNonce: string; visitor: boolean; hit: boolean },
) {
  const label = `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  const rewritten = new HTMLRewriter()
    .on("script[nonce]", { element: (el) => void el.setAttribute("nonce", cspNonce) })
    .on("[data-cart-link]", { element: (el) => void el.setAttribute("aria-label", label) })
    .on("[data-cart-count]", {
      element: (el) => {
        el.setAttribute("data-cart-count", String(count));
        el.setInnerContent(capCount(count));
        if (count > 0) el.removeAttribute("hidden");
        else el.setAttribute("hidden", "");
      },
    })
    .transform(page);
  const response = new Response(rewritten.body, rewritten);
  response.headers.delete(CACHED_AT);
  response.headers.delete("Content-Length");
  // With a cart count in it, the page is this visitor's own; without a session it is shared.
  response.headers.set(
    "Cache-Control",
    visitor ? "private, no-cache" : `public, max-age=0, s-maxage=${PAGE_FRESH_SECONDS}, stale-while-revalidate=${PAGE_STALE_SECONDS}`,
  );
  response.headers.set("Vary", "Cookie");
  response.headers.set("X-Page-Cache", hit ? "HIT" : "MISS");
  return response;
}
