/** What a mutation must pass before anything reads it: it comes from the shop's own site (else 403). */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../request-context";
import { jsonError } from "./errors";

/** Methods that change nothing: never limited, never checked for origin, never a D1 bookmark. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a mutation that another site started: an Origin header that is not ours, or
 * the browser's own word that it is cross-site. Hono's `csrf()` only looks at form
 * content types; the contract wants JSON mutations covered too.
 *
 * A page that sends no referrer (an order's own page: Referrer-Policy no-referrer) makes
 * the browser post its forms with `Origin: null`; there the browser's `Sec-Fetch-Site`,
 * which no page can set, says whether it was our own page. Anything else sending `null`
 * (another site, a sandboxed frame, a browser that does not say) is refused.
 */
export const sameOriginMutations: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const site = c.req.header("Sec-Fetch-Site");
  const ownPageWithoutReferrer = origin === "null" && site === "same-origin";
  const crossOrigin = origin !== undefined && origin !== new URL(c.req.url).origin && !ownPageWithoutReferrer;
  const crossSite = site === "cross-site";
  if (crossOrigin || crossSite) return jsonError(c, 403, "Requests from other sites are not allowed.");
  return next();
};
