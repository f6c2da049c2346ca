/**
 * What the events queue's consumer (workers/insights/queue.ts, docs/decisions/0022) writes:
 * a batch of messages, each one request's counts, is summed in memory and written as upserts
 * that add to the day's rows (`n = n + excluded.n`), all in one D1 batch.
 *
 * A search's text is kept only once seen SEARCH_KEPT_FROM times in a day, and only while the
 * day keeps fewer than SEARCHES_KEPT_A_DAY distinct ones: until then it is counted under a
 * hash of itself (metric `search_seen`), which the report never shows.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { SEARCH_KEPT_FROM, SEARCHES_KEPT_A_DAY, type InsightMessage } from "./counts";

/** The metrics whose subject is a search's text. */
const SEARCH_METRICS = new Set(["search_found", "search_none"]);
/** Where a search is counted before its text may be kept: under a hash of the metric and the text. */
const SEARCH_SEEN = "search_seen";

const searchHash = async (metric: string, query: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${metric}\n${query}`))), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32);

type CountRow = typeof t.insightCounts.$inferInsert;
type VitalRow = typeof t.insightVitals.$inferInsert;

/** The rows a set of messages adds up to: one per day and counted thing, with its sum. */
export function aggregate(messages: readonly InsightMessage[]): {
  counts: CountRow[];
  vitals: VitalRow[];
} {
  const counts = new Map<string, CountRow>();
  const vitals = new Map<string, VitalRow>();
  for (const { day, counts: counted, vitals: measured } of messages) {
    for (const { metric, subject } of counted) {
      const key = JSON.stringify([day, metric, subject]);
      const row = counts.get(key) ?? { day, metric, subject, n: 0 };
      row.n += 1;
      counts.set(key, row);
    }
    for (const { metric, route, bucket } of measured) {
      const key = JSON.stringify([day, route, metric, bucket]);
      const row = vitals.get(key) ?? { day, route, metric, bucket, n: 0 };
      row.n += 1;
      vitals.set(key, row);
    }
  }
  return { counts: [...counts.values()], vitals: [...vitals.values()] };
}

/** Rows per statement: D1 binds at most 100 values to one statement (4 or 5 a row here). */
const ROWS_PER_STATEMENT = 20;

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_STATEMENT) }, (_, i) => rows.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT));

/** Adds the rows to what D1 holds, in one batch (one transaction, one round trip). */
export async function writeAggregate(db: Database, { counts: all, vitals }: ReturnType<typeof aggregate>): Promise<void> {
  const counts = all.filter((row) => !SEARCH_METRICS.has(row.metric));
  const searches = await Promise.all(
    all.filter((row) => SEARCH_METRICS.has(row.metric)).map(async (row) => ({ ...row, hash: await searchHash(row.metric, row.subject) })),
  );
  const c = t.insightCounts;
  const searchStatements = searches.flatMap(({ day, metric, subject, n, hash }) => [
    // Counted under its hash first; then added to its text's row where the text is kept already,
    // or its text kept now if it has been seen often enough and the day has room.
    db
      .insert(c)
      .values({ day, metric: SEARCH_SEEN, subject: hash, n })
      .onConflictDoUpdate({ target: [c.day, c.metric, c.subject], set: { n: sql`${c.n} + excluded.n` } }),
    db
      .update(c)
      .set({ n: sql`${c.n} + ${n}` })
      .where(sql`${c.day} = ${day} AND ${c.metric} = ${metric} AND ${c.subject} = ${subject}`),
    db.insert(c).select(sql`SELECT ${day}, ${metric}, ${subject}, seen.n FROM ${c} AS seen
      WHERE seen.day = ${day} AND seen.metric = ${SEARCH_SEEN} AND seen.subject = ${hash} AND seen.n >= ${SEARCH_KEPT_FROM}
        AND NOT EXISTS (SELECT 1 FROM ${c} WHERE day = ${day} AND metric = ${metric} AND subject = ${subject})
        AND (SELECT count(*) FROM ${c} WHERE day = ${day} AND metric IN ('search_found', 'search_none')) < ${SEARCHES_KEPT_A_DAY}`),
  ]);
  const statements = [
    ...searchStatements,
    ...chunks(counts).map((rows) =>
      db
        .insert(t.insightCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.insightCounts.day, t.insightCounts.metric, t.insightCounts.subject],
          set: { n: sql`${t.insightCounts.n} + excluded.n` },
        }),
    ),
    ...chunks(vitals).map((rows) =>
      db
        .insert(t.insightVitals)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.insightVitals.day, t.insightVitals.route, t.insightVitals.metric, t.insightVitals.bucket],
          set: { n: sql`${t.insightVitals.n} + excluded.n` },
        }),
    ),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
