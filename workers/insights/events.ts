/**
 * What the insights count, and the one message a request puts on the events queue
 * (docs/decisions/0022). Nothing in it names a visitor: no address, user agent, cookie or
 * identifier; routes are patterns (`/products/:slug`), never a URL with its query.
 */
import * as v from "valibot";
import { isPrefetch } from "../../app/shared/speculative";
import { underGlobalPrivacyControl } from "../edge/gpc";
import { COUNT_METRICS, type Insights } from "../shop/deps";
import { VITAL_NAMES, VITALS } from "./buckets";

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

/** A search's text is kept only once it was seen this many times in a UTC day (docs/decisions/0022). */
export const SEARCH_KEPT_FROM = 3;
/** At most this many distinct searches are kept a day; the rest are counted only as hashes. */
export const SEARCHES_KEPT_A_DAY = 200;

/** The UTC day an event happened on, `YYYY-MM-DD`: the producer's clock, so a late batch lands on its day. */
export const utcDay = (at: number = Date.now()) => new Date(at).toISOString().slice(0, 10);

const Subject = v.pipe(v.string(), v.maxLength(200));

/** One request's counts and vitals, as the consumer checks it (a queued message is data, not trusted). */
export const InsightMessageSchema = v.object({
  day: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  counts: v.pipe(v.array(v.object({ metric: v.picklist(COUNT_METRICS), subject: Subject })), v.maxLength(50)),
  vitals: v.pipe(
    v.array(
      v.object({
        metric: v.picklist(VITAL_NAMES),
        route: Subject,
        bucket: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Math.max(...Object.values(VITALS).map((m) => m.edges.length)) - 1)),
      }),
    ),
    v.maxLength(50),
  ),
});
export type InsightMessage = v.InferOutput<typeof InsightMessageSchema>;
export type Count = InsightMessage["counts"][number];
export type VitalCount = InsightMessage["vitals"][number];

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
