/**
 * The outbox that survives a crash (issue 36, item 3; README, "The outbox"): an order's
 * confirmation and a move's update are written in the order's or the move's own batch; a
 * crash after the batch (the job never handed to the queue, or a queue send that throws)
 * leaves a job the sweep queues, and the claim keeps every send exactly once. And the safe
 * retries of item 4: an idempotent D1 write is tried again on the transient errors
 * Cloudflare names, and nothing else is.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { createDatabase } from "../../workers/db/client";
import { isTransient, retryTransient, TRANSIENT_D1_ERRORS, TRANSIENT_TRIES } from "../../workers/db/retry";
import { createShop } from "../../workers/shop";
import { moveOrder } from "../../workers/shop/orders/lifecycle";
import { deliverEmail } from "../../workers/shop/emails/delivery";
import { createOutbox, emailKey, toOutbox, type EmailJob } from "../../workers/shop/emails/outbox";
import { REQUEST_SWEEP_EVERY_MS, sweepOutbox, sweepThrottle } from "../../workers/shop/emails/outbox-sweep";
import { createVisitor } from "../../workers/shop/visitor";
import { handleScheduled, OUTBOX_CRON, PAYOUT_CRON } from "../../workers/payout-run";
import { SHIPPING_ADDRESS } from "../shopper";
import { unique } from "./helpers";
import { deliver, emailRow, recordingMailer, storeOrder } from "./mail";
import { row } from "./owner";
import { Visitor } from "./visitor";
import { sql } from "drizzle-orm";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import type { AppEnv } from "../../workers/request-context";
import { sweepAfter } from "../../workers/edge/outbox-sweep";

const ORIGIN = "https://shop.test";
const SINGLE = 18;
const db = createDatabase(env.DB);
const noLog = () => {};

/** The email queue as the sweep sees it, keeping every job it is handed. */
function recordingQueue() {
  const jobs: EmailJob[] = [];
  const queue = {
    send: async (job: EmailJob) => void jobs.push(job),
    sendBatch: async (messages: { body: EmailJob }[]) => void jobs.push(...messages.map((message) => message.body)),
  } as unknown as Queue<EmailJob>;
  return { jobs, queue };
}

/** One sweep into a recording queue: the jobs it queued for `key` (other tests' jobs may be swept too). */
async function sweepFor(key: string) {
  const { jobs, queue } = recordingQueue();
  await sweepOutbox({ db, queue, log: noLog });
  const mine: EmailJob[] = [];
  for (const job of jobs) if ((await emailKey(job)) === key) mine.push(job);
  return mine;
}

type OutboxRow = { key: string; channel: string; job: string; created_at: string; swept_at: string | null };
const outboxRow = (key: string) => row<OutboxRow>("SELECT * FROM outbox WHERE key = ?", key);

/** Makes the outbox's job for `key` as old as a job the fast way has long given up on. */
const age = (key: string, by = "-1 minute") => env.DB.prepare("UPDATE outbox SET created_at = datetime('now', ?) WHERE key = ?").bind(by, key).run();

/**
 * A shopper's order, placed through the shop's checkout with an outbox that crashes: the job
 * is never handed to the queue (the process died after the batch). `products` in the cart;
 * the single alone is an order of downloads.
 */
async function placedThenCrashed(products: number[], d1: D1Database = env.DB) {
  const shopper = new Visitor();
  for (const productId of products) expect((await shopper.post("/api/cart", { productId, quantity: 1 })).status).toBe(200);
  const handed: EmailJob[] = [];
  const shop = createShop({
    db: createDatabase(d1),
    kv: env.CATALOG_KV,
    visitor: createVisitor(shopper.jar.get("rd_session") ?? null),
    waitUntil: () => {},
    log: noLog,
    outbox: { enqueue: (job) => void handed.push(job) },
  });
  const email = `${unique("crash")}@example.com`;
  const downloadsOnly = products.every((id) => id === SINGLE);
  const input = downloadsOnly
    ? { email, cardholderName: "Sam Fan", checkoutKey: crypto.randomUUID() }
    : { email, ...SHIPPING_ADDRESS, cardholderName: "Jane Q. Cardholder", checkoutKey: crypto.randomUUID() };
  const order = await shop.checkout.placeOrder(input, ORIGIN);
  return { order, handed, email };
}

