// A hostile client against `npm start` itself (README, "What the shop promises about security"): 2,000 mixed requests
// (oversized, malformed, wrong types, foreign origins, early 4xx, over the abuse limits),
// eight at a time, get no answer of 500 or more, and the shop answers normally right after.
// Before, every answer that left the request body unread (a 413, a 429, an early 400) cost
// the next POST a 500 "Network connection lost" from wrangler's dev proxy.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { localEnv, ROOT, seededDatabase } from "../../scripts/local.mjs";
import { ensureBuilt, freshStateDir } from "./helpers.mjs";

// Next to the browser tests' port (durability.test.mjs takes +6), so that two checkouts' runs do not collide.
const PORT = Number(process.env.TEST_PORT ?? 8790) + 4;
const BASE = `http://127.0.0.1:${PORT}`;
const stateDir = freshStateDir();
let shop;

before(async () => {
  ensureBuilt();
  // Migrated and seeded already (quiet-start.test.mjs watches npm start do it on an empty folder).
  await seededDatabase(stateDir);
  // The README's command, on its own port and data, serving the build npm test made.
  shop = spawn("npm", ["start"], {
    cwd: ROOT,
    env: localEnv({ PORT: String(PORT), SHOP_STATE_DIR: stateDir, SKIP_BUILD: "1" }),
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`npm start did not answer on ${BASE} within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

after(async () => {
  if (shop) {
    const exited = new Promise((resolve) => shop.once("exit", resolve));
    try {
      process.kill(-shop.pid, "SIGTERM");
      await exited;
    } catch {
      // Already gone.
    }
  }
  rmSync(stateDir, { recursive: true, force: true });
});

const json = "application/json";
const form = "application/x-www-form-urlencoded";
const padding = "x".repeat(20 * 1024);

/** Each kind of hostile request: method, path, body, content type, extra headers. */
const HOSTILE = [
  ["POST", "/api/cart", JSON.stringify({ productId: 1, pad: padding }), json],
  ["POST", "/api/cart", "{not json", json],
  ["POST", "/api/cart", "[1,2,3]", json],
  ["POST", "/api/cart", JSON.stringify({ productId: 1 }), json, { Origin: "https://evil.example" }],
  ["PATCH", "/api/cart/abc", JSON.stringify({ quantity: "x" }), json],
  ["DELETE", "/api/cart/999999999"],
  ["POST", "/api/products/xyz/reactions", JSON.stringify({ emoji: "🔥" }), json],
  ["POST", "/api/products/1/reactions", JSON.stringify({ emoji: "💩" }), json],
  ["POST", "/api/creators", JSON.stringify({ socialLinks: [1, 2] }), json],
  ["POST", "/api/affiliates", "x".repeat(64 * 1024), "text/plain"],
  ["POST", "/api/no-such-route", JSON.stringify({ a: 1 }), json],
  ["POST", "/api/payment/create-payment-intent", JSON.stringify({ customerEmail: 42 }), json],
  ["POST", "/newsletter", "{}", json],
  ["POST", "/affiliate", "--x\r\ngarbage", "multipart/form-data; boundary=x"],
  ["POST", "/Checkout", padding, form],
  ["POST", "/cart/", "intent=nope", form],
  ["POST", "/products/plain-jane", "a[99999999]=1", form],
  ["POST", "/vendor-application", JSON.stringify({ businessName: ["a"] }), json],
  ["GET", "/products/%E0%A4%A"],
  ["GET", "/api/products?categoryId=1,x"],
];

test("2,000 hostile requests against npm start: no answer of 500 or more, and the shop answers normally after", async () => {
  const statuses = new Map();
  const failures = [];
  const send = async (index) => {
    const [method, path, body, type, extra = {}] = HOSTILE[index % HOSTILE.length];
    const response = await fetch(`${BASE}${path}`, {
      method,
      body,
      headers: { ...(type ? { "Content-Type": type } : {}), ...extra },
      redirect: "manual",
    });
    const text = await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500) failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 100)}`);
  };
  for (let i = 0; i < 2000; i += 8) await Promise.all(Array.from({ length: 8 }, (_, k) => send(i + k)));
  console.log("answers by status:", Object.fromEntries([...statuses].sort()));
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} answers of 500 or more`);

  for (const path of ["/", "/products", "/products/24k-gold", "/api/products", "/api/health"]) {
    assert.equal((await fetch(`${BASE}${path}`)).status, 200, path);
  }
  // A normal write right after: served, or held back by the abuse limit the run exhausted, never lost.
  const added = await fetch(`${BASE}/api/cart`, { method: "POST", body: JSON.stringify({ productId: 2 }), headers: { "Content-Type": json } });
  assert.ok([200, 429].includes(added.status), `POST /api/cart after the run: ${added.status}`);
});
