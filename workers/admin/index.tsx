/**
 * The owner's back office at /admin: a Hono app mounted by workers/server.ts, answering with
 * plain server-rendered pages and real forms (no client JavaScript). In the order a request
 * meets it: every answer private, no-store and noindex, with the pages' CSP; 404 for every
 * path while no ADMIN_PASSWORD secret is set; https only, but on a local server; the sign-in
 * pages; then, only for a signed-in owner, one subject's pages (workers/admin/pages), each
 * calling the shop's functions for it (workers/shop/backoffice).
 *
 * The shop's guards run before it (workers/server.ts): cross-site posts are refused and
 * bodies are limited to 16 KiB, as everywhere but the stock file's upload (its own limit).
 * It is never in the page cache or the sitemap.
 */
import { Hono } from "hono";
import { pageSecurityHeaders } from "../edge/security-headers";
import { backOfficeError, backOfficeServices, httpsOnly, notFoundPage, privateAnswers, requireSecret, type AdminEnv } from "./http";
import { activityPages } from "./pages/activity";
import { applicationPages } from "./pages/applications";
import { catalogPages } from "./pages/catalog";
import { codePages } from "./pages/codes";
import { insightsPages } from "./pages/insights";
import { newsletterPages } from "./pages/newsletter";
import { orderDetailPages } from "./pages/order";
import { orderPages } from "./pages/orders";
import { overviewPages } from "./pages/overview";
import { partnerPages } from "./pages/partners";
import { payoutPages } from "./pages/payouts";
import { shippingPages } from "./pages/shipping";
import { requireOwner, signIn } from "./pages/sign-in";
import { stockPages } from "./pages/stock";

export const createBackOffice = () =>
  new Hono<AdminEnv>()
    .use(privateAnswers, pageSecurityHeaders, requireSecret, httpsOnly, backOfficeServices)
    .route("/", signIn)
    .use(requireOwner)
    .route("/", overviewPages)
    .route("/", orderPages)
    .route("/", orderDetailPages)
    .route("/", shippingPages)
    .route("/", applicationPages)
    .route("/", partnerPages)
    .route("/", payoutPages)
    .route("/", newsletterPages)
    .route("/", catalogPages)
    .route("/", stockPages)
    .route("/", codePages)
    .route("/", activityPages)
    .route("/", insightsPages)
    .all("*", notFoundPage)
    .onError(backOfficeError);
