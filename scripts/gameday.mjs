// npm run gameday: the crash drill (README, "Game day"). Serves the built Worker on a fresh
// local database (.wrangler/gameday) with the abuse limits off, drives mixed traffic from
// shoppers, agents and the owner for $GAMEDAY_SECONDS (default 60), kills the shop with
// SIGKILL $GAMEDAY_KILLS times (default 2) and starts it again on the same data, then runs
// the rush ($GAMEDAY_RUSH shoppers, default 200, for the last 10 units of one variant),
// lets the emails drain, stops the shop and audits what the shoppers were told against what
// D1 kept. Prints the report; exits 1 when a check fails.
//
// $GAMEDAY_SHOPPERS (default 20) sets how many visit at once, $GAMEDAY_PORT (default 8780,
// and the next for its inspector) the port; $SKIP_BUILD=1 serves the last build as it is.
import { loadavg, cpus } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, run, seededDatabase } from "./local.mjs";
import { audit, checkoutLatency, formatChecks, startingStock } from "./gameday/audit.mjs";
import { rush, RUSH_SKU, rushStockSql, formatRush } from "./gameday/rush.mjs";
import { DRILL_ADMIN_PASSWORD, drillShop, executeSql, hasCronTrigger, readDatabase } from "./gameday/shop.mjs";
import { buyableLines, createRecord, owner, shopper } from "./gameday/traffic.mjs";

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Emails still due: placed orders without a confirmation record, and moves without their
 * update's, that is not being sent right now.
 */
const EMAILS_DUE = `SELECT
  (SELECT count(*) FROM orders o WHERE o.status <> 'intent' AND NOT EXISTS
     (SELECT 1 FROM emails e WHERE e.key = 'order_confirmation:' || o.id AND e.status <> 'sending'))
  + (SELECT count(*) FROM order_events v WHERE v.status IN ('packed', 'shipped', 'delivered', 'cancelled') AND NOT EXISTS
     (SELECT 1 FROM emails e WHERE e.key = 'order_update:' || v.order_id || ':' || v.status AND e.status <> 'sending')) AS due,
  (SELECT count(*) || ':' || group_concat(status) FROM emails)
  || ' ' || (SELECT count(*) || ':' || count(swept_at) FROM outbox) AS seen`;

/**
 * Waits until the shop's email queue has done what it can: every email due has its record,
 * or nothing changed for `quiet` ms (the queue's batches wait up to 5 s), at most `within`.
 * A sweep that queues jobs is a change: the drill waits for what it queued.
 * Meanwhile it asks the shop for its health every second, so that anything the shop does
 * on a request's way out (a sweep) happens, and runs the Cron Trigger if the Worker has one.
 * @param {ReturnType<typeof drillShop>} shop
 * @param {string} stateDir
 */
async function drainEmails(shop, stateDir, { quiet = 8000, within = 90_000 } = {}) {
  const cron = hasCronTrigger();
  const deadline = Date.now() + within;
  let last = "";
  let since = Date.now();
  while (Date.now() < deadline) {
    await fetch(`${shop.url}/api/health`).catch(() => undefined);
    if (cron) await fetch(`${shop.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`).catch(() => undefined);
    const db = readDatabase(stateDir);
    const [{ due, seen }] = db.all(EMAILS_DUE);
    db.close();
    if (due === 0) return;
    if (seen !== last) [last, since] = [seen, Date.now()];
    else if (Date.now() - since >= quiet) return;
    await sleep(1000);
  }
}

/**
 * The whole drill. Resolves with the audit's checks, the rush's result and the report's lines.
 * @param {{ port: number, stateDir: string, seconds?: number, shoppers?: number, kills?: number, rushShoppers?: number, rushUnits?: number, say?: (line: string) => void }} options
 */
