/**
 * The web vitals as histograms (docs/decisions/0022): each metric has fixed bucket edges, so
 * a measurement is kept only as one more in its bucket and p75 is read back from the counts.
 * Google's good / needs improvement / poor thresholds are edges, so the bucket p75 falls in
 * lies wholly inside one rating: the colour is exact even where the figure is not. Below the
 * "poor" threshold a p75 is within half a bucket of the truth (LCP 50 ms, INP 10 ms, CLS
 * 0.005, TTFB 50 ms); the last bucket is open, so a p75 there reads "at least" its edge.
 */

export const VITAL_NAMES = ["LCP", "INP", "CLS", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export type Rating = "good" | "needs-improvement" | "poor";

type Vital = {
  /** Lower edges of the buckets, ascending from 0; the last bucket has no upper edge. */
  edges: readonly number[];
  /** Below `good` is good; from `poor` on it is poor. */
  good: number;
  poor: number;
  unit: "ms" | "";
};

/** `from` up to (not including) `to`, every `step`; exact for the decimal steps used here. */
const steps = (from: number, to: number, step: number, scale = 1) => {
  const out: number[] = [];
  for (let i = Math.round(from * scale); i < Math.round(to * scale); i += Math.round(step * scale)) out.push(i / scale);
  return out;
};

export const VITALS: Record<VitalName, Vital> = {
  LCP: {
    edges: [...steps(0, 4000, 100), ...steps(4000, 10000, 500), 10000],
    good: 2500,
    poor: 4000,
    unit: "ms",
  },
  INP: {
    edges: [...steps(0, 500, 20), ...steps(500, 2000, 100), 2000],
    good: 200,
    poor: 500,
    unit: "ms",
  },
  CLS: {
    edges: [...steps(0, 0.25, 0.01, 100), ...steps(0.25, 1, 0.05, 100), 1],
    good: 0.1,
    poor: 0.25,
    unit: "",
  },
  TTFB: {
    edges: [...steps(0, 1800, 100), ...steps(1800, 6000, 300), 6000],
    good: 800,
    poor: 1800,
    unit: "ms",
  },
};

/** The bucket a measurement falls in: the last edge not above it. */
export function bucketOf(metric: VitalName, value: number): number {
  const { edges } = VITALS[metric];
  let low = 0;
  let high = edges.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (edges[mid]! <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

export const ratingOf = (metric: VitalName, value: number): Rating =>
  value < VITALS[metric].good ? "good" : value < VITALS[metric].poor ? "needs-improvement" : "poor";

export type Percentile = {
  /** Interpolated inside its bucket; the open last bucket gives its lower edge. */
  value: number;
  /** Whether the value is only a floor (p75 in the open last bucket). */
  atLeast: boolean;
  rating: Rating;
  /** How many measurements it was read from. */
  samples: number;
};

/** The 75th percentile of a histogram (counts by bucket index), or null with no measurement. */
export function p75(metric: VitalName, counts: ReadonlyMap<number, number>): Percentile | null {
  const { edges } = VITALS[metric];
  const samples = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (samples === 0) return null;
  const target = 0.75 * samples;
  let below = 0;
  for (let bucket = 0; bucket < edges.length; bucket++) {
    const n = counts.get(bucket) ?? 0;
    if (n === 0 || below + n < target) {
      below += n;
      continue;
    }
    const low = edges[bucket]!;
    // Rated by the bucket, not the interpolated figure: the thresholds are edges.
    const rating = ratingOf(metric, low);
    const high = edges[bucket + 1];
    if (high === undefined) return { value: low, atLeast: true, rating, samples };
    return {
      value: low + ((target - below) / n) * (high - low),
      atLeast: false,
      rating,
      samples,
    };
  }
  return null;
}
