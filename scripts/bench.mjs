// npm run bench: the Worker's throughput and latency per route (README, "Performance").
// Builds (unless $SKIP_BUILD), serves the built Worker with `wrangler dev` (workerd) on its
// own port ($BENCH_PORT, default 8798) and a fresh local database (.wrangler/bench, migrated
// and seeded), without the abuse limits, warms every route up, then runs autocannon for
// $BENCH_SECONDS (default 5) per route with 10 connections, and prints a markdown table.
//
// Each route is compared with a static file served beside it by the same local workerd:
// cached pages and the catalog API with a "twin", a static file of exactly their size
// (their own bytes, written into the build's assets before the measured server starts), the
// rest with the small logo. The static file is measured again just before and just after
// each route, and the route divided by the mean of the two: the machine's load moves
// throughput by a third or more within a run.
//
// $BENCH_D1_LATENCY_MS delays every D1 round trip by that much inside the Worker, as a far
// primary would in production (workers/edge/simulated-latency.ts); $BENCH_ROUTES
// (comma-separated words) keeps only the routes whose name contains one of them.
import autocannon from "autocannon";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, startMeasuredShop } from "./local.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const LATENCY_MS = Number(process.env.BENCH_D1_LATENCY_MS ?? 0);
const TWINS = join(ROOT, "build", "client", "__bench");
const LOGO = "/images/logo.svg";

/**
 * What is measured. The unknown API path is the floor of any answer the Worker's code gives
 * (the whole middleware chain, then a 404), and the health check reads D1's catalog version
 * every time. `/?bench=<n>` carries a query parameter the page cache does not know, so each
 * request is rendered anew (workers/pages/index.ts). POST /api/cart sends no cookie: each request
 * also mints a new session (its cookie and cart row). `twin`: compared with a static file of
 * its own size.
 * @type {{ name: string, method?: string, path: string, unique?: boolean, body?: string, status?: number, twin?: boolean }[]}
 */
let ROUTES = [
  { name: "GET /api/no-such-route (middleware, 404)", path: "/api/no-such-route", status: 404 },
  { name: "GET /api/health (middleware + one D1 read)", path: "/api/health" },
  { name: "/ (page cache hit)", path: "/", twin: true },
  { name: "/ uncached (server render)", path: "/?bench=", unique: true },
  { name: "/products (page cache)", path: "/products", twin: true },
  { name: "/products/24k-gold (page cache)", path: "/products/24k-gold", twin: true },
  { name: "GET /api/products", path: "/api/products", twin: true },
  { name: "POST /api/cart (new session each)", method: "POST", path: "/api/cart", body: JSON.stringify({ productId: 1 }) },
];
const only = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
if (only) ROUTES = ROUTES.filter((route) => only.some((word) => route.name.includes(word)));

const twinPath = (/** @type {{ path: string }} */ route) =>
  `/__bench/${route.path === "/" ? "home" : route.path.replace(/^\//, "").replaceAll("/", "-")}${route.path.startsWith("/api/") ? ".json" : ".html"}`;

/**
 * @param {string} base
 * @param {{ path: string, method?: string, body?: string, unique?: boolean }} route
 * @param {number} duration seconds
 */
function measure(base, route, duration) {
  let n = 0;
  const request = {
    method: route.method ?? "GET",
    path: route.path,
    ...(route.body ? { body: route.body, headers: { "content-type": "application/json" } } : {}),
    ...(route.unique ? { setupRequest: (/** @type {any} */ req) => ({ ...req, path: `${route.path}${++n}` }) } : {}),
  };
  return autocannon({ url: base, connections: CONNECTIONS, duration, requests: [request] });
}

// First run: build, and keep each twin route's answer as a static file of its own bytes.
rmSync(TWINS, { recursive: true, force: true });
{
  const { base, stop } = await startMeasuredShop({ port: PORT, name: "bench" });
  mkdirSync(TWINS, { recursive: true });
  try {
    for (const route of ROUTES.filter((r) => r.twin)) {
      const body = await (await fetch(`${base}${route.path}`)).arrayBuffer();
      writeFileSync(join(ROOT, "build", "client", twinPath(route)), Buffer.from(body));
    }
  } finally {
    await stop();
  }
}

