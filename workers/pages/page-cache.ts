/**
 * The full-page cache: a store of rendered pages kept as templates. Cloudflare's CDN does
 * not cache a Worker's own responses, so the Worker keeps pages that are the same for every
 * visitor (app/shared/site-pages.ts says which) in the Cache API, with this isolate's own copy
 * in front, keyed by URL, build and catalog version (docs/decisions/0011).
 *
 * A page is kept cut at the places that differ per response (the slots): the CSP nonce on
 * every script and the header's cart link and badge. `personalise` fills them in for one
 * response, so serving a kept page is a copy of bytes, not a render. Rendering a page that is
 * not kept is the pages handler's work (workers/pages/index.ts): this module never renders.
 */
import { CART_COUNT_ATTRIBUTE, CART_LINK_ATTRIBUTE, cartBadge } from "../../app/shared/cart-badge";
import { IsolateMemory } from "../edge/isolate-memory";

export const PAGE_FRESH_SECONDS = 60;
export const PAGE_STALE_SECONDS = 600;

/**
 * What a page is kept as: its HTML cut at its slots, UTF-8 encoded once, so only the few
 * bytes of the slots are encoded per response. `parts` has one more entry than `slots`.
 */
export type PageTemplate = { status: number; parts: Uint8Array[]; slots: Slot[]; headers: [string, string][]; cachedAt: number };
type Slot = "nonce" | "cartLabel" | "cartCount" | "cartText";
/** What a kept page is filled in with for one response. */
export type Personal = { cartCount: number; cspNonce: string };

const CACHED_AT = "X-Page-Cached-At";
const SLOT_MARK = "X-Page-Slot-Mark";
const SLOT_CODES: Record<string, Slot> = { n: "nonce", l: "cartLabel", c: "cartCount", t: "cartText" };

const SLOTS: readonly Slot[] = ["nonce", "cartLabel", "cartCount", "cartText"];

const FILL: Record<Slot, (personal: Personal) => string> = {
  nonce: ({ cspNonce }) => cspNonce,
  cartLabel: ({ cartCount }) => cartBadge(cartCount).label,
  // As React writes them: the count, then `hidden` when the cart is empty (the Header's order).
  cartCount: ({ cartCount }) => `${CART_COUNT_ATTRIBUTE}="${cartCount}"${cartBadge(cartCount).hidden ? ' hidden=""' : ""}`,
  cartText: ({ cartCount }) => cartBadge(cartCount).text,
};

const utf8 = new TextEncoder();

/** The pages this isolate served last (about 60 KB each at most). */
const memory = new IsolateMemory<PageTemplate>(64);
/** Headers of a stored page that say how it was stored, not what it is. */
const STORAGE_HEADERS = new Set(["content-length", "cache-control", "age", "cf-cache-status", CACHED_AT.toLowerCase(), SLOT_MARK.toLowerCase()]);

/**
 * The Cache API key of a kept page for one build of the shop at one catalog version: a
 * deploy must never serve pages that point at the previous build's script files.
 */
export const pageCacheKey = (origin: string, page: string, buildId: string, catalogVersion: string) =>
  `${origin}/__page-cache/${buildId}/v${catalogVersion}${page}`;

/** A kept page and its age in seconds: from this isolate's memory, else the Cache API. */
export async function getPage(key: string, cache = defaultCache()): Promise<{ template: PageTemplate; age: number } | undefined> {
  const template = memory.get(key)?.value ?? (await fromCache(cache, key));
  return template && { template, age: (Date.now() - template.cachedAt) / 1000 };
}

/**
 * A page rendered for everyone with `cspNonce` on its scripts, cut into a template (and its
 * HTML with the marks, to store). The page's nonce, 128 random bits, is the nonce slot
 * wherever it stands.
 */
async function cut(page: Response, cspNonce: string) {
  const mark = `rdslot${randomHex()}`;
  const html = (await markCart(page, mark).text()).replaceAll(cspNonce, `${mark}n`);
  return { mark, html, template: parseTemplate(page.status, html, mark, page.headers, Date.now()) };
}

/** A page rendered for everyone, made into a template to personalise once, not kept (a 404 for a slug nobody sells). */
export const templateOf = async (page: Response, cspNonce: string) => (await cut(page, cspNonce)).template;

