/**
 * The insights without a cookie (docs/decisions/0022): what the server counts and what it
 * never counts, POST /api/events, the queue's consumer summing into D1, p75 read back from
 * the buckets, and the UTC day a count lands on.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import * as t from "../../workers/db/schema";
import { handleInsightBatch } from "../../workers/insights/queue";
import { aggregate, writeAggregate } from "../../workers/shop/insights/aggregate";
import { bucketOf, p75, VITALS, type VitalName } from "../../workers/shop/insights/buckets";
import { INSIGHTS_QUEUE, looksPersonal, normaliseQuery } from "../../workers/insights/events";
import { SEARCH_KEPT_FROM, SEARCHES_KEPT_A_DAY, utcDay, type InsightMessage } from "../../workers/shop/insights/counts";
import { PLAUSIBLE_MAX } from "../../workers/insights/api";
import { insightsReport } from "../../workers/shop/insights/report";
import worker from "./entry";
import { inOneWindow, productBySlug } from "./helpers";
import { SHIPPING_ADDRESS } from "../shopper";
import { ORIGIN, Visitor } from "./visitor";

const db = createDatabase(env.DB);
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const DOCUMENT = { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "User-Agent": CHROME };

/** One request through the Worker with a queue that keeps what it is sent; the answer and those messages. */
async function counted(
  visitor: Visitor,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | URLSearchParams; vars?: Record<string, unknown> } = {},
) {
  const sent: InsightMessage[] = [];
  const headers = new Headers({ "CF-Connecting-IP": visitor.address, ...init.headers });
  if (visitor.cookie) headers.set("Cookie", visitor.cookie);
  if (typeof init.body === "string") headers.set("Content-Type", headers.get("Content-Type") ?? "application/json");
  const ctx = createExecutionContext();
  const queue = { send: async (message: InsightMessage) => void sent.push(message) };
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: init.body, redirect: "manual" });
  const response = await worker.fetch(request, { ...env, INSIGHTS_QUEUE: queue, ...init.vars } as unknown as Env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, sent, counts: sent.flatMap((m) => m.counts), vitals: sent.flatMap((m) => m.vitals) };
}

const events = (visitor: Visitor, body: unknown, headers: Record<string, string> = {}, vars?: Record<string, unknown>) =>
  counted(visitor, "POST", "/api/events", {
    headers: { "User-Agent": CHROME, "Content-Type": "text/plain;charset=UTF-8", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    vars,
  });

/** A batch as the queue hands the consumer one, recording what was acknowledged or retried. */
function batchOf(bodies: unknown[]) {
  const outcome = { acked: false, retried: false };
  const batch = {
    queue: INSIGHTS_QUEUE,
    messages: bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), body, attempts: 1, ack() {}, retry() {} })),
    ackAll: () => void (outcome.acked = true),
    retryAll: () => void (outcome.retried = true),
  } as unknown as MessageBatch<unknown>;
  return { batch, outcome };
}

beforeEach(async () => {
  await db.delete(t.insightCounts);
  await db.delete(t.insightVitals);
  // The catalog's version held and its copy in memory, as round-trips.test.ts starts.
  await new Visitor().get("/api/health");
  await new Visitor().get("/api/products");
});

