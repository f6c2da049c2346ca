#!/usr/bin/env node
// Where an uncached page's time goes inside the Worker: builds (unless $SKIP_BUILD), serves the
// built Worker on its own port ($PROFILE_PORT, default 8799) with a fresh seeded database, then
// records a V8 CPU profile of the Worker through wrangler's inspector while it renders the page
// ($PROFILE_PATH, default /) $PROFILE_RENDERS times (default 200), each with a query the page
// cache does not know, one at a time. Prints the Worker's CPU time per render, and the self time
// grouped by the bundle the code was built into (or the runtime's own code) and by function,
// largest first.
//
//   SKIP_BUILD=1 npm run profile:render
//   PROFILE_PATH=/products SKIP_BUILD=1 npm run profile:render
import { startMeasuredShop } from "./local.mjs";

const PORT = Number(process.env.PROFILE_PORT ?? 8799);
const INSPECTOR_PORT = PORT + 1000;
const PATH = process.env.PROFILE_PATH ?? "/";
const RENDERS = Number(process.env.PROFILE_RENDERS ?? 200);
const TOP = 25;

const { base, stop } = await startMeasuredShop({ port: PORT, name: "profile", inspectorPort: INSPECTOR_PORT });
try {
  const page = (/** @type {number | string} */ n) => `${base}${PATH}${PATH.includes("?") ? "&" : "?"}profile=${n}`;
  // Warm up: the first renders load modules, compile and fill the isolate's catalog copy.
  for (let n = 0; n < 20; n++) await (await fetch(page(`warm-${n}`))).arrayBuffer();

  const inspector = await connect(INSPECTOR_PORT);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  const started = performance.now();
  let bytes = 0;
  for (let n = 0; n < RENDERS; n++) bytes += (await (await fetch(page(n))).arrayBuffer()).byteLength;
  const wall = performance.now() - started;
  const { profile } = await inspector.send("Profiler.stop");
  inspector.close();
  report(profile, { wall, bytes });
} finally {
  await stop();
}

/**
 * The Worker's DevTools session: wrangler's inspector lists it at /json.
 * @param {number} port
 * @returns {Promise<{ send: (method: string, params?: object) => Promise<any>, close: () => void }>}
 */
async function connect(port) {
  const deadline = Date.now() + 30_000;
  let targets = [];
  while (targets.length === 0) {
    try {
      targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
    } catch {
      if (Date.now() > deadline) throw new Error(`No inspector answered on port ${port}.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  // wrangler's inspector takes a DevTools client from a local origin only.
  // (Node's WebSocket takes headers, as undici's options; the DOM's type does not know them.)
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, /** @type {any} */ ({ headers: { Origin: "http://localhost" } }));
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  /** @type {Map<number, { resolve: (result: any) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    send: (/** @type {string} */ method, params = {}) =>
      new Promise((resolve, reject) => {
        waiting.set(++id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/**
 * Where a function's code comes from: the bundle it was built into (the page bundle holds React's
 * server renderer and the routes, the shell chunk React Router and the shop's components,
 * index.js the Worker: Hono, Drizzle, the shop's services), or the runtime's own code (HTMLRewriter,
 * streams, text encoding) for a function without a script.
 * @param {CallFrame} frame
 */
function origin({ url, functionName }) {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)" || functionName === "(program)") return functionName;
  if (!url) return "the runtime (HTMLRewriter, streams, encoding)";
  return (url.split("/").pop() ?? url).replace(/-[\w-]{8}\.js$/, ".js");
}

/**
 * @typedef {{ url: string, functionName: string, lineNumber: number }} CallFrame
 * @typedef {{ nodes: { id: number, callFrame: CallFrame }[], samples: number[], timeDeltas: number[] }} CpuProfile
 * @param {CpuProfile} profile
 * @param {{ wall: number, bytes: number }} measured
 */
function report(profile, { wall, bytes }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const gaps = profile.timeDeltas;
  profile.samples.forEach((nodeId, index) => {
    const next = gaps[index + 1] ?? 0;
    self.set(nodeId, (self.get(nodeId) ?? 0) + next);
  });
  const byOrigin = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const [nodeId, micros] of self) {
    const node = nodes.get(nodeId);
    if (!node) continue;
    const frame = node.callFrame;
    const from = origin(frame);
    if (from === "(idle)" || from === "(program)") continue;
    busy += micros;
    byOrigin.set(from, (byOrigin.get(from) ?? 0) + micros);
    const name = `${frame.functionName || "(anonymous)"} (${frame.url ? `${from}:${frame.lineNumber + 1}` : from})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const ms = (/** @type {number} */ micros) => (micros / 1000 / RENDERS).toFixed(2);
  const share = (/** @type {number} */ micros) => `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(
    `\n${RENDERS} uncached renders of ${PATH}, one at a time: ${(wall / RENDERS).toFixed(1)} ms each on the wall clock, ${(bytes / RENDERS / 1024).toFixed(1)} KB each.`,
  );
  console.log(`The Worker's isolate was busy ${ms(busy)} ms a render (V8 samples, every 0.1 ms).\n`);
  console.log("| Where | ms a render | share |\n| --- | ---: | ---: |");
  for (const [from, micros] of [...byOrigin].sort((a, b) => b[1] - a[1])) console.log(`| ${from} | ${ms(micros)} | ${share(micros)} |`);
  console.log(`\nThe ${TOP} functions with the most self time:\n`);
  console.log("| Function | ms a render | share |\n| --- | ---: | ---: |");
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| \`${name}\` | ${ms(micros)} | ${share(micros)} |`);
}
