// The built shop served by Miniflare in this process, for the browser tests: the Worker and
// every binding exactly as `wrangler dev` would configure them (wrangler's own reading of the
// build's wrangler.json, `unstable_getMiniflareWorkerOptions`), its data in the same folders
// (`<state>/v3`), the local explorer on (the browser tests read the emails the shop sent there).
// What it leaves out is `wrangler dev`'s proxy: a second workerd and wrangler's Node process in
// front of the Worker, which cost the browser tests' shop more than half of its CPU and dropped
// answers under load (decision 0031). `npm start` and the operations tests keep `wrangler dev`.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { localPersistence, ROOT } from "./local.mjs";

const SERVER_BUILD = join(ROOT, "build", "server");

/**
 * The server build's modules: its entry and every chunk it may import, listed (wrangler's
 * `no_bundle` rules do the same; Miniflare v5 takes no rules).
 */
function serverModules() {
  const chunks = readdirSync(join(SERVER_BUILD, "assets"), { recursive: true, encoding: "utf8" }).filter((name) => /\.m?js$/.test(name));
  return [join(SERVER_BUILD, "index.js"), ...chunks.map((name) => join(SERVER_BUILD, "assets", name))].map((path) => ({
    type: /** @type {const} */ ("ESModule"),
    path,
  }));
}

/**
 * Serves the built shop on 127.0.0.1:`port` with its data in `stateDir` and `vars` over the
 * build's own; resolves once it answers.
 * @param {{ port: number, stateDir: string, vars?: Record<string, string> }} options
 */
export async function startMiniflareShop({ port, stateDir, vars = {} }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(SERVER_BUILD, "wrangler.json"));
  // The build is listed module by module below.
  delete workerOptions.modulesRules;
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      ...localPersistence(stateDir),
      unsafeLocalExplorer: true,
      // The Worker's console and warnings pass through; no line per request (wrangler dev
      // prints none either under a test).
      logRequests: false,
      log: new Log(LogLevel.WARN),
      workers: [
        {
          name: "raw-dogg-shop",
          ...workerOptions,
          rootPath: SERVER_BUILD,
          modules: serverModules(),
          bindings: { .../** @type {Record<string, import("miniflare").Json>} */ (workerOptions.bindings ?? {}), ...vars },
        },
      ],
    }),
  );
  const url = await miniflare.ready;
  return { url: url.href, dispose: () => miniflare.dispose() };
}
