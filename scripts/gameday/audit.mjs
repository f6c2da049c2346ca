// The crash drill's audit (README, "Game day"): what the shoppers were told, held against
// what the local D1 kept. It reads the database only (readDatabase), so it runs as well on
// a database restored from an export as on the one the drill ran against.
import { readFileSync } from "node:fs";
import { readDatabase } from "./shop.mjs";
import { DROPPED } from "./traffic.mjs";

/** Orders that count: placed and moved on, or cancelled (an intent is a checkout not yet paid). */
const PLACED = "o.status <> 'intent'";
/** Orders whose units are sold: a cancelled order gave its stock back. */
const SELLING = "o.status NOT IN ('intent', 'cancelled')";

/**
 * Every variant with counted stock, and what its stock would be with nothing sold: its
 * stock now plus the units its live orders hold. Read before the drill, it is the starting
 * stock every later read must add up to.
 * @param {string} stateDir
 * @returns {Map<number, number>}
 */
export function startingStock(stateDir) {
  const db = readDatabase(stateDir);
  try {
    const rows = db.all(
      `SELECT v.id, v.stock + coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.variant_id = v.id AND ${SELLING}), 0) AS start
       FROM variants v WHERE v.stock IS NOT NULL`,
    );
    return new Map(rows.map((row) => [row.id, row.start]));
  } finally {
    db.close();
  }
}

/** The `p`th percentile (0–100) of `values`, in ms; null for none. @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * An email record's statuses that mean it will not go out by itself: a claim left `sending`
 * by a consumer that died (taken over only minutes later), one the queue gave up on, one the
 * daily cap kept back.
 * @type {Record<string, string>}
 */
const NOT_GOING_OUT = { sending: "stuck at sending", dead: "dead", withheld: "withheld" };

/** Whether the local D1 has table `name` (a database from before a migration may not). */
const hasTable = (/** @type {{ all: (sql: string, ...params: any[]) => Record<string, any>[] }} */ db, /** @type {string} */ name) =>
  db.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).length > 0;

/** The kinds of request that place a web order: the checkout form's POST, with and without JavaScript. */
export const CHECKOUT_POSTS = new Set(["POST /checkout (no JS)", "POST /checkout.data (JS)"]);

/** @typedef {{ kind: string, status: number, start: number, end: number, request?: string, error?: string }} Response */
/** @typedef {{ from: number, to: number }} Window */
/** @typedef {{ name: string, ok: boolean, found: string[], email?: boolean }} Check */

/** Whether an answer's request overlaps a kill window. @param {Response} response @param {Window[]} windows */
const inWindow = (response, windows) => windows.some((w) => response.start <= w.to && response.end >= w.from);

/**
 * Counts, per order number, the confirmation emails wrangler's simulated `send_email`
 * logged (their subject names the order): one sent twice shows up as 2.
 * @param {string} log wrangler's output
 */
function confirmationsSent(log) {
  const sent = new Map();
  for (const [, number] of log.matchAll(/^Subject: Your .+ order (RD-[0-9A-Z]{4}-[0-9A-Z]{4})\s*$/gm)) sent.set(number, (sent.get(number) ?? 0) + 1);
  return sent;
}

/**
 * The requests wrangler's proxy says it failed to pass to the Worker ("Error inside ProxyWorker
 * … : POST http://127.0.0.1:8780/checkout (failed after 1 attempt): Network connection lost."),
 * counted by "<method> <path>".
 * @param {string} log wrangler's output
 */
export function droppedByProxy(log) {
  const dropped = new Map();
  for (const [, method, url] of log.matchAll(/Error inside ProxyWorker.*?: ([A-Z]+) (\S+) \(failed after \d+ attempts?\)/g)) {
    const at = URL.canParse(url) ? new URL(url) : null;
    const request = `${method} ${at ? at.pathname + at.search : url}`;
    dropped.set(request, (dropped.get(request) ?? 0) + 1);
  }
  return dropped;
}

/**
 * The audit. Each check: its name, whether it held, and what it counted or found.
 * @param {{
 *   stateDir: string,
 *   record: ReturnType<typeof import("./traffic.mjs").createRecord>,
 *   stock: Map<number, number>,
 *   windows?: { from: number, to: number }[],
 *   log?: string,
 * }} input `windows`: the kill windows (from each kill to the shop answering again); `log`: wrangler's output file
 */
