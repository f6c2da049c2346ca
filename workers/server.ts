/**
 * The Worker's request handling, as a Hono app: shared middleware on every response,
 * the JSON API at /api, and every other request, whatever its method, handed to the
 * page renderer (React Router) with the shop in its load context.
 *
 * The page renderer is passed in so that tests can run this app inside workerd without
 * React Router's build (see tests/worker/entry.ts).
 */
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { affiliatesApi, creatorsApi } from "./api/applications";
import { cartApi } from "./api/cart";
import { apiError, errorBody } from "./api/http";
import { paymentApi } from "./api/payment";
import { categoriesApi, productsApi } from "./api/products";
import { recommendationsApi } from "./api/recommendations";
import { createDatabase } from "./db/client";
import type { AppEnv } from "./env";
import { createLog } from "./log";
import { rateLimits } from "./rate-limits";
import { createShop, type Shop } from "./shop";
import { visitorFor } from "./shop/visitor";

export type PageHandler = (
  request: Request,
  page: { shop: Shop; env: Env; ctx: ExecutionContext; cspNonce: string | undefined },
) => Promise<Response>;

/** Headers on every response. Pages add their own strict CSP (below); the rest get this one. */
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const SECURITY_HEADERS: SecureHeadersOptions = {
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
};

/**
 * The pages' Content-Security-Policy: scripts only with this response's nonce (React
 * Router and React put it on every script they emit), no plugins, no foreign forms or
 * frames. Styles may be inline: toasts and per-card animation delays set them.
 */
const pageSecurityHeaders = secureHeaders({
  ...SECURITY_HEADERS,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    mediaSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

export const MAX_BODY_BYTES = 16 * 1024;

/** Builds the shop for this request and sends the session cookie if one was minted. */
const shopForRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const visitor = visitorFor(c.req.raw);
  const ctx = c.executionCtx as ExecutionContext;
  const log = createLog(c.var.requestId);
  const shop = createShop({
    db: createDatabase(c.env.DB),
    kv: c.env.CATALOG_KV,
    visitor,
    waitUntil: (promise) => ctx.waitUntil(promise),
    log,
  });
  c.set("log", log);
  c.set("visitor", visitor);
  c.set("shop", shop);
  await next();
  const cookie = visitor.setCookie();
  if (cookie) {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Set-Cookie", cookie);
  }
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a mutation that another site started: an Origin header that is not ours, or
 * the browser's own word that it is cross-site. Hono's `csrf()` only looks at form
 * content types; the contract wants JSON mutations covered too.
 */
const sameOriginMutations: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const crossOrigin = origin !== undefined && origin !== new URL(c.req.url).origin;
  const crossSite = c.req.header("Sec-Fetch-Site") === "cross-site";
  if (crossOrigin || crossSite) {
    return c.json(errorBody("Requests from other sites are not allowed."), 403);
  }
  return next();
};

const api = new Hono<AppEnv>()
  .route("/products", productsApi)
  .route("/categories", categoriesApi)
  .route("/cart", cartApi)
  .route("/recommendations", recommendationsApi)
  .route("/affiliates", affiliatesApi)
  .route("/creators", creatorsApi)
  .route("/payment", paymentApi);
api.notFound((c) => c.json(errorBody("There is no such API route."), 404));
api.onError(apiError);

/**
 * @param pageCsp Send the pages' nonce CSP. Off only for Vite's dev server, whose own
 * injected scripts carry no nonce.
 */
export function createServer(handlePage: PageHandler, { pageCsp = true }: { pageCsp?: boolean } = {}) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(secureHeaders({ ...SECURITY_HEADERS, contentSecurityPolicy: { frameAncestors: ["'none'"] }, overwrite: false }));
  app.use(sameOriginMutations);
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody("The request body is too large (16 KiB at most)."), 413),
    }),
  );
  app.use(rateLimits);
  app.use(shopForRequest);
  app.route("/api", api);
  if (pageCsp) app.all("*", pageSecurityHeaders);
  app.all("*", (c) =>
    handlePage(c.req.raw, {
      shop: c.var.shop,
      env: c.env,
      ctx: c.executionCtx as ExecutionContext,
      cspNonce: c.get("secureHeadersNonce"),
    }),
  );
  return app;
}
