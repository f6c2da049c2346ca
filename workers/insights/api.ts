/**
 * `POST /api/events`: what the beacon reports that the server cannot see (docs/decisions/0022):
 * a page a client-side navigation showed, and the page's web vitals. Checked with valibot,
 * bounded (4 KiB, 20 events), limited per client address, answered 204 at once, the counts
 * put on the events queue after the answer. It sits before the visitor's session, so it
 * never reads or sets a cookie; under Global Privacy Control (or from a machine) it answers
 * 204 and counts nothing. Its body is read to its end either way (workers/edge/request-body.ts).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { jsonError } from "../edge/errors";
import { limitWrites } from "../edge/rate-limits";
import { anonymousShop } from "../pages/anonymous";
import { apiError, parseInput } from "../api/http";
import { invalidInput } from "../../app/shared/errors";
import type { AppEnv } from "../request-context";
import { bucketOf, VITAL_NAMES, type VitalName } from "../shop/insights/buckets";
import { utcDay, type Count, type VitalCount } from "../shop/insights/counts";
import { enqueue, pageSeen, productView } from "./collect";
import { countable } from "./events";

export const EVENTS_MAX_BYTES = 4096;
export const EVENTS_MAX_COUNT = 20;

/** A page's path as the beacon sends it: the path alone, never a query, a fragment or another host (`//host/…`). */
const PagePath = v.pipe(
  v.string("An event's page must be a path."),
  v.maxLength(200, "An event's page is too long."),
  v.regex(/^\/(?!\/)[^?#\s\\]*$/, "An event's page must be a path."),
);

/** Upper bounds past which a measurement is a broken or hostile one, not a slow page: refused. */
const MAX_VALUE: Record<VitalName, number> = {
  LCP: 600_000,
  INP: 600_000,
  TTFB: 600_000,
  CLS: 100,
};

/**
 * The most a real page plausibly measures: a value above is counted as this (the top bucket
 * still says "slow", and no one report can push a page's figures further than one visit's).
 */
export const PLAUSIBLE_MAX: Record<VitalName, number> = {
  LCP: 60_000,
  INP: 10_000,
  TTFB: 30_000,
  CLS: 5,
};

const EventSchema = v.variant(
  "t",
  [
    v.object({ t: v.literal("view"), p: PagePath }),
    v.pipe(
      v.object({
        t: v.picklist(VITAL_NAMES, "An event is a view or a web vital."),
        p: PagePath,
        v: v.pipe(v.number("A web vital needs its value."), v.finite(), v.minValue(0)),
      }),
      v.check((event) => event.v <= MAX_VALUE[event.t], "A web vital's value is out of range."),
    ),
  ],
  "An event is a view or a web vital.",
);

export const EventsSchema = v.object({
  e: v.pipe(
    v.array(EventSchema, "Events must be a list."),
    v.minLength(1, "Send at least one event."),
    v.maxLength(EVENTS_MAX_COUNT, `Send at most ${EVENTS_MAX_COUNT} events at once.`),
  ),
});

export const eventsApi = new Hono<AppEnv>()
  .onError(apiError)
  .use(limitWrites("events"))
  .post("/", async (c) => {
    // Read whole whatever follows: wrangler dev's proxy drops a connection left with an unread body.
    const text = await c.req.text();
    if (new TextEncoder().encode(text).byteLength > EVENTS_MAX_BYTES) return jsonError(c, 413, `Events are limited to ${EVENTS_MAX_BYTES} bytes a request.`);
    if (!countable(c.req.raw)) return c.body(null, 204);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidInput("The request body is not valid JSON.");
    }
    const { e: events } = parseInput(EventsSchema, body);
    const day = utcDay();
    const origin = new URL(c.req.url).origin;
    const counts: Count[] = [];
    const vitals: VitalCount[] = [];
    const products: string[] = [];
    // One report is one page's: at most one view and one of each vital count, whatever it sends.
    const counted = new Set<string>();
    for (const event of events) {
      if (counted.has(event.t)) continue;
      const seen = pageSeen(new URL(event.p, origin));
      if (!seen) continue;
      counted.add(event.t);
      if (event.t === "view") {
        counts.push({ metric: "view", subject: seen.route });
        if (seen.slug) products.push(seen.slug);
      } else
        vitals.push({
          metric: event.t,
          route: seen.route,
          bucket: bucketOf(event.t, Math.min(event.v, PLAUSIBLE_MAX[event.t])),
        });
    }
    const log = c.var.log;
    const queue = c.env.INSIGHTS_QUEUE;
    const shop = products.length > 0 ? anonymousShop(c) : null;
    (c.executionCtx as ExecutionContext).waitUntil(
      (async () => {
        for (const slug of products) counts.push(...(await productView(shop!, slug)));
        await enqueue(queue, { day, counts, vitals }, log);
      })(),
    );
    return c.body(null, 204);
  });
