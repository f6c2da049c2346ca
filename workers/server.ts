/**
 * The Worker's request handling as one Hono app, in the order a request meets it: its id
 * and log, the security headers, the agents' UCP endpoints (workers/ucp: they carry no
 * cookie, so they come before the same-site guard and the session), the guards (origin,
 * body size), the owner's back office at /admin (its own sessions, never the page cache),
 * the visitor's session, then the JSON API at /api, a download link's file at /downloads or
 * an order's download at /orders/{token}/downloads (the order's page is limited per address
 * on every request, reads too), a partner's link at /r/{handle} (a redirect that sets the
 * referral cookie), a feed for machines (/feeds/products.xml, /llms.txt), or a page.
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { errorKind } from "../app/shared/errors";
import { createLog, loggedPath } from "../app/shared/log";
import { createBackOffice } from "./admin";
import { createApi } from "./api";
import { createDownloads, createOrderDownloads, limitOrderPages, privateLinks } from "./downloads";
import { isUnavailable, UNAVAILABLE } from "./edge/errors";
import { failurePage } from "./edge/failure-page";
import { requestLog } from "./edge/request-log";
import { sweepAfterAnswer } from "./edge/outbox-sweep";
import { bodySizeLimit, settleRequestBody } from "./edge/request-body";
import { sameOriginMutations } from "./edge/request-guards";
import { baselineSecurityHeaders, pageSecurityHeaders, privateByDefault } from "./edge/security-headers";
import { visitorSession } from "./edge/session";
import { createFeeds } from "./feeds";
import { eventsApi } from "./insights/api";
import { countRequest } from "./insights/collect";
import { pages, type RenderPage } from "./pages";
import { createReferrals } from "./referrals";
import type { AppEnv } from "./request-context";
import { createPermalinks } from "./ucp/permalink";
import { createUcp } from "./ucp/rest";
import { PERMALINK_PATH } from "../app/shared/feeds";

type ServerOptions = {
  renderPage: RenderPage;
  /** Names this build in the page cache's keys. */
  buildId?: string;
  /**
   * The pages' nonce CSP and the page cache. Off only for Vite's dev server, whose injected
   * scripts carry no nonce and whose pages change as you edit.
   */
  production?: boolean;
};

/**
 * Whatever a request throws outside the API and React Router (which answer their own errors):
 * logged by its kind with the request id, never whole as Hono's default handler would (a
 * database fault's message carries the query's values: a session id, an email): the shop's failure page.
 */
function requestFailed(error: Error, c: Context<AppEnv>) {
  if (error instanceof HTTPException) return error.getResponse();
  const status = isUnavailable(error) ? UNAVAILABLE.status : 500;
  (c.var.log ?? createLog())("request_failed", { method: c.req.method, path: loggedPath(c.req.path), status, ...errorKind(error) });
  return failurePage(c, error);
}

export function createServer({ renderPage, buildId = "unversioned", production = true }: ServerOptions) {
  const app = new Hono<AppEnv>()
    .onError(requestFailed)
    .use(requestLog, settleRequestBody, sweepAfterAnswer)
    .use(baselineSecurityHeaders, privateByDefault)
    .route("/", createUcp())
    .use(sameOriginMutations)
    .use(bodySizeLimit)
    .route("/admin", createBackOffice())
    // The beacon's door: before the session, so it never reads or sets a cookie.
    .route("/api/events", eventsApi)
    .use(countRequest, visitorSession, privateLinks, limitOrderPages)
    .route("/api", createApi({ buildId }))
    .route("/downloads", createDownloads())
    .route("/orders", createOrderDownloads())
    .route("/r", createReferrals())
    .route(PERMALINK_PATH, createPermalinks())
    .route("/", createFeeds());
  if (production) app.use(pageSecurityHeaders);
  return app.all("*", pages({ renderPage, buildId, pageCache: production }));
}
