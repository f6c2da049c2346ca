// npm run bench: the Worker's throughput and latency per route (issue 6, "Speed on the Worker").
// Builds (unless $SKIP_BUILD), serves the built Worker with `wrangler dev` (workerd) on its
// own port ($BENCH_PORT, default 8798) and a fresh local database (.wrangler/bench, migrated
// and seeded), without the abuse limits, warms every route up, then runs autocannon for
// $BENCH_SECONDS (default 5) per route with 10 connections, measuring the static file again
// after each route, and prints a markdown table.
import autocannon from "autocannon";
import { startMeasuredShop } from "./local.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

/**
 * What is measured. The static file is the ceiling: the same Worker and runtime, no
 * rendering. The unknown API path is the floor of any answer the Worker's code gives (the
 * whole middleware chain, then a 404), and the health check the floor of any answer that
 * reads D1 (the same, plus one read of the catalog version): every catalog page and API
 * answer makes that read so that a price change shows on the next response (issue 7).
 * `/?bench=<n>` carries a query parameter the page cache does not know, so each request is
 * rendered anew (workers/page-cache.ts). POST /api/cart sends no cookie: each request also
 * mints a new session (its cookie and cart row).
 * @type {{ name: string, method?: string, path: string, unique?: boolean, body?: string, status?: number }[]}
 */
const ROUTES = [
  { name: "static file /images/logo.svg (ceiling)", path: "/images/logo.svg" },
  { name: "GET /api/no-such-route (middleware, 404)", path: "/api/no-such-route", status: 404 },
  { name: "GET /api/health (middleware + one D1 read)", path: "/api/health" },
  { name: "/ (page cache hit)", path: "/" },
  { name: "/ uncached (server render)", path: "/?bench=", unique: true },
  { name: "/products (page cache)", path: "/products" },
  { name: "/products/24k-gold (page cache)", path: "/products/24k-gold" },
  { name: "GET /api/products", path: "/api/products" },
  { name: "POST /api/cart (new session each)", method: "POST", path: "/api/cart", body: JSON.stringify({ productId: 1 }) },
];

/**
 * A table row: a route's throughput, latency and its ratio to the ceiling around it.
 * @param {(typeof ROUTES)[number]} route
 * @param {import("autocannon").Result} result
 * @param {number} ceiling the static file's req/s to divide by
 * @param {number} [rps] the route's req/s, if not the result's own (the ceiling's mean)
 */
function row(route, result, ceiling, rps = result.requests.average) {
  // The 404 route answers non-2xx by design; anything else that does has failed.
  const bad = (route.status ? 0 : result.non2xx) + result.errors + result.timeouts;
  return { route, rps, ratio: rps / ceiling, p50: result.latency.p50, p99: result.latency.p99, bad, total: result.requests.total };
}

/** @param {(typeof ROUTES)[number]} route @param {number} duration seconds */
function measure(route, duration) {
  let n = 0;
  const request = {
    method: route.method ?? "GET",
    path: route.path,
    ...(route.body ? { body: route.body, headers: { "content-type": "application/json" } } : {}),
    ...(route.unique ? { setupRequest: (/** @type {any} */ req) => ({ ...req, path: `${route.path}${++n}` }) } : {}),
  };
  return autocannon({ url: BASE, connections: CONNECTIONS, duration, requests: [request] });
}

/**
 * $BENCH_ROUTES (comma-separated words) keeps only the routes whose name contains one of
 * them, for comparing two builds on the routes a change touches; the ceiling always runs.
 */
const only = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
if (only) ROUTES.splice(1, ROUTES.length, ...ROUTES.slice(1).filter((route) => only.some((word) => route.name.includes(word))));

const { base: BASE, stop } = await startMeasuredShop({ port: PORT, name: "bench" });
try {
  for (const route of ROUTES) {
    const sample = await fetch(`${BASE}${route.unique ? `${route.path}0` : route.path}`, {
      method: route.method ?? "GET",
      body: route.body,
      headers: route.body ? { "content-type": "application/json" } : {},
    });
    const answered = route.status ? sample.status === route.status : sample.ok;
    if (!answered) throw new Error(`${route.name}: HTTP ${sample.status}`);
    await sample.arrayBuffer();
    await measure(route, 1); // warm-up: JIT, the page cache, the KV copy of the catalog
  }
  // The static file is measured again after every route: its throughput drifts by a third
  // or more between runs on a shared machine, so each route is divided by the mean of the
  // ceiling measured just before and just after it, not by one figure from the start.
  const [ceilingRoute, ...routes] = ROUTES;
  const ceilings = [await measure(ceilingRoute, SECONDS)];
  const rows = [];
  for (const route of routes) {
    const before = ceilings[ceilings.length - 1];
    const result = await measure(route, SECONDS);
    const after = await measure(ceilingRoute, SECONDS);
    ceilings.push(after);
    rows.push(row(route, result, (before.requests.average + after.requests.average) / 2));
    console.error(`measured ${route.name}: ${Math.round(result.requests.average)} req/s`);
  }
  const ceilingRps = ceilings.map((c) => c.requests.average);
  const meanCeiling = ceilingRps.reduce((a, b) => a + b, 0) / ceilingRps.length;
  rows.unshift(row(ceilingRoute, ceilings[0], meanCeiling, meanCeiling));
  const lines = [
    `| Route | req/s | ratio to static | p50 ms | p99 ms | est. CPU ms/request |`,
    `| --- | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.route.name} | ${Math.round(r.rps)} | ${r.ratio.toFixed(2)} | ${r.p50} | ${r.p99} | ${(1000 / r.rps).toFixed(2)} |` +
        (r.bad ? ` ⚠ ${r.bad} of ${r.total} failed` : ""),
    ),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  console.log(
    [
      `${SECONDS} s per route, ${CONNECTIONS} connections, autocannon against \`wrangler dev\` (local workerd) on ${BASE}, abuse limits off.`,
      "Estimated CPU ms/request = 1000 / (req/s): local workerd runs the Worker on one thread, so with",
      "the connections kept busy its time is spent serving requests; this is an upper bound on CPU",
      "per request (it also counts I/O waits, local D1/KV and the dev proxy) to compare with the",
      "10 ms CPU limit of the Workers free plan. Each ratio divides by the mean of the static file's req/s",
      `measured just before and just after that route; the ceiling row is the mean of all ${ceilingRps.length} (${ceilingRps.map(Math.round).join(", ")}).`,
    ].join("\n"),
  );
} finally {
  stop();
}
