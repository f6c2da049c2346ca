/**
 * The Worker's request handling, as a Hono app: shared middleware on every response,
 * the JSON API at /api, and every other request, whatever its method, handed to the
 * page renderer (React Router) with the shop in its load context.
 *
 * The page renderer is passed in so that tests can run this app inside workerd without
 * React Router's build (see tests/worker/entry.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cache } from "hono/cache";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { affiliatesApi, creatorsApi } from "./api/applications";
import { cartApi } from "./api/cart";
import { healthApi } from "./api/health";
import { apiError, errorBody } from "./api/http";
import { paymentApi } from "./api/payment";
import { categoriesApi, productsApi } from "./api/products";
import { recommendationsApi } from "./api/recommendations";
import { createDatabase } from "./db/client";
import type { AppEnv } from "./env";
import { bookmarkCookie, openD1Session } from "./d1-session";
import { IsolateMemory } from "./isolate-memory";
import { createLog } from "./log";
import { servePage } from "./page-cache";
import { rateLimits } from "./rate-limits";
import { createShop, type Shop } from "./shop";
import { visitorFor } from "./shop/visitor";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

/** The shop's services for one request, as the visitor the request's cookie names. */
function shopFor(c: Context<AppEnv>, request: Request, d1: D1DatabaseSession): Shop {
  const ctx = c.executionCtx as ExecutionContext;
  return createShop({
    db: createDatabase(d1),
    kv: c.env.CATALOG_KV,
    visitor: visitorFor(request),
    waitUntil: (promise) => ctx.waitUntil(promise),
    log: c.var.log,
  });
}

/**
 * Builds the shop for this request on a D1 session, then sends the session cookie if one
 * was minted, and after a write the D1 bookmark that keeps the visitor's reads current.
 */
const shopForRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("log", createLog(c.var.requestId));
  const d1 = openD1Session(c.env.DB, c.req.raw);
  const shop = shopFor(c, c.req.raw, d1);
  const visitor = shop.visitor;
  c.set("visitor", visitor);
  c.set("shop", shop);
  await next();
  const cookies = [visitor.setCookie()];
  if (!SAFE_METHODS.has(c.req.method) && (visitor.existingId || cookies[0])) cookies.push(bookmarkCookie(d1, c.req.raw));
  if (cookies.some(Boolean)) {
    c.res = new Response(c.res.body, c.res);
    for (const cookie of cookies) if (cookie) c.res.headers.append("Set-Cookie", cookie);
  }
};

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
    return c.json(errorBody("Requests from other sites are not allowed.", [], c.var.requestId), 403);
  }
  return next();
};

/** A catalog API answer as the isolate keeps it (a few KB of JSON each). */
type KeptAnswer = { body: string; status: number; headers: [string, string][] };
const catalogAnswers = new IsolateMemory<KeptAnswer>(64);

/**
 * Catalog reads, cached in the Workers Cache API (Hono's cache middleware) under the
 * catalog version, so a catalog change is a new key and nothing needs purging, with this
 * isolate's own copy in front (IsolateMemory). The bundles list is the spec's "cached
 * 10 s"; the rest may be shared for a minute.
 */
const catalogCache = (maxAge: number): MiddlewareHandler<AppEnv> => {
  const shared = cache({
    cacheName: "catalog-api",
    cacheControl: `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=600`,
    keyGenerator: (c) => (c as Context<AppEnv>).var.catalogKey!,
    onCacheNotAvailable: false,
  });
  return async (c, next) => {
    const key = `v${await c.var.shop.catalog.catalogVersion()}:${c.req.url}`;
    const kept = catalogAnswers.get(key);
    if (kept && kept.age < maxAge) return new Response(kept.value.body, kept.value);
    c.set("catalogKey", key);
    // Hono's middleware returns a Cache API hit rather than setting it on the context.
    const sharedHit = await shared(c, next);
    if (sharedHit) c.res = sharedHit;
    if (c.res.status === 200) {
      const { status, headers } = c.res;
      catalogAnswers.set(key, { body: await c.res.clone().text(), status, headers: [...headers] });
    }
  };
};

const api = new Hono<AppEnv>();
for (const path of ["/products", "/products/:slug", "/categories", "/creators"]) api.get(path, catalogCache(60));
api.get("/cart/recommended-bundles", catalogCache(10));
api
  .route("/products", productsApi)
  .route("/categories", categoriesApi)
  .route("/cart", cartApi)
  .route("/recommendations", recommendationsApi)
  .route("/affiliates", affiliatesApi)
  .route("/creators", creatorsApi)
  .route("/payment", paymentApi);
api.onError(apiError);

/**
 * @param options.production The pages' nonce CSP and the full-page cache. Off only for
 * Vite's dev server, whose injected scripts carry no nonce and whose pages change as you edit.
 * @param options.buildId Names this build in the page cache's keys.
 */
export function createServer(
  handlePage: PageHandler,
  { production = true, buildId = "unversioned" }: { production?: boolean; buildId?: string } = {},
) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  // Hono's requestId() sets its header before the handler runs, so a handler's own Response
  // (every page is one) never carried it: it is set again on the way out.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("X-Request-Id")) c.res.headers.set("X-Request-Id", c.var.requestId);
  });
  app.use(secureHeaders({ ...SECURITY_HEADERS, contentSecurityPolicy: { frameAncestors: ["'none'"] }, overwrite: false }));
  app.use(sameOriginMutations);
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody("The request body is too large (16 KiB at most).", [], c.var.requestId), 413),
    }),
  );
  app.use(rateLimits);
  app.use(shopForRequest);
  app.route("/api/health", healthApi(buildId));
  app.route("/api", api);
  // A mounted app's notFound is not used by its parent: unknown /api paths end here, never in the pages.
  app.all("/api/*", (c) => c.json(errorBody("There is no such API route.", [], c.var.requestId), 404));
  const render = (c: Context<AppEnv>, request: Request, shop: Shop, cspNonce: string | undefined) =>
    handlePage(request, { shop, env: c.env, ctx: c.executionCtx as ExecutionContext, cspNonce });
  if (production) {
    app.all("*", pageSecurityHeaders);
    app.on(["GET", "HEAD"], "*", async (c, next) => {
      const cached = await servePage({
        request: c.req.raw,
        buildId,
        shop: c.var.shop,
        anonymousShop: () => shopFor(c, new Request(c.req.url), c.env.DB.withSession("first-unconstrained")),
        cspNonce: c.get("secureHeadersNonce") ?? "",
        render: (request, shop, nonce) => render(c, request, shop, nonce),
        ctx: c.executionCtx as ExecutionContext,
      });
      return cached ?? next();
    });
  }
  app.all("*", (c) => render(c, c.req.raw, c.var.shop, c.get("secureHeadersNonce")));
  return app;
}
