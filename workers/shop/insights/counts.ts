/**
 * The one message a request puts on the events queue (docs/decisions/0022), as its consumer
 * checks it, and the rules of what of it is kept. Nothing in it names a visitor: no address,
 * user agent, cookie or identifier; routes are patterns (`/products/:slug`), never a URL
 * with its query.
 */
import * as v from "valibot";
import { COUNT_METRICS } from "../deps";
import { VITAL_NAMES, VITALS } from "./buckets";

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