/** @type {Record<string, string>} */
const vars = LATENCY_MS > 0 ? { SIMULATED_D1_LATENCY_MS: String(LATENCY_MS) } : {};
const { base: BASE, stop } = await startMeasuredShop({ port: PORT, name: "bench", build: false, vars });
try {
  const rows = [];
  for (const route of ROUTES) {
    const sample = await fetch(`${BASE}${route.unique ? `${route.path}0` : route.path}`, {
      method: route.method ?? "GET",
      body: route.body,
      headers: route.body ? { "content-type": "application/json" } : {},
    });
    const answered = route.status ? sample.status === route.status : sample.ok;
    if (!answered) throw new Error(`${route.name}: HTTP ${sample.status}`);
    const size = (await sample.arrayBuffer()).byteLength;
    const staticFile = { path: route.twin ? twinPath(route) : LOGO };
    const staticSize = (await (await fetch(`${BASE}${staticFile.path}`)).arrayBuffer()).byteLength;
    await measure(BASE, route, 1); // warm-up: JIT, the page cache, the KV copy of the catalog
    await measure(BASE, staticFile, 1);
    const before = await measure(BASE, staticFile, SECONDS);
    const result = await measure(BASE, route, SECONDS);
    const after = await measure(BASE, staticFile, SECONDS);
    // A twin route is also compared with a Worker that does nothing but return a kept copy of
    // the same bytes (workers/edge/local-server.ts, local servers only), measured right after it.
    const nothingFile = route.twin ? { path: staticFile.path.replace("/__bench/", "/__bench/nothing/") } : null;
    if (nothingFile) {
      const copy = await fetch(`${BASE}${nothingFile.path}`);
      const copySize = (await copy.arrayBuffer()).byteLength;
      if (!copy.ok || copySize !== staticSize) throw new Error(`${nothingFile.path}: HTTP ${copy.status}, ${copySize} bytes (its file has ${staticSize})`);
      await measure(BASE, nothingFile, 1);
    }
    const nothing = nothingFile ? await measure(BASE, nothingFile, SECONDS) : null;
    const staticRps = (before.requests.average + after.requests.average) / 2;
    const staticP50 = (before.latency.p50 + after.latency.p50) / 2;
    const bad = (route.status ? 0 : result.non2xx) + result.errors + result.timeouts;
    rows.push({
      route,
      size,
      staticFile,
      staticSize,
      rps: result.requests.average,
      staticRps,
      nothingRps: nothing?.requests.average ?? null,
      p50: result.latency.p50,
      p99: result.latency.p99,
      staticP50,
      bad,
      total: result.requests.total,
    });
    console.error(`measured ${route.name}: ${Math.round(result.requests.average)} req/s against ${Math.round(staticRps)} for ${staticFile.path}`);
  }
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [
    `| Route | size | req/s | compared with | its req/s | ratio | do-nothing Worker req/s | ratio to it | p50 ms | its p50 ms | p99 ms | est. CPU ms/request |`,
    `| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.route.name} | ${kb(r.size)} | ${Math.round(r.rps)} | ${r.route.twin ? "its twin" : "the logo"} (${kb(r.staticSize)}) | ${Math.round(r.staticRps)} | ${(r.rps / r.staticRps).toFixed(2)} | ${r.nothingRps === null ? "" : Math.round(r.nothingRps)} | ${r.nothingRps === null ? "" : (r.rps / r.nothingRps).toFixed(2)} | ${r.p50} | ${r.staticP50} | ${r.p99} | ${(1000 / r.rps).toFixed(2)} |` +
        (r.bad ? ` ⚠ ${r.bad} of ${r.total} failed` : ""),
    ),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  console.log(
    [
      `${SECONDS} s per route, ${CONNECTIONS} connections, autocannon against \`wrangler dev\` (local workerd) on ${BASE}, abuse limits off${LATENCY_MS ? `, every D1 round trip delayed ${LATENCY_MS} ms` : ""}.`,
      "Each ratio divides the route's req/s by the mean of its static file's, measured just before and just after it;",
      "a twin route is also divided by a Worker that only returns a kept copy of the same bytes, measured just after.",
      "Estimated CPU ms/request = 1000 / (req/s): local workerd runs the Worker on one thread, so this is an upper bound",
      "(it also counts I/O waits, local D1/KV and the dev proxy) to compare with the 10 ms CPU limit of the Workers free plan.",
    ].join("\n"),
  );
} finally {
  await stop();
  rmSync(TWINS, { recursive: true, force: true });
}
