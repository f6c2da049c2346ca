/**
 * A full-page cache in the Worker. Cloudflare's CDN does not cache a Worker's own
 * responses, so the Worker keeps rendered catalog and information pages in the Cache API
 * itself, keyed by URL and catalog version: a catalog change (which bumps the version)
 * is served on the next request, and an unchanged catalog is rendered once a minute at
 * most, refreshed in the background (stale-while-revalidate) for ten minutes more.
 *
 * A cached page is shared by everyone, so it is always rendered as an anonymous visitor
 * (no cookie) and kept as a template: what belongs to the visitor is filled in per request
 * without re-rendering, a fresh CSP nonce on every script and the header's cart count.
 * Pages that depend on the visitor (cart, checkout, form results) are never cached.
 */
import { capCount } from "../app/lib/constants";
import { IsolateMemory } from "./isolate-memory";
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
  /** The visitor's own shop (for the cart count). */
  shop: Shop;
  /** Builds a shop for anonymous renders: only a cacheable page needs one. */
  anonymousShop: () => Shop;
  /** This response's CSP nonce, written onto every script of the page. */
  cspNonce: string;
  render: PageRender;
  ctx: ExecutionContext;
  cache?: Cache;
};

/**
 * What a page is kept as: its HTML cut at the places that differ per visitor (the slots),
 * so serving it is a copy of bytes, not a parse. The parts are kept UTF-8 encoded, so only
 * the few bytes of the slots are encoded per request. `parts` has one more entry than `slots`.
 */
type PageTemplate = { parts: Uint8Array[]; slots: Slot[]; headers: [string, string][]; cachedAt: number };
type Slot = "nonce" | "cartLabel" | "cartCount" | "cartText";
type Personal = { count: number; cspNonce: string };

const SLOT_MARK = "X-Page-Slot-Mark";
const SLOT_CODES: Record<string, Slot> = { n: "nonce", l: "cartLabel", t: "cartText" };

const FILL: Record<Slot, (personal: Personal) => string> = {
  nonce: ({ cspNonce }) => cspNonce,
  cartLabel: ({ count }) => `Cart, ${count} ${count === 1 ? "item" : "items"}`,
  cartCount: ({ count }) => `data-cart-count="${count}"${count > 0 ? "" : " hidden"}`,
  cartText: ({ count }) => capCount(count),
};

const utf8 = new TextEncoder();

/** The pages this isolate served last (about 60 KB each at most). */
const memory = new IsolateMemory<PageTemplate>(64);
/** Stale pages this isolate is rendering again: one background render per page at a time. */
const refreshing = new Set<string>();
/** Headers of a stored page that say how it was stored, not what it is. */
const STORAGE_HEADERS = new Set(["content-length", "cache-control", "age", "cf-cache-status", CACHED_AT.toLowerCase(), SLOT_MARK.toLowerCase()]);

/** Serves a page from the cache (rendering and storing it on a miss), personalised. */
export async function servePage({ request, buildId, shop, anonymousShop: makeAnonymousShop, cspNonce, render, ctx, cache = defaultCache() }: PageCacheArgs) {
  const page = cacheablePage(request);
  if (!page) return null;
  const anonymousShop = makeAnonymousShop();
  const [version, count] = await Promise.all([anonymousShop.catalog.catalogVersion(), shop.cart.cartItemCount()]);
  const key = pageCacheKey(request, page, buildId, version);
  const visitor = shop.visitor.existingId !== null;

  const renderAnonymously = async (): Promise<PageTemplate | null> => {
    const mark = `rdslot${randomHex()}`;
    const anonymous = new Request(request.url, { method: "GET", headers: withoutCookies(request.headers) });
    const response = await render(anonymous, anonymousShop, `${mark}n`);
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    const html = await markCart(response, mark).text();
    const template = parseTemplate(html, mark, response.headers, Date.now());
    memory.set(key, template, template.cachedAt);
    const stored = new Response(html, { headers: response.headers });
    stored.headers.set(CACHED_AT, String(template.cachedAt));
    stored.headers.set(SLOT_MARK, mark);
    stored.headers.set("Cache-Control", `public, max-age=${PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS}`);
    ctx.waitUntil(cache.put(key, stored));
    return template;
  };

  const found = memory.get(key)?.value ?? (await fromCache(cache, key));
  const age = found ? (Date.now() - found.cachedAt) / 1000 : Infinity;
  if (found && age <= PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS) {
    if (age > PAGE_FRESH_SECONDS && !refreshing.has(key)) {
      refreshing.add(key);
      ctx.waitUntil(
        renderAnonymously()
          .catch(() => undefined)
          .finally(() => refreshing.delete(key)),
      );
    }
    return personalise(found, { count, cspNonce }, { visitor, hit: true });
  }
  memory.delete(key);
  const rendered = await renderAnonymously();
  // An error or a redirect is not stored: the normal render answers it.
  return rendered && personalise(rendered, { count, cspNonce }, { visitor, hit: false });
}

