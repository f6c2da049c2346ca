/**
 * What only a local server honours (npm start, the tests, the bench): a request can reach
 * one only through a hostname no production request carries. A `--var` or a dashboard edit
 * that sets these in production changes nothing there.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** localhost, a loopback address, or a name under the reserved `.localhost` and `.test` (RFC 6761). */
export function isLocalServer(url: URL): boolean {
  const host = url.hostname;
  return LOCAL_HOSTS.has(host) || host.endsWith(".localhost") || host.endsWith(".test");
}

/**
 * D1 as a far primary would answer: every round trip (a statement run, a batch) delayed by
 * `SIMULATED_D1_LATENCY_MS` (`BENCH_D1_LATENCY_MS=50 npm run bench`). Local servers only.
 */
export function withSimulatedLatency(db: D1Database, env: Env, url: URL): D1Database {
  const ms = Number(env.SIMULATED_D1_LATENCY_MS);
  if (!(ms > 0) || !isLocalServer(url)) return db;
  return delayed(db, ms);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TRIPS = new Set(["all", "raw", "first", "run", "batch"]);

function delayed<T extends object>(target: T, ms: number): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== "function") return value;
      if (TRIPS.has(String(key))) return async (...args: unknown[]) => (await delay(ms), value.apply(object, args));
      if (key === "prepare" || key === "bind" || key === "withSession") return (...args: unknown[]) => delayed(value.apply(object, args), ms);
      return value.bind(object);
    },
  });
}