/**
 * D1 as the platform may answer it: batch number `failing` (the first unless told) fails with
 * `message`, before D1 ran it or (`afterWriting`) after it was written and its answer lost;
 * every other works.
 */
function flakyD1(message: string, { afterWriting = false, failing = 1 } = {}) {
  let batches = 0;
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch")
        return async (statements: D1PreparedStatement[]) => {
          if (++batches !== failing) return target.batch(statements);
          if (afterWriting) await target.batch(statements);
          throw new Error(`D1_ERROR: ${message}`);
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the outbox: a job written in the order's batch survives a crash", () => {
  it("a placed order's confirmation is in the outbox, written with it; a crash before the queue leaves a job the sweep sends exactly once", async () => {
    const { order } = await placedThenCrashed([1]);
    const key = `order_confirmation:${order.id}`;
    const kept = await outboxRow(key);
    expect(kept).toMatchObject({ channel: "email", swept_at: null });
    expect(JSON.parse(kept!.job)).toEqual({ kind: "order_confirmation", orderId: order.id, origin: ORIGIN, token: order.accessToken });

    // Younger than the sweep's wait, the job is the queue's still: the sweep leaves it.
    expect(await sweepFor(key)).toEqual([]);
    await age(key);
    const swept = await sweepFor(key);
    expect(swept).toHaveLength(1);
    // Swept once, it is not queued again at the next sweep while the queue delivers it.
    expect(await sweepFor(key)).toEqual([]);
    expect((await outboxRow(key))!.swept_at).not.toBeNull();

    // Delivered, and delivered again (a queue delivers at least once): one email.
    const { sent, mailer } = recordingMailer();
    await deliver([...swept, ...swept], mailer);
    await deliver(swept, mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`${ORIGIN}/orders/${order.accessToken}`);
    expect(await emailRow(key)).toMatchObject({ status: "sent", attempts: 1 });

    // Sent, it leaves the outbox.
    await sweepFor(key);
    expect(await outboxRow(key)).toBeNull();
  });

  it("an order of downloads: the outbox keeps its job without the links' tokens, and the swept email sends the shopper to the order's page", async () => {
    const { order, handed } = await placedThenCrashed([SINGLE]);
    const key = `order_confirmation:${order.id}`;
    // The job of the fast way carries the token; the shop keeps only its hash, and so does the outbox.
    const token = handed[0]!.kind === "order_confirmation" ? handed[0]!.downloads![0]!.token : "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const kept = (await outboxRow(key))!.job;
    expect(kept).not.toContain(token);
    expect(JSON.parse(kept)).not.toHaveProperty("downloads");

    await age(key);
    const { sent, mailer } = recordingMailer();
    await deliver(await sweepFor(key), mailer);
    expect(sent).toHaveLength(1);
    const [email] = sent;
    const page = `${ORIGIN}/orders/${order.accessToken}`;
    for (const part of [email!.text, email!.html]) {
      expect(part).not.toContain(token);
      expect(part).not.toContain("/downloads/");
      expect(part).toContain("Download your music");
      expect(part).toMatch(/Your music is ready on your order(?:'|&#39;)s page: open it to download each file\./);
      expect(part).toContain(page);
      expect(part).toContain("Welcome to the Pound");
    }
    expect(email!.text).toContain(`Your order's page: ${page}`);
    expect(email!.html).toContain("Go to your downloads");
  });

  it("a move's update is in the outbox, written in the move's batch; a queue send that throws leaves a job the sweep sends once", async () => {
    const { order } = await placedThenCrashed([1]);
    const failures: Promise<unknown>[] = [];
    const throwing = { send: async () => Promise.reject(new Error("Queue send failed: internal error")) } as unknown as Queue<EmailJob>;
    const deps = { db, outbox: createOutbox(throwing, (promise) => void failures.push(promise), noLog), address: "198.18.0.9" };
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    await Promise.all(failures);
    const key = `order_update:${order.id}:packed`;
    expect(JSON.parse((await outboxRow(key))!.job)).toEqual({
      kind: "order_update",
      orderId: order.id,
      status: "packed",
      origin: ORIGIN,
      token: order.accessToken,
    });

    // A move refused (packed already) writes nothing: its batch changed no row.
    await expect(moveOrder(deps, order.number, { to: "packed" }, ORIGIN)).rejects.toThrow("This order was packed already.");
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE key LIKE ?", `order_update:${order.id}:%`))!.n).toBe(1);

    await age(key);
    const swept = await sweepFor(key);
    expect(swept).toHaveLength(1);
    const { sent, mailer } = recordingMailer();
    await deliver([...swept, ...swept], mailer);
    expect(sent.map((email) => email.subject)).toEqual([`Your Raw Dogg order ${order.number} is packed`]);
  });

  it("a claim left `sending` by a consumer that died is taken over once its time is past, and the email sent once", async () => {
    const to = `${unique("stuck")}@example.com`;
    const orderId = await storeOrder(to);
    const job: EmailJob = { kind: "order_confirmation", orderId };
    const key = await emailKey(job);
    await db.run(await toOutbox(job, sql`1`));
    await age(key, "-10 minutes");
    const claimed = (ago: string) =>
      env.DB.prepare(
        "INSERT INTO emails (key, kind, recipient, recipient_key, subject, status, attempts, claim, claimed_at) VALUES (?, 'order_confirmation', ?, ?, 'Your order', 'sending', 1, 'a-consumer-that-died', datetime('now', ?)) ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at",
      )
        .bind(key, to, to, ago)
        .run();

    // Claimed a minute ago: the consumer may be sending it right now.
    await claimed("-1 minute");
    expect(await sweepFor(key)).toEqual([]);

    await claimed("-6 minutes");
    const swept = await sweepFor(key);
    expect(swept).toEqual([job]);
    const { sent, mailer } = recordingMailer();
    await deliver([...swept, ...swept], mailer);
    expect(sent).toHaveLength(1);
    expect(await emailRow(key)).toMatchObject({ status: "sent", claim: null });
  });

  it("a failed email waits for the queue's retry; one given up (no retry for 15 minutes) is queued again", async () => {
    const orderId = await storeOrder(`${unique("failed")}@example.com`);
    const job: EmailJob = { kind: "order_confirmation", orderId };
    const key = await emailKey(job);
    await db.run(await toOutbox(job, sql`1`));
    await age(key, "-30 minutes");
    await deliver([job], recordingMailer({ fail: true }).mailer);
    expect(await emailRow(key)).toMatchObject({ status: "failed" });
    expect(await sweepFor(key)).toEqual([]);

    await env.DB.prepare("UPDATE emails SET updated_at = datetime('now', '-16 minutes') WHERE key = ?").bind(key).run();
    expect(await sweepFor(key)).toEqual([job]);
  });

  it("a job with nothing to send (its order is gone) leaves the outbox, and a job that is no job is dropped, never queued", async () => {
    const gone: EmailJob = { kind: "order_confirmation", orderId: `ord_${crypto.randomUUID().replaceAll("-", "")}` };
    const goneKey = await emailKey(gone);
    await db.run(await toOutbox(gone, sql`1`));
    await age(goneKey);
    const { sent, mailer } = recordingMailer();
    await deliver(await sweepFor(goneKey), mailer);
    expect(sent).toEqual([]);
    expect(await outboxRow(goneKey)).toBeNull();

    const forged = `order_confirmation:ord_${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare("INSERT INTO outbox (key, channel, job, created_at) VALUES (?, 'email', ?, datetime('now', '-1 hour'))")
      .bind(forged, JSON.stringify({ kind: "order_confirmation", orderId: "not an order id" }))
      .run();
    expect(await sweepFor(forged)).toEqual([]);
    expect(await outboxRow(forged)).toBeNull();
  });
});

describe("the sweep's schedule", () => {
  it("the Cron Trigger sweeps every 5 minutes, told apart from the payouts' by its cron", async () => {
    const crons = /^crons = (\[.*\])$/m.exec(wranglerToml)?.[1];
    expect(JSON.parse(crons!)).toEqual([PAYOUT_CRON, OUTBOX_CRON]);

    const orderId = await storeOrder(`${unique("cron")}@example.com`);
    const job: EmailJob = { kind: "order_confirmation", orderId };
    const key = await emailKey(job);
    await db.run(await toOutbox(job, sql`1`));
    await age(key);
    const { jobs, queue } = recordingQueue();
    const controller = (cron: string) => ({ scheduledTime: Date.now(), cron, noRetry() {} }) as ScheduledController;
    await handleScheduled(controller(PAYOUT_CRON), { ...env, EMAIL_QUEUE: queue });
    expect(jobs).toEqual([]);
    await handleScheduled(controller(OUTBOX_CRON), { ...env, EMAIL_QUEUE: queue });
    expect(jobs).toContainEqual(job);
  });

  it("after a request's answer, the sweep runs in waitUntil, never on the request's way: a sweep that hangs, then fails, is not the answer's", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // D1 whose every statement waits until released, then fails.
    const stuck = { withSession: () => ({ prepare: () => ({ bind: () => stuck.statement, ...stuck.statement }) }), statement: {} as Record<string, unknown> };
    for (const method of ["all", "raw", "run", "first"])
      stuck.statement[method] = async () => (await held, Promise.reject(new Error("D1_ERROR: Network connection lost.")));
    const logged: string[] = [];
    const app = new Hono<AppEnv>()
      .use(async (c, next) => (c.set("log", (event: string) => void logged.push(event)), next()))
      .use(sweepAfter(() => true))
      .get("/", (c) => c.text("answered"));
    const ctx = createExecutionContext();
    const answer = await app.fetch(new Request("https://shop.test/"), { ...env, DB: stuck as unknown as D1Database }, ctx);
    expect(await answer.text()).toBe("answered");
    expect(logged).toEqual([]);
    release();
    await waitOnExecutionContext(ctx);
    expect(logged).toEqual(["outbox_sweep_failed"]);
  });

  it("after a request's answer, a sweep starts at most once a minute per isolate", () => {
    const due = sweepThrottle();
    expect(REQUEST_SWEEP_EVERY_MS).toBe(60_000);
    expect([due(1_000), due(1_001), due(30_000), due(60_999), due(61_000), due(61_500), due(121_000)]).toEqual([true, false, false, false, true, false, true]);
  });
});

describe("safe retries: an idempotent D1 write is tried again on a transient error, nothing else is", () => {
  const error = (message: string) => new Error(`D1_ERROR: ${message}`);

  it.each([...TRANSIENT_D1_ERRORS])("a write that fails once with “%s” is tried again, after a backoff, and works", async (message) => {
    let tries = 0;
    const waits: number[] = [];
    const written = await retryTransient(
      async () => {
        if (tries++ === 0) throw error(`${message}: SQLITE_ERROR`);
        return "written";
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(written).toBe("written");
    expect(tries).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it("a D1 error that is not transient (a constraint) is thrown at once, never tried again; a transient one is given up after a few tries", async () => {
    let tries = 0;
    const refused = retryTransient(async () => {
      tries++;
      throw error("UNIQUE constraint failed: orders.number: SQLITE_CONSTRAINT");
    });
    await expect(refused).rejects.toThrow("UNIQUE constraint failed");
    expect(tries).toBe(1);

    let lost = 0;
    const waits: number[] = [];
    await expect(
      retryTransient(async () => (lost++, Promise.reject(error("Network connection lost."))), { wait: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow("Network connection lost");
    expect(lost).toBe(TRANSIENT_TRIES);
    // Each wait longer than the one before it, on average: backoff.
    expect(waits).toHaveLength(TRANSIENT_TRIES - 1);
    // Drizzle wraps D1's error ("Failed query: …") with D1's as its cause: still transient.
    expect(isTransient(new Error("Failed query: insert into …", { cause: error("storage caused object to be reset") }))).toBe(true);
  });

  /** The checkout's batches: the cart priced with the checkout's row (a read, which D1 retries itself), then the placing. */
  const PLACING_BATCH = 2;

  it("an order's batch whose answer was lost (written, then `Network connection lost`) is sent again and places one order, its job kept once", async () => {
    const { order } = await placedThenCrashed([1], flakyD1("Network connection lost.", { afterWriting: true, failing: PLACING_BATCH }));
    expect(order.status).toBe("placed");
    const counts = await row<{ orders: number; kept: number; events: number }>(
      "SELECT (SELECT count(*) FROM orders WHERE id = ?1) AS orders, (SELECT count(*) FROM outbox WHERE key = 'order_confirmation:' || ?1) AS kept, (SELECT count(*) FROM order_events WHERE order_id = ?1) AS events",
      order.id,
    );
    expect(counts).toEqual({ orders: 1, kept: 1, events: 1 });
  });

  it("an order's batch refused with `storage caused object to be reset` before it ran is sent again and places the order", async () => {
    const { order, handed } = await placedThenCrashed([1], flakyD1("storage caused object to be reset", { failing: PLACING_BATCH }));
    expect(order.status).toBe("placed");
    expect(handed).toHaveLength(1);
    expect(await outboxRow(`order_confirmation:${order.id}`)).not.toBeNull();
  });

  it("a cancel whose answer was lost is sent again: no refusal, the stock given back once, one event and one job", async () => {
    const { order } = await placedThenCrashed([1]);
    const stockOf = async () =>
      (await row<{ stock: number | null }>("SELECT v.stock FROM variants v JOIN order_lines l ON l.variant_id = v.id WHERE l.order_id = ?", order.id))?.stock ??
      null;
    const before = await stockOf();
    const flaky = createDatabase(flakyD1("Network connection lost.", { afterWriting: true }));
    await moveOrder(
      { db: flaky, outbox: { enqueue() {} }, address: "198.18.0.9" },
      order.number,
      { to: "cancelled", reason: "Out of stock at the warehouse" },
      ORIGIN,
    );
    if (before !== null) expect(await stockOf()).toBe(before + 1);
    const counts = await row<{ events: number; kept: number }>(
      "SELECT (SELECT count(*) FROM order_events WHERE order_id = ?1 AND status = 'cancelled') AS events, (SELECT count(*) FROM outbox WHERE key = 'order_update:' || ?1 || ':cancelled') AS kept",
      order.id,
    );
    expect(counts).toEqual({ events: 1, kept: 1 });
  });
  it("an email's claim whose answer was lost is sent again and wins again: the email goes out once, now, not after the claim lapses", async () => {
    const orderId = await storeOrder(`${unique("claim")}@example.com`);
    const job: EmailJob = { kind: "order_confirmation", orderId };
    let lost = false;
    // D1 whose first claim (the INSERT into emails) is written, then its answer lost.
    const losing = <S extends object>(statement: S): S =>
      new Proxy(statement, {
        get(target, property) {
          const value = Reflect.get(target, property);
          if (typeof value !== "function") return value;
          if (property === "bind") return (...args: unknown[]) => losing(value.apply(target, args));
          if (property === "all" || property === "raw" || property === "run")
            return async (...args: unknown[]) => {
              const answer = await value.apply(target, args);
              if (lost) return answer;
              lost = true;
              throw new Error("D1_ERROR: Network connection lost.");
            };
          return value.bind(target);
        },
      });
    const d1 = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") return (text: string) => (text.includes("INSERT INTO emails") ? losing(target.prepare(text)) : target.prepare(text));
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { sent, mailer } = recordingMailer();
    const delivery = await deliverEmail({ db: createDatabase(d1), mailer, from: env.EMAIL_FROM, log: noLog }, job, 1);
    expect(lost).toBe(true);
    expect(delivery).toBe("sent");
    expect(sent).toHaveLength(1);
    expect(await emailRow(await emailKey(job))).toMatchObject({ status: "sent", claim: null });
  });
});