/** A page another request of this isolate (or another isolate) stored in the Cache API. */
async function fromCache(cache: Cache, key: string): Promise<PageTemplate | undefined> {
  const stored = await cache.match(key);
  const mark = stored?.headers.get(SLOT_MARK);
  if (!stored || !mark) return undefined;
  const template = parseTemplate(await stored.text(), mark, stored.headers, Number(stored.headers.get(CACHED_AT) ?? 0));
  memory.set(key, template, template.cachedAt);
  return template;
}

/** Workers' `caches.default` (the DOM typings of the app's browser code hide it). */
const defaultCache = () => (caches as unknown as { default: Cache }).default;

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Cookie");
  return copy;
}

/** A fresh mark per render, so no page text can ever pass for a slot. */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Marks the header's cart link and badge (the data-cart-* attributes the Header component
 * renders) as slots, once, when the page is stored. The scripts' nonce is a slot already:
 * the page was rendered with the mark as its nonce.
 */
function markCart(page: Response, mark: string): Response {
  return new HTMLRewriter()
    .on("[data-cart-link]", { element: (el) => void el.setAttribute("aria-label", `${mark}l`) })
    .on("[data-cart-count]", {
      element: (el) => {
        el.setAttribute("data-cart-count", `${mark}c`);
        el.removeAttribute("hidden");
        el.setInnerContent(`${mark}t`);
      },
    })
    .transform(page);
}

/** Cuts a stored page at its slots (the marks of `markCart` and the nonce). */
function parseTemplate(html: string, mark: string, headers: Headers, cachedAt: number): PageTemplate {
  const parts: Uint8Array[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const match of html.matchAll(new RegExp(`data-cart-count="${mark}c"|${mark}([nlt])`, "g"))) {
    parts.push(utf8.encode(html.slice(from, match.index)));
    slots.push(SLOT_CODES[match[1] ?? ""] ?? "cartCount");
    from = match.index + match[0].length;
  }
  parts.push(utf8.encode(html.slice(from)));
  const kept = [...headers].filter(([name]) => !STORAGE_HEADERS.has(name.toLowerCase()));
  return { parts, slots, headers: kept, cachedAt };
}

/**
 * A shared page made this visitor's: this response's nonce on every script, and the
 * header's cart link and badge with their count (so visitors without JavaScript see it too).
 */
function personalise(template: PageTemplate, personal: Personal, { visitor, hit }: { visitor: boolean; hit: boolean }) {
  const pieces = template.parts.flatMap((part, i) => {
    const slot = template.slots[i];
    return slot ? [part, utf8.encode(FILL[slot](personal))] : [part];
  });
  const body = new Uint8Array(pieces.reduce((length, piece) => length + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    body.set(piece, at);
    at += piece.length;
  }
  const response = new Response(body, { headers: template.headers });
  // With a cart count in it, the page is this visitor's own; without a session it is shared.
  response.headers.set(
    "Cache-Control",
    visitor ? "private, no-cache" : `public, max-age=0, s-maxage=${PAGE_FRESH_SECONDS}, stale-while-revalidate=${PAGE_STALE_SECONDS}`,
  );
  response.headers.set("Vary", "Cookie");
  response.headers.set("X-Page-Cache", hit ? "HIT" : "MISS");
  return response;
}
