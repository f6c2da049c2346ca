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

/** Where the bench's do-nothing Worker answers: `/__bench/nothing/<file>` (local servers only). */
const DO_NOTHING = "/__bench/nothing/";
/** Each file's bytes, read once per isolate: the answer is a kept copy, as a Worker doing nothing would send. */
const keptBytes = new Map<string, Promise<ArrayBuffer | null>>();

type FetchHandler = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/**
 * The Worker that does nothing, for `npm run bench` to measure the shop against: on a local
 * server, `GET /__bench/nothing/<file>` answers a kept copy of the bytes of the bench's static
 * `/__bench/<file>` (a page's own bytes, written there before the server starts) before any of
 * the shop's code runs. Anywhere else, and for any other path, the shop answers.
 */
export function withDoNothingRoute<App extends { fetch: FetchHandler }>(app: App): App {
  const shop = app.fetch;
  return Object.assign(app, {
    fetch: async (request: Request, env: Env, ctx: ExecutionContext) => {
      if (!request.url.includes(DO_NOTHING)) return shop(request, env, ctx);
      const url = new URL(request.url);
      if (!url.pathname.startsWith(DO_NOTHING) || !isLocalServer(url)) return shop(request, env, ctx);
      const file = `/__bench/${url.pathname.slice(DO_NOTHING.length)}`;
      let bytes = keptBytes.get(file);
      if (!bytes) {
        bytes = env.ASSETS.fetch(new URL(file, url)).then((response) => (response.ok ? response.arrayBuffer() : null));
        keptBytes.set(file, bytes);
      }
      const body = await bytes;
      if (!body) {
        keptBytes.delete(file);
        return shop(request, env, ctx);
      }
      return new Response(body, { headers: { "Content-Type": file.endsWith(".json") ? "application/json" : "text/html; charset=utf-8" } });
    },
  });
}
