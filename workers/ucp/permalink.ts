/**
 * UCP's permalink capability (`dev.ucp.shopping.permalink`, 2026-08-25's permalink.md): a
 * browser link `/buy/{item}:{quantity},…` puts the items in the visitor's own web cart and
 * answers `303 See Other` to where the buyer goes on: the checkout when the cart held
 * nothing else, the cart when it did (the buyer then sees everything before paying), or the
 * same-origin path `continue_to` names. A discount code it carries (`discounts/codes/0`) is
 * applied as the cart's APPLY would. Loading it never places an order.
 *
 * A GET that changes state, made safe:
 * - only a top-level navigation fills the cart: a picture, frame or script of another site
 *   (`Sec-Fetch-Dest`/`Sec-Fetch-Mode` other than a document navigation) is refused (403),
 *   and so is HEAD's state (a link checker learns where it leads and nothing is added);
 * - a prefetch or prerender is declined (503, never stored), as the partners' links are, so a
 *   link merely hovered fills nothing;
 * - every request meets the cart's abuse limit, and every answer is `no-store` with no referrer.
 * Links from other sites are the capability's purpose (a platform hands the buyer over), so
 * a foreign origin is let in on those terms; the worst such a link does is add items.
 */
import { Hono, type Context } from "hono";
import { isShopError } from "../../app/shared/errors";
import { RAW_ITEM_TOKEN } from "../../app/shared/feeds";
import { isPrefetch } from "../../app/shared/speculative";
import { overLimit, tooManyRequestsPage } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import type { Product } from "../shop";

/** The spec's budget for an item count; the shop's own cap on one line's quantity. */
const MAX_ITEMS = 20;
const MAX_QUANTITY = 99;
const CONTINUE_TO_MAX_LENGTH = 512;

export type PermalinkItem = { id: string; quantity: number };

/** A compact item path (`RD-SNAPBACK:2,~cmF3:1`) as items, or null when malformed (permalink.md, "Compact Item Path"). */
export function parseItems(path: string): PermalinkItem[] | null {
  if (path === "") return [];
  const pairs = path.split(",");
  if (pairs.length > MAX_ITEMS) return null;
  const items: PermalinkItem[] = [];
  for (const pair of pairs) {
    const match = /^([^:]+):([1-9]\d{0,2})$/.exec(pair);
    if (!match || Number(match[2]) > MAX_QUANTITY) return null;
    const id = itemId(match[1]!);
    if (id === null) return null;
    items.push({ id, quantity: Number(match[2]) });
  }
  return items;
}

/** An item id token: the id itself, or `~` and its UTF-8 in canonical base64url without padding. */
function itemId(token: string): string | null {
  if (!token.startsWith("~")) return RAW_ITEM_TOKEN.test(token) ? token : null;
  const encoded = token.slice(1);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || encoded.length % 4 === 1) return null;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(encoded.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
  // Canonical: the same bytes encode back to the same token.
  const again = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  if (again !== encoded) return null;
  try {
    const id = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return /[\x00-\x1f\x7f]/.test(id) ? null : id;
  } catch {
    return null;
  }
}

/**
 * `continue_to` checked as the spec orders (percent-decoded once, one leading slash, no
 * scheme, backslash, space or control character, same origin after resolving): the canonical
 * path, or null.
 */
export function continueTo(value: string | undefined, origin: string): string | null {
  if (!value || value.length > CONTINUE_TO_MAX_LENGTH) return null;
  // URLSearchParams decoded the query once already.
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\x00-\x1f\x7f]/.test(value) || /^\/[^/?#]*:/.test(value)) return null;
  const target = URL.canParse(value, origin) ? new URL(value, origin) : null;
  if (!target || target.origin !== origin) return null;
  return `${target.pathname}${target.search}`;
}

/** What a link's item names: a variant (by SKU), a product of one variant (by handle), a product to choose from, or nothing. */
type Resolved = { kind: "variant"; product: Product; variantId: number } | { kind: "choose"; product: Product } | { kind: "unknown" };

function resolve(products: Product[], id: string): Resolved {
  for (const product of products) {
    const variant = product.variants.find((candidate) => candidate.sku === id);
    if (variant) return { kind: "variant", product, variantId: variant.id };
  }
  const product = products.find((candidate) => candidate.slug === id);
  if (!product) return { kind: "unknown" };
  return product.variants.length === 1 ? { kind: "variant", product, variantId: product.variants[0]!.id } : { kind: "choose", product };
}

