// The rush (README, "Game day"): many shoppers, each with the same one unit in their cart,
// press PAY at the same moment for the last few units of one variant. Exactly as many orders
// as units are placed; everyone else is told it sold out, and nobody gets a 5xx.
import { percentile } from "./audit.mjs";
import { ADDRESS, DROPPED, ORDER_NUMBER, untilAnswered, Visitor } from "./traffic.mjs";

/**
 * How long a rush shopper waits for an answer (its add, its checkout page, its PAY): as a
 * browser does (Chromium gives up after 5 minutes), not the drill's usual 30 s. All 200 ask at
 * once, and local workerd answers them one after another on one thread: on a loaded 2-core
 * machine (load average 35) the last answers took longer than 30 s, and a shopper who gave up
 * would be counted as no answer though the shop answered. The report gives the p50 and p99 as
 * they were.
 */
const RUSH_WAIT_MS = 180_000;

/** A shopper getting ready keeps at it as the drill's others do: sent again while there is no answer or a 5xx. */
const NEVER = { at: Infinity, hard: false };

/**
 * Puts exactly one of the rush's variant in the shopper's cart. An add is an increment, so
 * one that got no answer (or the dev server's DROPPED) is not simply sent again: the shopper
 * looks at the cart first, and sets the line to 1 if the unanswered add was made after all.
 * @param {Visitor} visitor @param {{ productId: number, variantId: number }} line
 */
async function oneInCart(visitor, line) {
  const add = () =>
    visitor.request("POST /api/cart (rush)", "/api/cart", {
      method: "POST",
      json: { productId: line.productId, variantId: line.variantId, quantity: 1 },
      waitMs: RUSH_WAIT_MS,
    });
  let answer = await add();
  for (let tries = 0; tries < 20 && !(answer.status > 0 && answer.status < 500); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cart = await visitor.request("GET /api/cart (rush)", "/api/cart", { waitMs: RUSH_WAIT_MS });
    if (cart.status !== 200) continue;
    /** @type {{ id: number, quantity: number } | undefined} */
    const held = JSON.parse(cart.text)[0];
    if (!held) answer = await add();
    else
      answer =
        held.quantity === 1
          ? cart
          : await visitor.request("PATCH /api/cart/:id (rush)", `/api/cart/${held.id}`, { method: "PATCH", json: { quantity: 1 }, waitMs: RUSH_WAIT_MS });
  }
  return answer;
}

/** The variant the rush is for: the snapback, which the rest of the drill's traffic never buys. */
export const RUSH_SKU = "RD-SNAPBACK";

/** Sets the rush variant's stock (before the shop starts): what `executeSql` runs. */
export const rushStockSql = (/** @type {number} */ units) => `UPDATE variants SET stock = ${Number(units)} WHERE sku = '${RUSH_SKU}'`;

/**
 * Runs the rush against the shop at `base` for the variant `line` ({ productId, variantId }).
 * @param {{ base: string, record: ReturnType<typeof import("./traffic.mjs").createRecord>, line: { productId: number, variantId: number }, shoppers: number, units: number }} options
 */
export async function rush({ base, record, line, shoppers, units }) {
  // Every shopper fills a cart and opens the checkout page first: the rush is the PAY.
  /** @type {({ visitor: Visitor, key: string, i: number } | { failed: string })[]} */
  const ready = await Promise.all(
    Array.from({ length: shoppers }, async (_, i) => {
      const visitor = new Visitor(base, record);
      const added = await oneInCart(visitor, line);
      const page = await untilAnswered(() => visitor.request("GET /checkout (rush)", "/checkout", { waitMs: RUSH_WAIT_MS }), NEVER);
      const key = /name="checkoutKey" value="([^"]+)"/.exec(page.text)?.[1];
      if (added.status === 200 && key) return { visitor, key, i };
      return { failed: added.status !== 200 ? `cart ${added.status || "no answer"}` : `checkout page ${page.status || "no answer"}` };
    }),
  );
  /** @type {{ visitor: Visitor, key: string, i: number }[]} */
  const set = [];
  /** @type {Map<string, number>} why shoppers did not reach PAY */
  const unready = new Map();
  for (const shopper of ready) {
    if ("failed" in shopper) unready.set(shopper.failed, (unready.get(shopper.failed) ?? 0) + 1);
    else set.push(shopper);
  }
  const started = Date.now();
  const answers = await Promise.all(
    set.map(async ({ visitor, key, i }) => {
      const form = { email: `rush-${i}@example.com`, ...ADDRESS, cardholderName: "Jane Doe", checkoutKey: key };
      const start = Date.now();
      const answer = await visitor.request("POST /checkout (rush)", "/checkout", { method: "POST", form, waitMs: RUSH_WAIT_MS });
      const number = answer.status === 200 ? ORDER_NUMBER.exec(answer.text)?.[0] : undefined;
      if (number) record.confirmed.set(number, { door: "rush", checkoutKey: key, session: visitor.session });
      return { status: answer.status, number, ms: Date.now() - start, error: answer.error };
    }),
  );
  const times = answers.map((answer) => answer.ms);
  const statuses = new Map();
  for (const { status, number, error } of answers) {
    const what = number
      ? "200 with an order"
      : status === 0
        ? `no answer (${error})`
        : status === DROPPED
          ? "dropped by the local dev server's proxy"
          : String(status);
    statuses.set(what, (statuses.get(what) ?? 0) + 1);
  }
  const placed = answers.filter((answer) => answer.number).length;
  const failed = answers.filter((answer) => answer.status === 0 || answer.status >= 500).length;
  const dropped = answers.filter((answer) => answer.status === DROPPED).length;
  return {
    shoppers,
    units,
    ready: set.length,
    unready,
    placed,
    failed,
    dropped,
    statuses,
    seconds: (Date.now() - started) / 1000,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ok: set.length === shoppers && placed === units && failed === 0,
  };
}

/** The rush's lines of the report. @param {Awaited<ReturnType<typeof rush>>} result */
export function formatRush(result) {
  return [
    `${result.ok ? "✔" : "✖"} the rush: ${result.shoppers} shoppers for the last ${result.units} units of ${RUSH_SKU} placed exactly ${result.units} orders, with no 5xx`,
    `    ${result.ready} shoppers ready at PAY${result.unready.size > 0 ? ` (not: ${[...result.unready].map(([why, n]) => `${n} × ${why}`).join(", ")})` : ""}; ${result.placed} orders placed; answers: ${[...result.statuses].map(([what, n]) => `${n} × ${what}`).join(", ")}`,
    `    checkout POST p50 ${result.p50} ms, p99 ${result.p99} ms (all ${result.ready} at once, answered within ${result.seconds.toFixed(1)} s)`,
    ...(result.dropped > 0 ? [`    ${result.dropped} dropped by the local dev server's proxy, not the shop (see DROPPED in scripts/gameday/traffic.mjs)`] : []),
  ];
}
