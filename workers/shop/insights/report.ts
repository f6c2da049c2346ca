/**
 * What /admin/insights shows, read from the day's sums (docs/decisions/0022): for the last
 * 7 or 30 UTC days (today included), the visits and the funnel from a product view to an
 * order, the products most looked at and added, the searches and those that found nothing,
 * the views per route and p75 of each web vital per route. Four reads in one D1 batch.
 */
import { and, desc, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { p75, VITAL_NAMES, type Percentile, type VitalName } from "./buckets";
import type { CountMetric } from "../deps";
import { utcDay } from "./counts";

export const REPORT_DAYS = [7, 30] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 10;
const SEARCH_METRICS: CountMetric[] = ["search_found", "search_none"];

export type FunnelStep = {
  label: string;
  n: number;
  /** Share of the step before, in percent (null for the first, or after 0). */ ofPrevious: number | null;
};
export type ProductRow = { id: number; name: string; views: number; adds: number };
export type SearchRow = { query: string; n: number; found: boolean };
export type RouteVitals = { route: string; vitals: Record<VitalName, Percentile | null> };

export type InsightsReport = {
  days: ReportDays;
  /** The first and last UTC day counted, `YYYY-MM-DD`. */
  since: string;
  until: string;
  funnel: FunnelStep[];
  views: { route: string; n: number }[];
  products: ProductRow[];
  searches: SearchRow[];
  notFound: SearchRow[];
  vitals: RouteVitals[];
};

/** The window of `days` UTC days that ends today. */
export const reportWindow = (days: number, now = Date.now()) => ({ since: utcDay(now - (days - 1) * DAY_MS), until: utcDay(now) });

export async function insightsReport(db: Database, days: ReportDays, now = Date.now()): Promise<InsightsReport> {
  const { since, until } = reportWindow(days, now);
  const c = t.insightCounts;
  const vi = t.insightVitals;
  const total = sql<number>`sum(${c.n})`.mapWith(Number);
  const [counted, searched, measured, products] = await db.batch([
    db
      .select({ metric: c.metric, subject: c.subject, n: total })
      .from(c)
      .where(and(gte(c.day, since), lte(c.day, until), notInArray(c.metric, SEARCH_METRICS)))
      .groupBy(c.metric, c.subject),
    db
      .select({ metric: c.metric, subject: c.subject, n: total })
      .from(c)
      .where(and(gte(c.day, since), lte(c.day, until), inArray(c.metric, SEARCH_METRICS)))
      .groupBy(c.metric, c.subject)
      .orderBy(desc(total), c.subject)
      .limit(200),
    db
      .select({ route: vi.route, metric: vi.metric, bucket: vi.bucket, n: sql<number>`sum(${vi.n})`.mapWith(Number) })
      .from(vi)
      .where(and(gte(vi.day, since), lte(vi.day, until)))
      .groupBy(vi.route, vi.metric, vi.bucket),
    db.select({ id: t.products.id, name: t.products.name }).from(t.products),
  ]);

  const sumOf = (metric: CountMetric, subject?: string) =>
    counted.filter((row) => row.metric === metric && (subject === undefined || row.subject === subject)).reduce((sum, row) => sum + row.n, 0);
  const steps: [string, number][] = [
    ["Visits", sumOf("visit")],
    ["Product views", sumOf("product_view")],
    ["Added to cart", sumOf("add_to_cart")],
    ["Checkouts started", sumOf("view", "/checkout")],
    ["Orders", sumOf("order")],
  ];
  const funnel = steps.map(([label, n], i) => {
    const previous = i === 0 ? 0 : steps[i - 1]![1];
    return { label, n, ofPrevious: previous > 0 ? Math.round((n / previous) * 1000) / 10 : null };
  });

  const names = new Map(products.map((p) => [String(p.id), p.name]));
  const byProduct = new Map<string, ProductRow>();
  for (const row of counted) {
    if (row.metric !== "product_view" && row.metric !== "add_to_cart") continue;
    const name = names.get(row.subject);
    // A product deleted since is left out: its id alone tells the owner nothing.
    if (!name) continue;
    const product = byProduct.get(row.subject) ?? { id: Number(row.subject), name, views: 0, adds: 0 };
    if (row.metric === "product_view") product.views += row.n;
    else product.adds += row.n;
    byProduct.set(row.subject, product);
  }

  const searches = searched.map((row) => ({ query: row.subject, n: row.n, found: row.metric === "search_found" }));
  const histograms = new Map<string, Map<VitalName, Map<number, number>>>();
  for (const row of measured) {
    if (!(VITAL_NAMES as readonly string[]).includes(row.metric)) continue;
    const route = histograms.get(row.route) ?? new Map<VitalName, Map<number, number>>();
    const histogram = route.get(row.metric as VitalName) ?? new Map<number, number>();
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.n);
    route.set(row.metric as VitalName, histogram);
    histograms.set(row.route, route);
  }

  return {
    days,
    since,
    until,
    funnel,
    views: counted
      .filter((row) => row.metric === "view")
      .map((row) => ({ route: row.subject, n: row.n }))
      .sort((a, b) => b.n - a.n || a.route.localeCompare(b.route)),
    products: [...byProduct.values()].sort((a, b) => b.views - a.views || b.adds - a.adds || a.id - b.id).slice(0, TOP),
    searches: searches.slice(0, TOP),
    notFound: searches.filter((row) => !row.found).slice(0, TOP),
    vitals: [...histograms]
      .map(([route, metrics]) => ({
        route,
        vitals: Object.fromEntries(VITAL_NAMES.map((name) => [name, p75(name, metrics.get(name) ?? new Map())])) as Record<VitalName, Percentile | null>,
      }))
      .sort((a, b) => a.route.localeCompare(b.route)),
  };
}
