/**
 * What the insights count of a request, and whether it may be counted at all
 * (docs/decisions/0022); the message itself is workers/shop/insights/counts.ts. Nothing in it names a visitor: no address, user agent, cookie or
 * identifier; routes are patterns (`/products/:slug`), never a URL with its query.
 */
import { isPrefetch } from "../../app/shared/speculative";
import { underGlobalPrivacyControl } from "../edge/gpc";
import type { Insights } from "../shop/deps";

/** The queue of wrangler.toml that carries the counts to their consumer. */
export const INSIGHTS_QUEUE = "raw-dogg-events";

/** For a request that must not be counted (Global Privacy Control, a prefetch, a machine). */
export const NOT_COUNTED: Insights = { count: () => undefined };

/** A search's query as it is kept: the only free text the insights keep, so short and plain. */
export const SEARCH_QUERY_MAX_LENGTH = 64;
export const normaliseQuery = (query: string) => query.trim().toLowerCase().replace(/\s+/g, " ").slice(0, SEARCH_QUERY_MAX_LENGTH).trim();

/**
 * Whether a search looks like a person's details rather than a product: an email address, or
 * a run of 7 or more digits (a phone number, a card, an order's reference). Such a search is
 * never counted, so its text never reaches D1.
 */
export const looksPersonal = (query: string) => /\S@\S/.test(query) || /(?:\d[\s().+-]*){7,}/.test(query);

/** User agents that say they are machines: crawlers, link previews, scripts. */
const MACHINE =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse|pagespeed|curl|wget|python|httpclient|go-http|java\/|okhttp|axios|node-fetch|undici/i;

/**
 * Whether a request may be counted at all: never under Global Privacy Control, never a
 * prefetch or prerender (it may never be seen), never a client that says it
 * is a machine.
 */
export function countable(request: Request): boolean {
  if (underGlobalPrivacyControl(request) || isPrefetch(request)) return false;
  return !MACHINE.test(request.headers.get("User-Agent") ?? "");
}