export function audit({ stateDir, record, stock, windows = [], log }) {
  const db = readDatabase(stateDir);
  /** @type {Check[]} */
  const checks = [];
  try {
    // Every order a shopper or agent was shown exists exactly once.
    const missing = [];
    const doubled = [];
    for (const number of record.confirmed.keys()) {
      const [{ n }] = db.all(`SELECT count(*) AS n FROM orders o WHERE o.number = ? AND ${PLACED}`, number);
      if (n === 0) missing.push(number);
      if (n > 1) doubled.push(number);
    }
    for (const { checkoutKey, session } of record.confirmed.values()) {
      if (!session) continue;
      const [{ n }] = db.all("SELECT count(*) AS n FROM orders WHERE session_id = ? AND checkout_key = ?", session, checkoutKey);
      if (n > 1) doubled.push(`checkout ${checkoutKey}`);
    }
    const [{ placed }] = db.all(`SELECT count(*) AS placed FROM orders o WHERE ${PLACED}`);
    checks.push({
      name: "every confirmed order exists exactly once",
      ok: record.confirmed.size > 0 && missing.length === 0 && doubled.length === 0,
      found: [
        `${record.confirmed.size} orders confirmed to shoppers and agents; ${placed} placed orders in D1 (${placed - record.confirmed.size} placed whose answer no client got)`,
        ...missing.map((number) => `missing: ${number}`),
        ...doubled.map((what) => `more than once: ${what}`),
      ],
    });

    // Stock adds up: units sold in live orders + units left = starting stock, on every counted variant.
    const wrong = [];
    const now = new Map(
      db
        .all(
          `SELECT v.id, v.sku, v.stock, coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.variant_id = v.id AND ${SELLING}), 0) AS sold
           FROM variants v WHERE v.stock IS NOT NULL`,
        )
        .map((row) => [row.id, row]),
    );
    let sold = 0;
    for (const [id, start] of stock) {
      const row = now.get(id);
      sold += row?.sold ?? 0;
      if (!row || row.sold + row.stock !== start) wrong.push(`${row?.sku ?? id}: ${row?.sold} sold + ${row?.stock} left ≠ ${start} at the start`);
    }
    checks.push({ name: "stock adds up on every variant", ok: wrong.length === 0, found: [`${stock.size} variants, ${sold} units sold`, ...wrong] });

    // Every placed order has exactly one confirmation email, sent or queued, and every move the owner made its update.
    const emails = new Map(db.all("SELECT key, status, attempts FROM emails").map((row) => [row.key, row]));
    // A claim left `sending` by a consumer that died is queued all the same while its job is in
    // the outbox: the sweep takes the claim over once it is older than CLAIM_HOLDS (minutes).
    // A job in the outbox with no email record yet is queued too: the sweep queues it (again), a
    // job it already swept once it has waited SWEEP_AGAIN (10 minutes) with no record: the queue
    // message it was given died with a killed shop. It is told apart from one sent, by name.
    /** @type {Map<string, { swept: boolean }>} */
    const inOutbox = new Map(
      hasTable(db, "outbox")
        ? db.all("SELECT key, swept_at FROM outbox WHERE channel = 'email'").map((row) => [row.key, { swept: row.swept_at !== null }])
        : [],
    );
    const goesOut = (/** @type {string} */ key, /** @type {string} */ status) => !(status in NOT_GOING_OUT) || (status === "sending" && inOutbox.has(key));
    /** How a job with no email record waits in the outbox, for the report; undefined when it is not there (lost). @param {string} key */
    const outboxOnly = (key) => {
      const job = inOutbox.get(key);
      if (!job) return undefined;
      return job.swept
        ? "in the outbox only, swept once already: queued again by the sweep after 10 minutes"
        : "in the outbox only, not swept yet: queued by the next sweep";
    };
    const orders = db.all(`SELECT o.id, o.number FROM orders o WHERE ${PLACED}`);
    const sends = log ? confirmationsSent(readFileSync(log, "utf8")) : new Map();
    /** @type {Record<string, string[]>} */
    const lost = { "no email record": [], "stuck at sending": [], dead: [], withheld: [], "sent twice": [] };
    let sent = 0;
    /** @type {Map<string, number>} by status: `failed` waits for the queue's next try; any other status the outbox may add counts as queued, by name */
    const queued = new Map();
    for (const order of orders) {
      const email = emails.get(`order_confirmation:${order.id}`);
      const waiting = email ? undefined : outboxOnly(`order_confirmation:${order.id}`);
      if (waiting) queued.set(waiting, (queued.get(waiting) ?? 0) + 1);
      else if (!email) lost["no email record"].push(order.number);
      else if (email.status === "sent") sent++;
      else if (!goesOut(`order_confirmation:${order.id}`, email.status)) lost[NOT_GOING_OUT[email.status]].push(order.number);
      else {
        const as = email.status === "sending" ? "sending, its claim to be taken over by the outbox's sweep" : email.status;
        queued.set(as, (queued.get(as) ?? 0) + 1);
      }
      if ((sends.get(order.number) ?? 0) > 1) lost["sent twice"].push(order.number);
    }
    const moves = db.all(
      "SELECT o.id, o.number, e.status FROM order_events e JOIN orders o ON o.id = e.order_id WHERE e.status IN ('packed', 'shipped', 'delivered', 'cancelled')",
    );
    const updatesLost = moves.filter((move) => {
      const key = `order_update:${move.id}:${move.status}`;
      const status = emails.get(key)?.status;
      return status === undefined ? !outboxOnly(key) : !goesOut(key, status);
    });
    const lostCount = Object.values(lost).reduce((sum, list) => sum + list.length, 0);
    checks.push({
      name: "every placed order has exactly one confirmation email, sent or queued",
      email: true,
      ok: lostCount === 0 && updatesLost.length === 0,
      found: [
        `${orders.length} placed orders: ${sent} confirmations sent, ${[...queued.values()].reduce((a, b) => a + b, 0)} queued${queued.size > 0 ? ` (${[...queued].map(([status, n]) => `${n} ${status}`).join(", ")})` : ""}`,
        ...Object.entries(lost)
          .filter(([, numbers]) => numbers.length > 0)
          .map(([why, numbers]) => `${numbers.length} ${why}: ${numbers.slice(0, 12).join(", ")}${numbers.length > 12 ? ", …" : ""}`),
        `${moves.length} moves by the owner: ${moves.length - updatesLost.length} with their update email sent or queued`,
        ...(updatesLost.length > 0
          ? [
              `${updatesLost.length} updates without one: ${updatesLost
                .slice(0, 8)
                .map((m) => `${m.number} ${m.status}`)
                .join(", ")}`,
            ]
          : []),
      ],
    });

    // No cart was lost: every cart left with lines still holds them.
    const lostCarts = [];
    for (const cart of record.carts) {
      const lines = new Map(
        db
          .all("SELECT product_id, coalesce(variant_id, 0) AS variant_id, quantity FROM cart_lines WHERE cart_id = ?", cart.session)
          .map((row) => [`${row.product_id}:${row.variant_id}`, row.quantity]),
      );
      for (const [key, { confirmed, unsure }] of cart.lines) {
        const quantity = lines.get(key) ?? 0;
        if (quantity < confirmed || quantity > confirmed + unsure)
          lostCarts.push(`${cart.session.slice(0, 8)}…: line ${key} holds ${quantity}, was given ${confirmed}${unsure ? ` (+${unsure} unanswered)` : ""}`);
      }
    }
    checks.push({ name: "no cart was lost", ok: lostCarts.length === 0, found: [`${record.carts.length} carts left with lines`, ...lostCarts.slice(0, 12)] });
  } finally {
    db.close();
  }

  // No 5xx, and no failed connection, outside the kill windows. An answer dropped by wrangler
  // dev's proxy (DROPPED) is not the shop's only when the proxy logged it: one it did not log counts as a 5xx.
  if (record.responses.length > 0) {
    const proxyLogged = log ? droppedByProxy(readFileSync(log, "utf8")) : new Map();
    const dropped = record.responses.filter((response) => response.status === DROPPED);
    const unexplained = new Set(
      dropped.filter((response) => {
        const left = proxyLogged.get(response.request) ?? 0;
        proxyLogged.set(response.request, left - 1);
        return left <= 0;
      }),
    );
    const failed = (/** @type {Response} */ response) => response.status === 0 || response.status >= 500 || unexplained.has(response);
    const outside = record.responses.filter((response) => failed(response) && !inWindow(response, windows));
    const inside = record.responses.filter((response) => inWindow(response, windows));
    /** @type {Map<string, number>} */
    const byKind = new Map();
    const what = (/** @type {Response} */ response) =>
      `${response.kind} → ${response.status === DROPPED ? "dropped by the proxy, not in its log" : response.status || `no answer (${response.error})`}`;
    for (const response of outside) byKind.set(what(response), (byKind.get(what(response)) ?? 0) + 1);
    checks.push({
      name: "no 5xx outside the kill windows",
      ok: outside.length === 0,
      found: [
        `${record.responses.length} answers, ${inside.length} of them during the ${windows.length} kill windows (${inside.filter(failed).length} failed there)`,
        ...(dropped.length > 0
          ? [
              `${dropped.length} dropped by wrangler dev's proxy (500 "Network connection lost", no X-Request-Id), ${dropped.length - unexplained.size} of them in its log as "Error inside ProxyWorker": not the shop's (see DROPPED in scripts/gameday/traffic.mjs)`,
            ]
          : []),
        ...[...byKind].map(([what, n]) => `${n} × ${what}`),
      ],
    });
  }
  return checks;
}

/**
 * The checkout POST's latency, in ms: answers with an order, outside the kill windows.
 * @param {Response[]} responses
 * @param {Window[]} [windows]
 */
export function checkoutLatency(responses, windows = [], kinds = CHECKOUT_POSTS) {
  const times = responses.filter((r) => kinds.has(r.kind) && r.status === 200 && !inWindow(r, windows)).map((r) => r.end - r.start);
  return { count: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The audit's checks as lines of the report: ✔ or ✖, then what each found. @param {Check[]} checks */
export function formatChecks(checks) {
  return checks.flatMap((check) => [`${check.ok ? "✔" : "✖"} ${check.name}`, ...check.found.map((line) => `    ${line}`)]);
}
