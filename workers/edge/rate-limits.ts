/**
 * Abuse limits on everything that writes: cart changes, reactions, applications and the
 * newsletter, checkout, the owner's sign-in, a partner's sign-in; on every request, reads too,
 * for an order's own page (and an agent's read of an order) and a partner's link, and on every
 * agent profile to fetch; and on every discount code tried, through whichever door. Keyed on
 * the client's address (an IPv6 one by
 * its /64: client-address.ts), counted by Workers' rate-limiting bindings (wrangler.toml),
 * and lifted only by the SHOP_RATE_LIMITS=off var on a local server (test runs, benchmarks):
 * in production `off` changes nothing. The owner's sign-in limit is never lifted.
 *
 * The API's routers put `limitWrites` on their routes; a page's posts meet the limit its
 * row of the page table names (app/shared/site-pages.ts), for the page React Router matched.
 * Codes tried are counted by the shop itself (`codeAttempts`, in each door's ShopDeps), since
 * the pages, /api, UCP REST and MCP all apply a code through `applyDiscountCode`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { errorKind } from "../../app/shared/errors";
import type { AbuseLimit } from "../../app/shared/site-pages";
import type { AppEnv } from "../request-context";
import { clientAddress } from "./client-address";
import { jsonError } from "./errors";
import { isLocalServer } from "./local-server";
import { plainPage } from "./plain-page";
import { SAFE_METHODS } from "./request-guards";

/** The owner's sign-in at /admin, per address (decision 0018): a limit no switch lifts. */
const ADMIN_SIGN_IN = "admin-sign-in";
/** Every request for an order's own page, its data and its downloads (docs/decisions/0021). */
export const ORDER_PAGE = "order-page";
/** Every discount code tried, whichever door it came through: codes are secrets worth guessing. */
const DISCOUNT = "discount";
/** Every agent profile the agents' door would fetch (workers/ucp/agents.ts), before the budget all agents share. */
export const PROFILE = "profile";
/** Every click on a partner's link, `/r/<handle>` (docs/decisions/0026): each is a D1 read, and a counted one a write. */
export const REFERRAL = "referral";

const LIMITERS = {
  cart: "CART_LIMITER",
  reaction: "REACTION_LIMITER",
  form: "FORM_LIMITER",
  checkout: "CHECKOUT_LIMITER",
  events: "EVENTS_LIMITER",
  partner_sign_in: "PARTNER_SIGNIN_LIMITER",
  [ADMIN_SIGN_IN]: "ADMIN_SIGNIN_LIMITER",
  [ORDER_PAGE]: "ORDER_PAGE_LIMITER",
  [DISCOUNT]: "DISCOUNT_LIMITER",
  [REFERRAL]: "REFERRAL_LIMITER",
  [PROFILE]: "PROFILE_LIMITER",
} as const satisfies Record<AbuseLimit | typeof ADMIN_SIGN_IN | typeof ORDER_PAGE | typeof DISCOUNT | typeof REFERRAL | typeof PROFILE, keyof Env>;

export type Limit = keyof typeof LIMITERS;

/**
 * Limits that count every request, whatever its method: an order's page and a partner's link
 * are a D1 trip per request, for anyone holding a link or guessing one; a code is counted per
 * try, however asked.
 */
const COUNTS_READS: ReadonlySet<Limit> = new Set([ORDER_PAGE, REFERRAL, DISCOUNT, PROFILE]);

export const RETRY_AFTER_SECONDS = 60;
export const TOO_MANY_REQUESTS = "You're going a little fast. Please wait a minute and try again.";

/** Whether the limits apply to this request: always, but on a local server that was asked to lift them. */
export const limitsOn = <E extends AppEnv>(c: Context<E>) => c.env.SHOP_RATE_LIMITS !== "off" || !isLocalServer(new URL(c.req.url));

/** Tells the client when to try again, and that the refusal is not to be kept. */
export function refusedForNow<E extends AppEnv>(c: Context<E>) {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
}

/**
 * Whether this write (or, for a limit that counts reads, this request) is one too many for
 * `limit` from the client's address. `reads`: a GET that writes (a UCP permalink fills the cart) counts too.
 */
export async function overLimit<E extends AppEnv>(c: Context<E>, limit: Limit, { reads = false } = {}): Promise<boolean> {
  if ((SAFE_METHODS.has(c.req.method) && !COUNTS_READS.has(limit) && !reads) || (limit !== ADMIN_SIGN_IN && !limitsOn(c))) return false;
  const key = clientAddress(c.req.raw);
  const env: Env = c.env;
  // A limiter that does not answer lets the request through: the limit shields the shop from
  // abuse, and refusing every shopper for the platform's fault would be the bigger harm. The
  // owner's sign-in keeps D1's count of failures besides (decision 0018).
  const { success } = await env[LIMITERS[limit]].limit({ key }).catch((error: unknown) => {
    c.var.log?.("rate_limiter_failed", { limit, ...errorKind(error) });
    return { success: true };
  });
  if (!success) refusedForNow(c);
  return !success;
}

/**
 * The shop's count of codes tried (`ShopDeps.codeAttempts`), for the deps a door builds:
 * true while the client's address may try one more. Past the limit the shop refuses with
 * CODE_ATTEMPTS_MESSAGE (a `too_many` error, 429) and the answer says when to try again.
 */
export const codeAttempts =
  <E extends AppEnv>(c: Context<E>) =>
  async () =>
    !(await overLimit(c, DISCOUNT));

/** A rendered answer of 429 (a page's code tried once too often) with the Retry-After every refusal carries. */
export function withRetryAfter(response: Response): Response {
  if (response.status !== 429) return response;
  const refused = new Response(response.body, response);
  refused.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  refused.headers.set("Cache-Control", "no-store");
  return refused;
}

/** An API route's limit: past it, the contract's 429 with Retry-After. */
export const limitWrites =
  (limit: AbuseLimit): MiddlewareHandler<AppEnv> =>
  async (c, next) =>
    (await overLimit(c, limit)) ? jsonError(c, 429, TOO_MANY_REQUESTS) : next();

/** A plain page for a form posted too often without JavaScript: what happened, what to do. */
export const tooManyRequestsPage = (c: Context<AppEnv>) =>
  plainPage(c, {
    status: 429,
    title: "Slow down a little",
    lede: TOO_MANY_REQUESTS,
    then: html`<p>Nothing you entered was lost: go back, wait a minute, and send it again.</p>
      <p><a href="/">Back to the shop</a></p>`,
  });
