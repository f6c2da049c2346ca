// Operations: the crash drill, short (README, "Game day"; `npm run gameday` is the long one).
// 20 shoppers, agents and the owner for 10 s, one SIGKILL of the shop mid-traffic and a
// restart on the same data, then the audit, each of its checks a test of its own.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { runGameday } from "../../scripts/gameday.mjs";
import { ensureBuilt, freshStateDir } from "./helpers.mjs";

const PORT = Number(process.env.TEST_PORT ?? 8790) + 10;
const stateDir = freshStateDir();
/** @type {Awaited<ReturnType<typeof runGameday>>} */
let drill;

before(async () => {
  ensureBuilt();
  drill = await runGameday({ port: PORT, stateDir, seconds: 10, shoppers: 20, kills: 1, rushShoppers: 0 });
  console.log(drill.report.join("\n"));
});
after(() => rmSync(stateDir, { recursive: true, force: true }));

/** The audit's check named `name`, asserted with what it found. */
function holds(name) {
  const check = drill.checks.find((c) => c.name === name);
  assert.ok(check, `no check named "${name}"`);
  assert.ok(check.ok, `${name}:\n${check.found.join("\n")}`);
}

test("the shop was killed mid-traffic and answered again on the same data", () => {
  assert.equal(drill.windows.length, 1);
  assert.ok(drill.windows[0].inFlight > 0, "no request was in flight when the shop was killed");
  assert.ok(drill.record.confirmed.size > 0, "no order was placed");
});

test("every order a shopper or agent was shown exists exactly once, through a crash", () => holds("every confirmed order exists exactly once"));

test("stock adds up on every variant through a crash: units sold + units left = starting stock", () => holds("stock adds up on every variant"));

test("no cart was lost in a crash", () => holds("no cart was lost"));

test("no 5xx and no refused connection outside the kill window", () => holds("no 5xx outside the kill windows"));

// The outbox writes each job in the order's own batch, and its sweep queues what a kill kept
// from the queue (README, "The outbox: what survives a crash").
test("every placed order has exactly one confirmation email, sent or queued, through a crash", () =>
  holds("every placed order has exactly one confirmation email, sent or queued"));

test("the checkout POST's p50 and p99 are measured", () => {
  assert.ok(drill.latency.count > 0);
  console.log(`checkout POST p50 ${drill.latency.p50} ms, p99 ${drill.latency.p99} ms over ${drill.latency.count}`);
});