export async function runGameday({ port, stateDir, seconds = 60, shoppers = 20, kills = 2, rushShoppers = 200, rushUnits = 10, say = () => undefined }) {
  const began = new Date();
  const loadBefore = loadavg()[0];
  say(`Preparing a fresh database in ${stateDir}…`);
  await seededDatabase(stateDir);
  if (rushShoppers > 0) executeSql(stateDir, rushStockSql(rushUnits));
  const stock = startingStock(stateDir);
  const log = join(stateDir, "wrangler.log");
  const shop = drillShop({ port, stateDir, log });
  const record = createRecord();
  /** @type {{ from: number, to: number, inFlight: number }[]} */
  const windows = [];
  let rushed = null;
  try {
    await shop.start();
    say(`The shop answers on ${shop.url}; ${shoppers} shoppers for ${seconds} s, ${kills} kill(s).`);
    /** @type {import("./gameday/traffic.mjs").Product[]} */
    const products = await (await fetch(`${shop.url}/api/products`)).json();
    const rushLine = products.flatMap((p) => p.variants.map((v) => ({ productId: p.id, variantId: v.id, sku: v.sku }))).find((v) => v.sku === RUSH_SKU);
    if (!rushLine) throw new Error(`The catalogue has no ${RUSH_SKU}: the rush needs it.`);
    const lines = buyableLines(products, { exclude: new Set([rushLine.variantId]) });
    const started = Date.now();
    const stop = { at: started + seconds * 1000, hard: false };
    let orderNumber = 0;
    const next = () => ++orderNumber;
    const running = [
      owner({ base: shop.url, record, password: DRILL_ADMIN_PASSWORD, stop }),
      ...Array.from({ length: Math.max(1, shoppers - 1) }, () => shopper({ base: shop.url, record, products, lines, next, stop })),
    ];
    let lastReady = started;
    for (let i = 0; i < kills; i++) {
      const at = Math.max(started + ((i + 1) * seconds * 1000) / (kills + 1), lastReady + 3000);
      await sleep(at - Date.now());
      const from = Date.now();
      await shop.kill();
      say(`Killed the shop (SIGKILL) at ${((from - started) / 1000).toFixed(1)} s; starting it again…`);
      await shop.start();
      lastReady = Date.now();
      const inFlight = record.responses.filter((r) => r.start < from && r.end >= from).length;
      windows.push({ from, to: lastReady, inFlight });
      say(`  answering again after ${((lastReady - from) / 1000).toFixed(1)} s`);
      // The shoppers keep going for a while after the last restart: their retries land, and the shop is seen whole.
      stop.at = Math.max(stop.at, lastReady + 5000);
    }
    await Promise.all(running);
    say(`Traffic done: ${record.responses.length} answers, ${record.confirmed.size} orders confirmed.`);
    if (rushShoppers > 0) {
      rushed = await rush({ base: shop.url, record, line: rushLine, shoppers: rushShoppers, units: rushUnits });
      say(`Rush done: ${rushed.placed} orders placed.`);
    }
    say("Letting the email queue drain…");
    await drainEmails(shop, stateDir);
  } finally {
    await shop.stop();
  }
  const checks = audit({ stateDir, record, stock, windows, log });
  const latency = checkoutLatency(record.responses, windows);
  const doors = new Map();
  for (const { door } of record.confirmed.values()) doors.set(door, (doors.get(door) ?? 0) + 1);
  const report = [
    `Game day, ${began.toISOString().slice(0, 16).replace("T", " ")} UTC: ${shoppers} shoppers for ${seconds} s, ${kills} SIGKILL(s) of the shop, then the rush`,
    `machine: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${loadavg()[0].toFixed(1)} after`,
    `traffic: ${record.responses.length} answers; orders confirmed by door: ${[...doors].map(([door, n]) => `${door} ${n}`).join(", ")}; ${record.refused} checkouts refused (4xx: sold out and such), ${record.unanswered} given up unanswered; ${record.moves.length} moves by the owner`,
    ...windows.map(
      (w, i) =>
        `kill ${i + 1}: shop down ${((w.to - w.from) / 1000).toFixed(1)} s (from the SIGKILL to answering again), ${w.inFlight} requests in flight when it died`,
    ),
    `checkout POST (no-JS and JS form posts that placed an order, outside the kill windows): ${latency.count} answers, p50 ${latency.p50} ms, p99 ${latency.p99} ms`,
    ...formatChecks(checks),
    ...(rushed ? formatRush(rushed) : []),
  ];
  const ok = checks.every((check) => check.ok) && (rushed?.ok ?? true);
  return { ok, checks, rushed, latency, record, windows, report, stock, stateDir };
}

// Run as a script (npm run gameday), not imported by the tests.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
  const number = (/** @type {string} */ name, /** @type {number} */ fallback) => (process.env[name] === undefined ? fallback : Number(process.env[name]));
  if (!process.env.SKIP_BUILD) run("npm", ["run", "build", "--silent"]);
  const result = await runGameday({
    port: number("GAMEDAY_PORT", 8780),
    stateDir: join(ROOT, ".wrangler", "gameday"),
    seconds: number("GAMEDAY_SECONDS", 60),
    shoppers: number("GAMEDAY_SHOPPERS", 20),
    kills: number("GAMEDAY_KILLS", 2),
    rushShoppers: number("GAMEDAY_RUSH", 200),
    say: (line) => console.error(line),
  });
  console.log(`\n${result.report.join("\n")}\n`);
  if (!result.ok) {
    console.log(
      `✖ Game day failed: ${[...result.checks.filter((c) => !c.ok).map((c) => c.name), ...(result.rushed && !result.rushed.ok ? ["the rush"] : [])].join("; ")}.`,
    );
    process.exit(1);
  }
  console.log("✔ Game day passed.");
}
