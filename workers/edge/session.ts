/**
 * Who the request is and what it reads: the visitor's session id from its cookie (and the
 * partner who referred them, from the referral cookie: workers/edge/referral.ts), a D1
 * session that starts no earlier than the visitor's last write, and the shop's services
 * for both. On the way out it sends the cookies: a session id minted during the request,
 * and after a write the D1 bookmark (D1's Sessions API: reads may go to the nearest
 * replica, yet a visitor always reads their own writes).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../request-context";
import { createShop, type Shop } from "../shop";
import { createVisitor, SESSION_ID, type Visitor } from "../shop/visitor";
import { clientAddress } from "./client-address";
import { readCookie, setCookie } from "./cookies";
import { withSimulatedLatency } from "./local-server";
import { referralOf } from "./referral";
import { SAFE_METHODS } from "./request-guards";
import { shopDeps } from "./shop-deps";

export const SESSION_COOKIE = "rd_session";
export const BOOKMARK_COOKIE = "rd_d1";
/** The number of items in the visitor's cart, rewritten on every cart change: the badge's count on a cached page. */
export const CART_COUNT_COOKIE = "rd_cart";
/** Set for a minute on a product page's path after a reaction: the visitor's next view of it is rendered for them. */
export const REACTED_COOKIE = "rd_reacted";
const BOOKMARK = /^[A-Za-z0-9-]{1,200}$/;
const CART_COUNT = /^\d{1,4}$/;
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;
const REACTED_MAX_AGE_SECONDS = 60;

/** The shop's services for one request, as `visitor`, reading and writing through `d1`. */
export function shopFor(c: Context<AppEnv>, visitor: Visitor, d1: D1Database | D1DatabaseSession): Shop {
  return createShop({ ...shopDeps(c, visitor, d1), insights: c.var.insights });
}

/** The path a reaction's cookie is scoped to: the product's page (`""` for every product page). */
export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;

export const visitorSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  const sessionId = readCookie(request, SESSION_COOKIE);
  const carried = readCookie(request, CART_COUNT_COOKIE);
  const carriedCount = carried && CART_COUNT.test(carried) ? Number(carried) : null;
  const visitor = createVisitor(sessionId && SESSION_ID.test(sessionId) ? sessionId : null, {
    address: clientAddress(request),
    carriedCartCount: carriedCount,
    referral: referralOf(request),
  });
  const bookmark = readCookie(request, BOOKMARK_COOKIE);
  const db = withSimulatedLatency(c.env.DB, c.env, new URL(c.req.url));
  const d1 = db.withSession(bookmark && BOOKMARK.test(bookmark) ? bookmark : "first-unconstrained");
  c.set("shop", shopFor(c, visitor, d1));
  await next();

  const cookies: string[] = [];
  if (visitor.minted) cookies.push(setCookie(request, SESSION_COOKIE, visitor.minted, { maxAgeSeconds: SESSION_MAX_AGE_SECONDS }));
  if ((visitor.existingId || visitor.minted) && visitor.cartCount !== null && visitor.cartCount !== carriedCount) {
    cookies.push(setCookie(request, CART_COUNT_COOKIE, String(visitor.cartCount), { maxAgeSeconds: SESSION_MAX_AGE_SECONDS }));
  }
  if (visitor.reactedTo) {
    cookies.push(setCookie(request, REACTED_COOKIE, "1", { maxAgeSeconds: REACTED_MAX_AGE_SECONDS, path: productPath(visitor.reactedTo) }));
  }
  if (!SAFE_METHODS.has(c.req.method) && (visitor.existingId || visitor.minted)) {
    const latest = d1.getBookmark();
    if (latest && BOOKMARK.test(latest)) cookies.push(setCookie(request, BOOKMARK_COOKIE, latest, { maxAgeSeconds: BOOKMARK_MAX_AGE_SECONDS }));
  }
  if (cookies.length === 0) return;
  c.res = new Response(c.res.body, c.res);
  for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
};