/** Keeps a page rendered for everyone: held in this isolate, and stored in the Cache API for the others (in the background). */
export async function putPage(key: string, page: Response, cspNonce: string, ctx: ExecutionContext, cache = defaultCache()): Promise<PageTemplate> {
  const { mark, html, template } = await cut(page, cspNonce);
  memory.set(key, template, template.cachedAt);
  const stored = new Response(html, { headers: page.headers });
  stored.headers.set(CACHED_AT, String(template.cachedAt));
  stored.headers.set(SLOT_MARK, mark);
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS}`);
  ctx.waitUntil(cache.put(key, stored));
  return template;
}

/** Forgets a page this isolate kept (it was too old to serve). */
export const dropPage = (key: string) => memory.delete(key);

/**
 * A kept page made one response's: this response's nonce on every script, and the
 * header's cart link and badge with the visitor's count (visitors without JavaScript see it too).
 */
export function personalise(template: PageTemplate, personal: Personal, { visitor, hit }: { visitor: boolean; hit: boolean }) {
  // Each kind of slot is encoded once (a page carries its nonce a dozen times), then the
  // parts and the slots are copied into one buffer in a single pass (a third cheaper than
  // joining arrays of pieces: it is most of a cache hit's own work).
  const fills = {} as Record<Slot, Uint8Array>;
  for (const slot of SLOTS) fills[slot] = utf8.encode(FILL[slot](personal));
  const { parts, slots } = template;
  let size = 0;
  for (let i = 0; i < parts.length; i++) size += parts[i]!.length + (slots[i] ? fills[slots[i]!].length : 0);
  const body = new Uint8Array(size);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    body.set(parts[i]!, at);
    at += parts[i]!.length;
    const slot = slots[i];
    if (slot) {
      body.set(fills[slot], at);
      at += fills[slot].length;
    }
  }
  const headers = new Headers(template.headers);
  // Only the Worker's own cache shares a page: each response carries its own nonce, so
  // nothing downstream may keep it for others. With a session's cart count in it, it is not
  // to be kept at all.
  headers.set("Cache-Control", visitor ? "private, no-store" : "private, no-cache");
  headers.set("Vary", "Cookie");
  headers.set("X-Page-Cache", hit ? "HIT" : "MISS");
  return new Response(body, { status: template.status, headers });
}

/** A page another request of this isolate (or another isolate) stored in the Cache API. */
async function fromCache(cache: Cache, key: string): Promise<PageTemplate | undefined> {
  const stored = await cache.match(key);
  const mark = stored?.headers.get(SLOT_MARK);
  if (!stored || !mark) return undefined;
  const template = parseTemplate(200, await stored.text(), mark, stored.headers, Number(stored.headers.get(CACHED_AT) ?? 0));
  memory.set(key, template, template.cachedAt);
  return template;
}

/** Workers' `caches.default` (the DOM typings of the app's browser code hide it). */
const defaultCache = () => (caches as unknown as { default: Cache }).default;

/** A fresh mark per page kept, so no page text can ever pass for a slot. */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Marks the cart link and badge as slots (their attributes: app/shared/cart-badge.ts). */
function markCart(page: Response, mark: string): Response {
  return new HTMLRewriter()
    .on(`[${CART_LINK_ATTRIBUTE}]`, { element: (el) => void el.setAttribute("aria-label", `${mark}l`) })
    .on(`[${CART_COUNT_ATTRIBUTE}]`, {
      element: (el) => {
        el.setAttribute(CART_COUNT_ATTRIBUTE, `${mark}c`);
        el.setInnerContent(`${mark}t`);
      },
    })
    .transform(page);
}

/** Cuts a kept page at its slots (the marks of `markCart` and the nonce). */
function parseTemplate(status: number, html: string, mark: string, headers: Headers, cachedAt: number): PageTemplate {
  const parts: Uint8Array[] = [];
  const slots: Slot[] = [];
  let from = 0;
  const marks = new RegExp(`${CART_COUNT_ATTRIBUTE}="${mark}(c)"(?: hidden="")?|${mark}([nlt])`, "g");
  for (const match of html.matchAll(marks)) {
    parts.push(utf8.encode(html.slice(from, match.index)));
    slots.push(SLOT_CODES[match[1] ?? match[2]!]!);
    from = match.index + match[0].length;
  }
  parts.push(utf8.encode(html.slice(from)));
  const kept = [...headers].filter(([name]) => !STORAGE_HEADERS.has(name.toLowerCase()));
  return { status, parts, slots, headers: kept, cachedAt };
}
