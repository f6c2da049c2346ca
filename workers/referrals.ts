/**
 * The partners' links, `/r/<handle>` (docs/decisions/0026): a click answers a redirect to the
 * home page, or to the page of this site its `?to=` names (a public page or a product's, a
 * path only: never another host), and sets the referral cookie (workers/edge/referral.ts).
 * The click is counted per UTC day after the answer, as the insights count: never for a
 * prefetch, a machine or under Global Privacy Control, and nothing of who clicked is kept.
 *
 * - An unknown or paused partner's link leads home with no cookie and no count.
 * - Under Global Privacy Control the link leads on but sets no cookie: the referral would
 *   tell the partner, a third party, that this shopper bought.
 * - A prefetch or prerender is declined (503, never stored): the browser then asks again when
 *   the visitor really follows the link, so a link merely hovered on another site sets no
 *   cookie (no cookie stuffing).
 * - HEAD (a link checker) answers where the link leads and does nothing else.
 * - Every answer is private and never stored; each one meets the referral limit per address.
 */
import { Hono, type Context } from "hono";
import { errorKind } from "../app/shared/errors";
import { isPrefetch } from "../app/shared/speculative";
import { pageFor } from "../app/shared/site-pages";
import { underGlobalPrivacyControl } from "./edge/gpc";
import { overLimit, REFERRAL, tooManyRequestsPage } from "./edge/rate-limits";
import { HANDLE, referralCookie } from "./edge/referral";
import { countable } from "./insights/events";
import { utcDay } from "./shop/insights/counts";
import type { AppEnv } from "./request-context";

const PRODUCT_PAGE = "/products/:slug";
const TARGET_MAX_LENGTH = 512;

/**
 * Where a link's `?to=` may lead: a path of this site (one leading slash, no backslash, no
 * control or space character, no scheme or host) to a public page or a product's page. Anything
 * else leads home.
 */
export function referralTarget(to: string | undefined, url: URL): string {
  if (!to || to.length > TARGET_MAX_LENGTH || !to.startsWith("/") || to.startsWith("//") || /[\\\s\x00-\x1f\x7f]/.test(to)) return "/";
  let target: URL;
  try {
    target = new URL(to, url.origin);
  } catch {
    return "/";
  }
  if (target.origin !== url.origin) return "/";
  const page = pageFor(target)?.page;
  if (!page || !(page.sitemap || page.path === PRODUCT_PAGE)) return "/";
  return `${target.pathname}${target.search}`;
}

async function follow(c: Context<AppEnv>) {
  const request = c.req.raw;
  // Never kept by the browser or anyone between: each click is the visitor's own.
  c.header("Cache-Control", "private, no-store");
  if (await overLimit(c, REFERRAL)) return tooManyRequestsPage(c);
  if (isPrefetch(request)) return c.body(null, 503);
  const handle = c.req.param("handle")?.toLowerCase() ?? "";
  const partner = HANDLE.test(handle) ? await c.var.shop.referrals.referringPartner(handle) : null;
  if (!partner) return c.redirect("/", 302);
  if (c.req.method === "GET") {
    if (!underGlobalPrivacyControl(request)) c.header("Set-Cookie", referralCookie(request, handle), { append: true });
    if (countable(request)) {
      const counted = c.var.shop.referrals
        .countClick(partner.id, utcDay())
        .catch((error: unknown) => c.var.log("partner_click_uncounted", { partnerId: partner.id, ...errorKind(error) }));
      c.executionCtx.waitUntil(counted);
    }
  }
  return c.redirect(referralTarget(c.req.query("to"), new URL(c.req.url)), 302);
}

/** Mounted at /r; a link pasted with a trailing slash is the same link. */
export const createReferrals = () => new Hono<AppEnv>().on(["GET", "HEAD"], ["/:handle", "/:handle/"], follow);