/** Whether the request is a top-level navigation, as far as the browser says (an old one says nothing: let in). */
function isNavigation(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  const mode = request.headers.get("Sec-Fetch-Mode");
  return (dest === null || dest === "document") && (mode === null || mode === "navigate");
}

/** Analytics parameters carried to the destination: `utm_*`, and `attribution/utm_*` as `utm_*` (spec, "Redirect Resolution"). */
function carriedQuery(url: URL): string {
  const carried = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    const plain = name.replace(/^\/?attribution\//, "");
    if (/^utm_[a-z]{1,20}$/.test(plain) && value.length <= 200 && !carried.has(plain)) carried.set(plain, value);
  }
  const query = carried.toString();
  return query ? `?${query}` : "";
}

/**
 * The discount code a link carries (`discounts/codes/0=SAVE10`, the discount extension's field
 * path): the first index's, or null when none is sent or two parameters name the same pointer
 * (`discounts/codes/0` and `/discounts/codes/0`: ambiguous, so neither is applied). The shop
 * takes one code per order.
 */
export function linkCode(url: URL): string | null {
  const values = new Map<number, string[]>();
  for (const [name, value] of url.searchParams) {
    const match = /^\/?discounts\/codes\/(0|[1-9]\d?)$/.exec(name);
    if (match) values.set(Number(match[1]), [...(values.get(Number(match[1])) ?? []), value]);
  }
  if ([...values.values()].some((sent) => sent.length > 1)) return null;
  const first = Math.min(...values.keys());
  return values.get(first)?.[0] ?? null;
}

const seeOther = (c: Context<AppEnv>, location: string) => c.redirect(location, 303);

async function follow(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  const request = c.req.raw;
  const url = new URL(c.req.url);
  if (await overLimit(c, "cart", { reads: true })) return tooManyRequestsPage(c);
  if (isPrefetch(request)) return c.body(null, 503);
  if (!isNavigation(request)) return c.text("A shopping link fills your cart only when you follow it.", 403);
  // Hono hands the path's segment decoded once.
  const items = parseItems(c.req.param("items") ?? "");
  const chosen = continueTo(url.searchParams.get("continue_to") ?? undefined, url.origin);
  if (items === null) return c.text("This shopping link is not one we can read. Check that nothing was cut off.", 400);
  const products = await c.var.shop.catalog.listProducts();
  const resolved = items.map((item) => ({ item, found: resolve(products, item.id) }));
  if (resolved.some(({ found }) => found.kind === "unknown")) return c.text("This shopping link names a product we do not sell.", 404);
  const choose = resolved.find(({ found }) => found.kind === "choose")?.found as { product: Product } | undefined;
  if (c.req.method === "HEAD") return seeOther(c, chosen ?? "/cart");

  const before = await c.var.shop.cart.listCart();
  for (const { item, found } of resolved) {
    if (found.kind !== "variant") continue;
    try {
      await c.var.shop.cart.addToCart(found.product.id, item.quantity, found.variantId);
    } catch (failure) {
      // Sold out or short: the cart page says what is left (spec: remediation at the destination).
      if (!(isShopError(failure) && failure.kind === "conflict")) throw failure;
    }
  }
  const code = linkCode(url);
  if (code !== null) {
    try {
      await c.var.shop.cart.applyDiscountCode(code);
    } catch (failure) {
      // Refused (or too many tried): the cart keeps what it had, and the cart page says what the code needs.
      if (!isShopError(failure)) throw failure;
    }
  }
  // A product with options named by its handle: its page, to choose a size (spec: "a selection page").
  const fallback = choose ? `/products/${encodeURIComponent(choose.product.slug)}` : before.length > 0 ? "/cart" : "/checkout";
  return seeOther(c, chosen ?? `${fallback}${carriedQuery(url)}`);
}

/** Mounted at PERMALINK_PATH, after the visitor's session (the cart is the visitor's own). */
export const createPermalinks = () => new Hono<AppEnv>().on(["GET", "HEAD"], ["/", "/:items"], follow);