describe("what the server counts itself", () => {
  it("a document request is a page view of its route pattern, and from another site a visit", async () => {
    const { counts } = await counted(new Visitor(), "GET", "/faq?tab=shipping", {
      headers: { ...DOCUMENT, Referer: "https://search.example/?q=raw+dogg" },
    });
    expect(counts).toEqual([
      { metric: "view", subject: "/faq" },
      { metric: "visit", subject: "" },
    ]);
    const inside = await counted(new Visitor(), "GET", "/faq", { headers: { ...DOCUMENT, Referer: `${ORIGIN}/` } });
    expect(inside.counts).toEqual([{ metric: "view", subject: "/faq" }]);
  });

  it("a page cache hit still makes 0 D1 round trips: its counts (a product view, a search) go to the queue", async () => {
    let trips = 0;
    const countingDb = new Proxy(env.DB, {
      get(target, key) {
        if (key === "withSession")
          return (bookmark?: string) =>
            new Proxy(target.withSession(bookmark), {
              get: (session, k) => {
                const value = Reflect.get(session, k);
                if (k === "prepare" || k === "batch") trips++;
                return typeof value === "function" ? value.bind(session) : value;
              },
            });
        const value = Reflect.get(target, key);
        if (key === "prepare" || key === "batch") trips++;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    // The counter counts: a product page's first render reads its reactions from D1.
    const miss = await counted(new Visitor(), "GET", "/products/24k-gold", { headers: DOCUMENT, vars: { DB: countingDb } });
    expect(miss.response.headers.get("X-Page-Cache")).toBe("MISS");
    expect(trips).toBeGreaterThan(0);
    await new Visitor().get("/products?search=gold");
    for (const path of ["/products/24k-gold", "/products?search=gold"]) {
      trips = 0;
      const { response, counts } = await counted(new Visitor(), "GET", path, { headers: DOCUMENT, vars: { DB: countingDb } });
      expect(response.headers.get("X-Page-Cache"), path).toBe("HIT");
      expect(counts.length, path).toBe(3);
      expect(trips, path).toBe(0);
    }
  });

  it("a product page counts a product view by its id; a slug nobody sells counts nothing", async () => {
    const product = await productBySlug("24k-gold");
    const { counts } = await counted(new Visitor(), "GET", "/products/24k-gold?size=M&utm_source=mail", { headers: DOCUMENT });
    expect(counts).toContainEqual({ metric: "product_view", subject: String(product.id) });
    expect(counts).toContainEqual({ metric: "view", subject: "/products/:slug" });
    const unknown = await counted(new Visitor(), "GET", "/products/no-such-thing", { headers: DOCUMENT });
    expect(unknown.counts).toEqual([]);
  });

  it("a search counts its normalised query, found or not, from a document or a client-side data request", async () => {
    const found = await counted(new Visitor(), "GET", `/products?search=${encodeURIComponent("  GOLD  ")}`, { headers: DOCUMENT });
    expect(found.counts).toContainEqual({ metric: "search_found", subject: "gold" });
    const none = await counted(new Visitor(), "GET", "/products.data?search=Unicorn%20Socks", { headers: { "User-Agent": CHROME } });
    expect(none.counts).toEqual([{ metric: "search_none", subject: "unicorn socks" }]);
    expect(normaliseQuery(`  ${"x".repeat(500)} `)).toHaveLength(64);
  });

  it("an add to cart (the API and the page's form) and a placed order are counted, once per order", async () => {
    const shopper = new Visitor();
    const added = await counted(shopper, "POST", "/api/cart", {
      body: JSON.stringify({ productId: 2, quantity: 1 }),
      headers: { "User-Agent": CHROME },
    });
    expect(added.response.status).toBe(200);
    expect(added.counts).toEqual([{ metric: "add_to_cart", subject: "2" }]);
    for (const cookie of added.response.headers.getSetCookie()) shopper.jar.set(cookie.split("=")[0]!, cookie.split(";")[0]!.split("=").slice(1).join("="));
    const form = await counted(shopper, "POST", "/cart", {
      body: new URLSearchParams({ intent: "add", productId: "1", quantity: "1" }),
      headers: { "User-Agent": CHROME },
    });
    expect(form.counts).toEqual([{ metric: "add_to_cart", subject: "1" }]);
    const checkout = new URLSearchParams({
      email: "insights@example.com",
      ...SHIPPING_ADDRESS,
      cardholderName: "Jane Doe",
      checkoutKey: crypto.randomUUID(),
    });
    const placed = await counted(shopper, "POST", "/checkout", { body: checkout, headers: { "User-Agent": CHROME } });
    expect(placed.text).toMatch(/"order":\{"id":"RD-/);
    expect(placed.counts).toEqual([{ metric: "order", subject: "" }]);
    const again = await counted(shopper, "POST", "/checkout", { body: checkout, headers: { "User-Agent": CHROME } });
    expect(again.counts).toEqual([]);
  });

  it("never counts under Global Privacy Control, a prefetch or prerender, or a client that says it is a machine", async () => {
    for (const headers of [
      { ...DOCUMENT, "Sec-GPC": "1" },
      { ...DOCUMENT, "Sec-Purpose": "prefetch;prerender" },
      { ...DOCUMENT, "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    ]) {
      const { sent } = await counted(new Visitor(), "GET", "/products/24k-gold", { headers });
      expect(sent, JSON.stringify(headers)).toEqual([]);
    }
    const gpcAdd = await counted(new Visitor(), "POST", "/api/cart", {
      body: JSON.stringify({ productId: 2 }),
      headers: { "Sec-GPC": "1", "User-Agent": CHROME },
    });
    expect(gpcAdd.response.status).toBe(200);
    expect(gpcAdd.sent).toEqual([]);
  });
});

describe("POST /api/events", () => {
  it("answers 204 and queues the route pattern and the vitals' buckets, never the path or the value", async () => {
    const product = await productBySlug("24k-gold");
    const { response, text, sent } = await events(new Visitor(), {
      e: [
        { t: "view", p: "/products/24k-gold" },
        { t: "LCP", p: "/products/24k-gold", v: 1234.5 },
        { t: "CLS", p: "/", v: 0.1 },
        { t: "view", p: "/no-such-page" },
      ],
    });
    expect(response.status).toBe(204);
    expect(text).toBe("");
    expect(sent).toEqual([
      {
        day: utcDay(),
        counts: [
          { metric: "view", subject: "/products/:slug" },
          { metric: "product_view", subject: String(product.id) },
        ],
        vitals: [
          { metric: "LCP", route: "/products/:slug", bucket: bucketOf("LCP", 1234.5) },
          { metric: "CLS", route: "/", bucket: bucketOf("CLS", 0.1) },
        ],
      },
    ]);
  });

  it("one report counts at most one view and one of each vital, and a vital past what a page plausibly measures counts as that", async () => {
    const { response, sent } = await events(new Visitor(), {
      e: [...Array.from({ length: 10 }, () => ({ t: "view", p: "/products" })), ...Array.from({ length: 10 }, () => ({ t: "LCP", p: "/", v: 600_000 }))],
    });
    expect(response.status).toBe(204);
    expect(sent).toEqual([
      {
        day: utcDay(),
        counts: [{ metric: "view", subject: "/products" }],
        vitals: [{ metric: "LCP", route: "/", bucket: bucketOf("LCP", PLAUSIBLE_MAX.LCP) }],
      },
    ]);
  });

  it("sets no cookie, even for a visitor with a session", async () => {
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 2 });
    expect(shopper.cookie).toMatch(/rd_session=/);
    const { response } = await events(shopper, { e: [{ t: "view", p: "/cart" }] });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("under Global Privacy Control answers 204 and queues nothing", async () => {
    const { response, sent } = await events(new Visitor(), { e: [{ t: "view", p: "/cart" }] }, { "Sec-GPC": "1" });
    expect(response.status).toBe(204);
    expect(sent).toEqual([]);
  });

  it("refuses what is not events, too many, out of range or too large, in the shop's words", async () => {
    const cases: [unknown, number, RegExp][] = [
      ["{not json", 400, /not valid JSON/],
      [{ e: [] }, 400, /at least one event/],
      [{ e: Array.from({ length: 21 }, () => ({ t: "view", p: "/" })) }, 400, /at most 20 events/],
      [{ e: [{ t: "view", p: "https://elsewhere.example/" }] }, 400, /must be a path/],
      [{ e: [{ t: "view", p: "/products?search=secret" }] }, 400, /must be a path/],
      [{ e: [{ t: "view", p: "//elsewhere.example/products/24k-gold" }] }, 400, /must be a path/],
      [{ e: [{ t: "LCP", p: "/", v: -1 }] }, 400, /./],
      [{ e: [{ t: "CLS", p: "/", v: 1e9 }] }, 400, /out of range/],
      [{ e: [{ t: "FID", p: "/", v: 1 }] }, 400, /a view or a web vital/],
      [JSON.stringify({ e: [{ t: "view", p: `/${"a".repeat(5000)}` }] }), 413, /4096 bytes/],
    ];
    for (const [body, status, message] of cases) {
      const { response, text, sent } = await events(new Visitor(), body);
      expect(response.status, text).toBe(status);
      expect(JSON.parse(text).error.message, text).toMatch(message);
      expect(sent).toEqual([]);
    }
  });

  it("is limited per client address: past 60 a minute, 429", async () => {
    const statuses = await inOneWindow(async (network) => {
      const visitor = new Visitor(undefined, `${network}::1`);
      const statuses: number[] = [];
      for (let i = 0; i < 65; i++) statuses.push((await events(visitor, { e: [{ t: "view", p: "/" }] }, {}, { SHOP_RATE_LIMITS: "on" })).response.status);
      return statuses;
    });
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the queue's consumer: sums per UTC day into D1", () => {
  const view = (day: string, route: string): InsightMessage => ({ day, counts: [{ metric: "view", subject: route }], vitals: [] });

  it("sums a batch in memory and adds it to what D1 holds (n = n + excluded.n)", async () => {
    const first = batchOf([view("2026-11-20", "/"), view("2026-11-20", "/"), view("2026-11-20", "/cart"), { day: "yesterday", counts: "lots" }]);
    await handleInsightBatch(first.batch, env);
    expect(first.outcome).toEqual({ acked: true, retried: false });
    await handleInsightBatch(batchOf([view("2026-11-20", "/")]).batch, env);
    const rows = await db.select().from(t.insightCounts).orderBy(t.insightCounts.subject);
    expect(rows).toEqual([
      { day: "2026-11-20", metric: "view", subject: "/", n: 3 },
      { day: "2026-11-20", metric: "view", subject: "/cart", n: 1 },
    ]);
  });

  it("writes a batch of many distinct rows (more than one statement's worth) in one go", async () => {
    const messages = Array.from({ length: 130 }, (_, i) => ({
      day: "2026-11-21",
      counts: [{ metric: "view" as const, subject: `/q${i}` }],
      vitals: [{ metric: "INP" as const, route: "/", bucket: i % 40 }],
    }));
    await writeAggregate(db, aggregate(messages));
    expect((await db.select().from(t.insightCounts)).length).toBe(130);
    expect((await db.select().from(t.insightVitals)).reduce((sum, row) => sum + row.n, 0)).toBe(130);
  });

  it("a count lands on the UTC day it happened: 23:59:59.999 and 00:00 the next day are two days, and a 7-day window starts at 00:00 UTC six days back", async () => {
    expect(utcDay(Date.UTC(2026, 10, 25, 23, 59, 59, 999))).toBe("2026-11-25");
    expect(utcDay(Date.UTC(2026, 10, 26, 0, 0, 0))).toBe("2026-11-26");
    await writeAggregate(
      db,
      aggregate(
        ["2026-11-19", "2026-11-20", "2026-11-26", "2026-11-26", "2026-11-27"].map((day) => ({
          day,
          counts: [{ metric: "visit", subject: "" }],
          vitals: [],
        })),
      ),
    );
    const now = Date.UTC(2026, 10, 26, 23, 59, 59, 999);
    const week = await insightsReport(db, 7, now);
    expect([week.since, week.until]).toEqual(["2026-11-20", "2026-11-26"]);
    expect(week.funnel[0]).toEqual({ label: "Visits", n: 3, ofPrevious: null });
    expect((await insightsReport(db, 30, now)).funnel[0]!.n).toBe(4);
  });

  it("the report's funnel, top products and searches come from the sums", async () => {
    const day = utcDay();
    const gold = await productBySlug("24k-gold");
    const counts = [
      ...Array<InsightMessage["counts"][number]>(10).fill({ metric: "visit", subject: "" }),
      ...Array(8).fill({ metric: "product_view", subject: String(gold.id) }),
      ...Array(4).fill({ metric: "add_to_cart", subject: String(gold.id) }),
      ...Array(2).fill({ metric: "view", subject: "/checkout" }),
      { metric: "order", subject: "" },
      ...Array(3).fill({ metric: "search_none", subject: "unicorn" }),
      ...Array(4).fill({ metric: "search_found", subject: "gold" }),
    ];
    await writeAggregate(db, aggregate([{ day, counts, vitals: [] }]));
    const report = await insightsReport(db, 7);
    expect(report.funnel.map((step) => [step.label, step.n, step.ofPrevious])).toEqual([
      ["Visits", 10, null],
      ["Product views", 8, 80],
      ["Added to cart", 4, 50],
      ["Checkouts started", 2, 50],
      ["Orders", 1, 50],
    ]);
    expect(report.products).toEqual([{ id: gold.id, name: gold.name, views: 8, adds: 4 }]);
    expect(report.searches).toEqual([
      { query: "gold", n: 4, found: true },
      { query: "unicorn", n: 3, found: false },
    ]);
    expect(report.notFound).toEqual([{ query: "unicorn", n: 3, found: false }]);
  });

  it("a search's text is kept only once seen 3 times in a day, never when it looks like an email or a phone number, within a daily cap of distinct searches", async () => {
    const day = "2026-11-22";
    const search = (subject: string) => ({ day, counts: [{ metric: "search_none" as const, subject }], vitals: [] });
    const kept = async () =>
      (
        await db
          .select()
          .from(t.insightCounts)
          .where(and(eq(t.insightCounts.day, day), inArray(t.insightCounts.metric, ["search_found", "search_none"])))
      ).map((row) => [row.subject, row.n]);
    // Seen twice, in two batches: counted under a hash only.
    await writeAggregate(db, aggregate([search("rare thing")]));
    await writeAggregate(db, aggregate([search("rare thing")]));
    expect(await kept()).toEqual([]);
    // The third sighting keeps its text, with all three counted; later ones add to it.
    await writeAggregate(db, aggregate([search("rare thing")]));
    await writeAggregate(db, aggregate([search("rare thing"), search("rare thing")]));
    expect(await kept()).toEqual([["rare thing", 5]]);
    // No row names the text but the kept one.
    const hashed = await db
      .select()
      .from(t.insightCounts)
      .where(and(eq(t.insightCounts.day, day), eq(t.insightCounts.metric, "search_seen")));
    expect(hashed).toHaveLength(1);
    expect(hashed[0]!.subject).toMatch(/^[0-9a-f]{32}$/);
    // The day keeps at most SEARCHES_KEPT_A_DAY distinct searches.
    const many = Array.from({ length: SEARCHES_KEPT_A_DAY + 5 }, (_, i) => Array.from({ length: SEARCH_KEPT_FROM }, () => search(`thing ${i}`))).flat();
    await writeAggregate(db, aggregate(many));
    expect((await kept()).length).toBe(SEARCHES_KEPT_A_DAY);
    // An email or a phone number is never counted at all.
    for (const personal of ["jane@example.com", "call 555 123 4567", "+1 (555) 123-4567", "4111111111111111"])
      expect(looksPersonal(personal), personal).toBe(true);
    for (const product of ["24k gold", "size xl tee", "raw dogg 2026", "3 pack"]) expect(looksPersonal(product), product).toBe(false);
  });
});

describe("p75 from the buckets", () => {
  const histogram = (metric: VitalName, values: number[]) => {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(bucketOf(metric, value), (counts.get(bucketOf(metric, value)) ?? 0) + 1);
    return counts;
  };
  const exactP75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;

  it("every threshold is a bucket edge, and a value on a threshold is rated on its far side", () => {
    for (const [metric, { edges, good, poor }] of Object.entries(VITALS)) {
      expect(edges, metric).toContain(good);
      expect(edges, metric).toContain(poor);
      expect(p75(metric as VitalName, histogram(metric as VitalName, [good]))?.rating, metric).toBe("needs-improvement");
      expect(p75(metric as VitalName, histogram(metric as VitalName, [poor]))?.rating, metric).toBe("poor");
    }
    expect(p75("LCP", histogram("LCP", [2499]))?.rating).toBe("good");
  });

  it("reads p75 within one bucket of the exact figure below the poor threshold, and an open-ended floor above the last edge", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const width: Record<VitalName, number> = { LCP: 100, INP: 20, CLS: 0.01, TTFB: 100 };
    for (const metric of ["LCP", "INP", "CLS", "TTFB"] as const) {
      const values = Array.from({ length: 1000 }, () => random() * VITALS[metric].poor);
      const read = p75(metric, histogram(metric, values))!;
      expect(Math.abs(read.value - exactP75(values)), metric).toBeLessThanOrEqual(width[metric]);
      expect(read.samples).toBe(1000);
    }
    expect(p75("LCP", histogram("LCP", [20_000, 30_000, 40_000, 50_000]))).toEqual({ value: 10_000, atLeast: true, rating: "poor", samples: 4 });
    expect(p75("INP", new Map())).toBeNull();
  });
});
