/**
 * Abuse limits on everything that writes: cart changes, reactions, applications and the
 * newsletter, checkout. Keyed on the client address Cloudflare reports
 * (`CF-Connecting-IP`), counted by Workers' rate-limiting bindings (wrangler.toml), and
 * lifted only by the SHOP_RATE_LIMITS=off var (local test runs and benchmarks).
 */
import type { MiddlewareHandler } from "hono";
import { pageTitle } from "../app/lib/constants";
import { errorBody } from "./api/http";
import type { AppEnv } from "./env";

type LimiterName = "CART_LIMITER" | "REACTION_LIMITER" | "FORM_LIMITER" | "CHECKOUT_LIMITER";

/** Which limiter guards a mutation, by path (API calls and the pages' form posts alike). */
const RULES: { limiter: LimiterName; path: RegExp }[] = [
  { limiter: "REACTION_LIMITER", path: /^\/api\/products\/[^/]+\/reactions$|^\/products\/[^/]+$/ },
  { limiter: "CHECKOUT_LIMITER", path: /^\/api\/payment\/|^\/checkout$/ },
  { limiter: "FORM_LIMITER", path: /^\/api\/(affiliates|creators)$|^\/(affiliate|creators|vendor-application|newsletter)$/ },
  { limiter: "CART_LIMITER", path: /^\/api\/(cart|recommendations)(\/|$)|^\/cart$/ },
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const RETRY_AFTER_SECONDS = 60;
export const TOO_MANY_REQUESTS = "You're going a little fast. Please wait a minute and try again.";

export const limiterFor = (method: string, path: string): LimiterName | null =>
  SAFE_METHODS.has(method) ? null : (RULES.find((rule) => rule.path.test(path))?.limiter ?? null);

export const rateLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.SHOP_RATE_LIMITS === "off") return next();
  // Page form posts carry a `.data` suffix when React Router submits them with JavaScript.
  const path = c.req.path.replace(/\.data$/, "");
  const limiter = limiterFor(c.req.method, path);
  if (!limiter) return next();
  const key = c.req.header("CF-Connecting-IP") ?? "unknown";
  const { success } = await c.env[limiter].limit({ key });
  if (success) return next();
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  if (path.startsWith("/api/")) return c.json(errorBody(TOO_MANY_REQUESTS, [], c.var.requestId), 429);
  return c.html(tooManyRequestsPage(), 429);
};

/** A plain page for a form posted too often without JavaScript: what happened, what to do. */
const tooManyRequestsPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle("Too Many Requests")}</title></head>
<body style="font-family:system-ui,sans-serif;background:#0b0b0f;color:#f4f1ec;padding:2rem;line-height:1.5">
<h1>Slow down a little</h1><p role="alert">${TOO_MANY_REQUESTS}</p>
<p>Nothing you entered was lost: go back, wait a minute, and send it again.</p>
<p><a href="/" style="color:#ff2e88">Back to the shop</a></p></body></html>`;
