/**
 * What the server counts itself (docs/decisions/0022), for every visitor, with or without
 * JavaScript: a page view and a visit for a document request, a product view, a search and
 * whether it found anything, and, through the shop (`ShopDeps.insights`), an add to cart and
 * an order. Each request's counts go to the events queue as one message, after the answer
 * (`waitUntil`): never a D1 trip on the request's path, so a page cache hit still makes none.
 */
import type { Context, MiddlewareHandler } from "hono";
import { pageFor } from "../../app/shared/site-pages";
import type { Log } from "../../app/shared/log";
import { errorKind } from "../../app/shared/errors";
import type { AppEnv } from "../request-context";
import type { Shop } from "../shop";
import { utcDay, type Count, type InsightMessage, type VitalCount } from "../shop/insights/counts";
import { countable, looksPersonal, normaliseQuery, NOT_COUNTED } from "./events";

const PRODUCT_ROUTE = "/products/:slug";
const SEARCH_ROUTE = "/products";

/** A page as the insights know it: its route pattern, and the product or search it shows. */
export type PageSeen = { route: string; slug?: string; search?: string };

/** The page a URL shows, or null for one no route matches (a 404 is not a page view). */
export function pageSeen(url: URL): PageSeen | null {
  const found = pageFor(url);
  if (!found) return null;
  const route = found.page.path;
  if (route === PRODUCT_ROUTE) {
    const slug = safeDecode(found.pathname.split("/")[2] ?? "");
    return slug ? { route, slug } : null;
  }
  const search = route === SEARCH_ROUTE ? normaliseQuery(url.searchParams.get("search") ?? "") : "";
  return search ? { route, search } : { route };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** A product view by its product id: a slug the catalog does not know is not counted. */
export async function productView(shop: Shop, slug: string): Promise<Count[]> {
  const product = await shop.catalog.getProductBySlug(slug).catch(() => null);
  return product ? [{ metric: "product_view", subject: String(product.id) }] : [];
}

/** A search, filed as found or not by what the catalog holds for it (read from memory or KV, never D1 on a hit). */
export async function searched(shop: Shop, query: string): Promise<Count[]> {
  if (looksPersonal(query)) return [];
  const found = await shop.catalog.listProducts({ search: query });
  return [
    {
      metric: found.length > 0 ? "search_found" : "search_none",
      subject: query,
    },
  ];
}

/** Puts one request's counts on the events queue; a failure is logged by its kind and lost, never the visitor's problem. */
export async function enqueue(queue: Queue, message: InsightMessage, log: Log): Promise<void> {
  if (message.counts.length === 0 && message.vitals.length === 0) return;
  try {
    await queue.send(message);
  } catch (error) {
    log("insights_enqueue_failed", errorKind(error));
  }
}

/** Whether a request is the browser loading a page to show (not a data request, an image, a fetch). */
const isDocument = (c: Context<AppEnv>) => c.req.method === "GET" && c.req.header("Sec-Fetch-Dest") === "document";

/** Whether the document came from elsewhere (another site, a bookmark, a typed address): a visit starts. */
function startsVisit(c: Context<AppEnv>): boolean {
  const referer = c.req.header("Referer");
  if (!referer) return true;
  try {
    return new URL(referer).origin !== new URL(c.req.url).origin;
  } catch {
    return true;
  }
}

/**
 * Counts what this request shows or does. Before the visitor's session (whose shop counts
 * through `c.var.insights`); after the answer, a page view of a document the shop answered
 * 200 with HTML, and a search on a document or a data request (a client-side search).
 */
export const countRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!countable(c.req.raw)) {
    c.set("insights", NOT_COUNTED);
    return next();
  }
  const day = utcDay();
  const counts: Count[] = [];
  c.set("insights", {
    count: (metric, subject) => void counts.push({ metric, subject }),
  });
  await next();

  const answeredPage = c.req.method === "GET" && c.res.status === 200;
  const url = new URL(c.req.url);
  const seen = answeredPage && !url.pathname.startsWith("/api/") ? pageSeen(url) : null;
  const document = seen && isDocument(c) && (c.res.headers.get("Content-Type") ?? "").startsWith("text/html") ? seen : null;
  if (document) {
    counts.push({ metric: "view", subject: document.route });
    if (startsVisit(c)) counts.push({ metric: "visit", subject: "" });
  }
  if (!document?.slug && !seen?.search && counts.length === 0) return;
  const shop = c.var.shop;
  const queue = c.env.INSIGHTS_QUEUE;
  const log = c.var.log;
  (c.executionCtx as ExecutionContext).waitUntil(
    (async () => {
      if (document?.slug) counts.push(...(await productView(shop, document.slug)));
      if (seen?.search) counts.push(...(await searched(shop, seen.search)));
      await enqueue(queue, { day, counts, vitals: [] satisfies VitalCount[] }, log);
    })().catch((error: unknown) => log("insights_count_failed", errorKind(error))),
  );
};
