/**
 * The order's own page, /orders/<token> (docs/decisions/0021; the issue's "order's own
 * page"): the checkout's answer links to it by the order's token (never the internal id);
 * its loader shows what the shopper may see and a changed character is a 404; every answer
 * under /orders is private, no-store, noindex and sends no referrer in any letter case, and
 * never kept by the page cache; every request, reads too, meets a limit per client address;
 * the shopper's cancel is a two-step confirm; its downloads are served by the order's token
 * under the download links' own rules.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CANCEL_FAILED } from "../../app/content/toasts";
import { orderAction, type OrderPage } from "../../app/routes/order.server";
import { shopContext } from "../../app/context.server";
import type { Shop } from "../../workers/shop";
import { DOWNLOAD_REFUSALS, MAX_DOWNLOADS } from "../../app/shared/downloads";
import { CANCELLED_BY_SHOPPER, ORDER_NUMBER_SHAPE } from "../../app/shared/orders";
import { createDatabase } from "../../workers/db/client";
import { moveOrder } from "../../workers/shop/orders/lifecycle";
import { tokenHash } from "../../workers/shop/tokens";
import { SHIPPING_ADDRESS } from "../shopper";
import worker, { readShown, renders } from "./entry";
import { Visitor } from "./visitor";

const SINGLE = 18;
const PLAIN_JANE = 1;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const db = createDatabase(env.DB);

type Placed = { id: string; email: string; token?: string; downloads?: { productId: number; token: string }[] };
type ActionAnswer = { result: { error?: Record<string, string[]> }; cancel: "confirm" | "cancelled" | null };

/** A shopper's order of the single and Plain Jane through the checkout form (no JavaScript): the answer and the D1 row. */
async function placedOrder() {
  const shopper = new Visitor();
  for (const productId of [SINGLE, PLAIN_JANE]) expect((await shopper.post("/api/cart", { productId })).status).toBe(200);
  const form = {
    email: `fan-${crypto.randomUUID().slice(0, 8)}@example.com`,
    ...SHIPPING_ADDRESS,
    cardholderName: "Jane Doe",
    checkoutKey: crypto.randomUUID(),
  };
  const reply = await shopper.post("/checkout", new URLSearchParams(form).toString(), FORM);
  expect(reply.status).toBe(200);
  const placed = (readShown(reply.text, "action") as { order: Placed }).order;
  const row = (await env.DB.prepare("SELECT id, number, access_token FROM orders WHERE number = ?")
    .bind(placed.id)
    .first<{ id: string; number: string; access_token: string }>())!;
  return { shopper, placed, reply, row, token: placed.token! };
}

const pageOf = async (visitor: Visitor, path: string) => {
  const reply = await visitor.get(path);
  return { ...reply, page: readShown(reply.text, "loader") as OrderPage };
};

const postCancel = async (visitor: Visitor, path: string, step: string) => {
  const reply = await visitor.post(path, new URLSearchParams({ step }).toString(), FORM);
  return { ...reply, answer: readShown(reply.text, "action") as ActionAnswer, page: readShown(reply.text, "loader") as OrderPage };
};

/** One character of `token` changed (to another of the alphabet). */
const flipped = (token: string, at = 20) => `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;

/** What every answer under /orders carries. */
function expectPrivate(headers: Headers, path: string) {
  expect(headers.get("Cache-Control"), path).toBe("private, no-store");
  expect(headers.get("X-Robots-Tag"), path).toMatch(/noindex/);
  expect(headers.get("Referrer-Policy"), path).toBe("no-referrer");
}

const grantOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT downloads, token_hash FROM download_grants WHERE order_id = ?")
    .bind(orderId)
    .first<{ downloads: number; token_hash: string }>())!;

describe("the success screen's link", () => {
  it("the checkout's answer carries the order's number and its page's token, never the internal ord_ id", async () => {
    const { placed, reply, row, token } = await placedOrder();
    expect(placed.id).toMatch(ORDER_NUMBER_SHAPE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).toBe(row.access_token);
    expect(reply.text).not.toContain("ord_");
    const { page } = await pageOf(new Visitor(), `/orders/${token}`);
    expect(page.status === 200 && page.order.number).toBe(placed.id);
  });
});

describe("the order's page", () => {
  it("shows the number, the placed step, the lines and totals with the bundle's savings, the masked address and email, and downloads by the order's token", async () => {
    const { placed, token } = await placedOrder();
    const { status, page, text } = await pageOf(new Visitor(), `/orders/${token}`);
    expect(status).toBe(200);
    if (page.status !== 200) throw new Error("expected the order");
    const { order } = page;
    expect(order).toMatchObject({ number: placed.id, status: "placed", canCancel: true, email: "f•••@e•••.com" });
    expect(order.timeline.map((event) => event.status)).toEqual(["placed"]);
    expect(order.lines.map((line) => line.name)).toEqual([expect.stringContaining("Welcome to the Pound"), "Plain Jane"]);
    expect(order.total).toBe(order.subtotal - order.bundleSavings + order.shipping + order.tax);
    expect(order.shippingAddress).toEqual({ name: "Jane D.", street: "1 M…", city: "New York", state: "NY", zipCode: "10001", country: "United States" });
    expect(order.downloads).toEqual([
      expect.objectContaining({
        productId: SINGLE,
        ready: true,
        downloadsLeft: MAX_DOWNLOADS,
        files: [
          { format: "mp3", label: "MP3", href: `/orders/${token}/downloads/${SINGLE}/mp3` },
          { format: "flac", label: "FLAC", href: `/orders/${token}/downloads/${SINGLE}/flac` },
        ],
      }),
    ]);
    // The download link's own token is not on the page: D1 keeps only its hash.
    for (const secret of [placed.email, "Main Street", "Doe", "ord_", placed.downloads![0]!.token]) expect(text).not.toContain(secret);
  });

  it("a token of a changed character, of the wrong shape, or an order's number is a 404 page, private too", async () => {
    const { token, row } = await placedOrder();
    const visitor = new Visitor();
    for (const bad of [flipped(token), flipped(token, 0), flipped(token, 42), token.slice(1), `${token}A`, row.number, row.id, "%E0%A4%A", "..%2F..%2Fadmin"]) {
      const reply = await pageOf(visitor, `/orders/${bad}`);
      expect(reply.status, bad).toBe(404);
      expect(reply.page, bad).toEqual({ status: 404 });
      expectPrivate(reply.headers, bad);
    }
  });

  it("is private, no-store, noindex and sends no referrer in any letter case of its path, its data request, its files and its refusals", async () => {
    const { token } = await placedOrder();
    const visitor = new Visitor();
    for (const path of [
      `/orders/${token}`,
      `/ORDERS/${token}`,
      `/Orders/${token}/`,
      `/%6Frders/${token}`,
      `/orders/${token}.data`,
      `/orders/${token}/downloads/${SINGLE}/mp3`,
      `/orders/${token}/downloads/${PLAIN_JANE}/mp3`,
      `/orders/${flipped(token)}`,
    ]) {
      const reply = await visitor.get(path);
      // The page in any letter case is the order's (200), as tests/browser/order-page.spec.ts once held too.
      if ([`/orders/${token}`, `/ORDERS/${token}`, `/Orders/${token}/`].includes(path)) expect(reply.status, path).toBe(200);
      expect(reply.status, path).not.toBe(500);
      expectPrivate(reply.headers, path);
    }
  });

  it("the page cache never keeps it: every visit is rendered from D1", async () => {
    const { token } = await placedOrder();
    for (const path of [`/orders/${token}`, `/ORDERS/${token}`]) {
      const before = renders.count;
      for (let i = 0; i < 3; i++) expect((await new Visitor().get(path)).headers.get("X-Page-Cache"), path).toBeNull();
      expect(renders.count - before, path).toBe(3);
    }
  });

  it("shows an owner's move at the next read: packed, then shipped with the carrier and its tracking link", async () => {
    const { token, row } = await placedOrder();
    const owner = { db, outbox: { enqueue: () => undefined }, address: "198.18.0.9" };
    await moveOrder(owner, row.number, { to: "packed" });
    await moveOrder(owner, row.number, { to: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    const { page } = await pageOf(new Visitor(), `/orders/${token}`);
    if (page.status !== 200) throw new Error("expected the order");
    expect(page.order).toMatchObject({ status: "shipped", canCancel: false });
    expect(page.order.timeline.map((event) => event.status)).toEqual(["placed", "packed", "shipped"]);
    expect(page.order.timeline[2]!.tracking).toEqual({
      carrier: "UPS",
      number: "1Z999AA10123456784",
      url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
  });
});

/** The app with production's abuse limits (the suite's default binding lifts them), from `ip`. */
async function limited(path: string, ip: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://shop.test${path}`, { headers: { "CF-Connecting-IP": ip } }), { ...env, SHOP_RATE_LIMITS: "on" }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("the order page's limit", () => {
  it("every request, reads too, counts per client address: past 120 a minute the page, its data and its files answer 429 with Retry-After, privately", async () => {
    const { token } = await placedOrder();
    const ip = "203.0.113.80";
    const paths = [`/orders/${token}`, `/ORDERS/${flipped(token)}`, `/orders/${token}.data`];
    let allowed = 0;
    let refused: Response | undefined;
    // The limiter counts in fixed one-minute windows: a burst across a window's edge may pass twice the limit.
    for (let i = 0; i < 250 && !refused; i++) {
      const response = await limited(paths[i % paths.length]!, ip);
      if (response.status === 429) refused = response;
      else allowed++;
    }
    expect(allowed).toBeGreaterThanOrEqual(120);
    expect(allowed).toBeLessThanOrEqual(240);
    expect(refused?.headers.get("Retry-After")).toBe("60");
    // The shop's plain page escapes its words as HTML does (an apostrophe is &#39;).
    expect((await refused?.text())?.replaceAll("&#39;", "'")).toContain("You're going a little fast. Please wait a minute and try again.");
    expectPrivate(refused!.headers, "429");
    // In any letter case of the path, as React Router matches it.
    for (const path of [`/Orders/${token}`, `/ORDERS/${token}/`, `/orders/${token}/downloads/${SINGLE}/mp3`])
      expect((await limited(path, ip)).status, path).toBe(429);
    // Another address is not affected; an IPv6 one is counted by its /64.
    expect((await limited(`/orders/${token}`, "203.0.113.81")).status).toBe(200);
  });
});

describe("the shopper's cancel", () => {
  it("the first post asks and changes nothing; the second cancels it, as the shopper's move; a third is refused in words", async () => {
    const { token, row } = await placedOrder();
    const visitor = new Visitor();
    const path = `/orders/${token}`;
    const asked = await postCancel(visitor, path, "ask");
    expect(asked.status).toBe(200);
    expect(asked.answer.cancel).toBe("confirm");
    expect(asked.page).toMatchObject({ order: { status: "placed", canCancel: true } });

    const cancelled = await postCancel(visitor, path, "confirm");
    expect(cancelled.status).toBe(200);
    expect(cancelled.answer.cancel).toBe("cancelled");
    if (cancelled.page.status !== 200) throw new Error("expected the order");
    expect(cancelled.page.order).toMatchObject({ status: "cancelled", canCancel: false, downloads: [] });
    expect(cancelled.page.order.timeline.at(-1)).toMatchObject({ status: "cancelled", actor: "shopper", why: CANCELLED_BY_SHOPPER });
    const event = await env.DB.prepare("SELECT actor FROM order_events WHERE order_id = ? AND status = 'cancelled'").bind(row.id).all();
    expect(event.results).toEqual([{ actor: "shopper" }]);

    const again = await postCancel(visitor, path, "confirm");
    expect(again.status).toBe(409);
    expect(again.answer.result.error?.[""]).toEqual(["This order is cancelled already."]);
  });

  it("its form posts from the page itself, whose no-referrer policy makes the browser send `Origin: null`: accepted when the browser says same-origin, refused from anywhere else", async () => {
    const { token, row } = await placedOrder();
    const visitor = new Visitor();
    const path = `/orders/${token}`;
    const asked = await visitor.post(path, new URLSearchParams({ step: "ask" }).toString(), { ...FORM, Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(asked.status).toBe(200);
    expect((readShown(asked.text, "action") as ActionAnswer).cancel).toBe("confirm");
    for (const site of ["cross-site", "same-site", undefined]) {
      const headers: Record<string, string> = { ...FORM, Origin: "null", ...(site ? { "Sec-Fetch-Site": site } : {}) };
      const refused = await visitor.post(path, new URLSearchParams({ step: "confirm" }).toString(), headers);
      expect(refused.status, String(site)).toBe(403);
    }
    const status = await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(row.id).first<{ status: string }>();
    expect(status?.status).toBe("placed");
  });

  it("once packed it is refused in the shop's words at either step (a page drawn before the packing asks first), and nothing changes", async () => {
    const { token, row } = await placedOrder();
    await moveOrder({ db, outbox: { enqueue: () => undefined }, address: "198.18.0.9" }, row.number, { to: "packed" });
    for (const step of ["ask", "confirm"]) {
      const refused = await postCancel(new Visitor(), `/orders/${token}`, step);
      expect(refused.status, step).toBe(409);
      expect(refused.answer.cancel, step).toBeNull();
      expect(refused.answer.result.error?.[""]?.[0]).toMatch(/^This order was packed already, so it can no longer be cancelled here\./);
      expect(refused.page).toMatchObject({ order: { status: "packed" } });
    }
  });

  it("a changed token is a 404 and cancels nothing; a made-up step or an unreadable body is a 400 in words", async () => {
    const { token, row } = await placedOrder();
    const visitor = new Visitor();
    const wrong = await postCancel(visitor, `/orders/${flipped(token)}`, "confirm");
    expect(wrong.status).toBe(404);
    const made = await postCancel(visitor, `/orders/${token}`, "cancel-everything");
    expect(made.status).toBe(400);
    expect(made.answer.result.error?.step).toEqual(["Please use the page's Cancel order button."]);
    const json = await visitor.post(`/orders/${token}`, { step: "confirm" });
    expect(json.status).toBe(400);
    expect(CANCEL_FAILED.title).toBe("Cancel Failed");
    const status = await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(row.id).first<{ status: string }>();
    expect(status?.status).toBe("placed");
  });
});

describe("the order's downloads", () => {
  it("serve the file by the order's token, counted on the same grant as the download link, up to its limit, then 410", async () => {
    const { token, row, placed } = await placedOrder();
    const visitor = new Visitor();
    const mp3 = await visitor.get(`/orders/${token}/downloads/${SINGLE}/mp3`);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get("Content-Disposition")).toBe('attachment; filename="welcome-to-the-pound.mp3"');
    expect(mp3.text.startsWith("ID3")).toBe(true);
    // The download link counts on the same grant.
    expect((await visitor.get(`/downloads/${placed.downloads![0]!.token}/flac`)).status).toBe(200);
    expect((await grantOf(row.id)).downloads).toBe(2);
    expect((await grantOf(row.id)).token_hash).toBe(await tokenHash(placed.downloads![0]!.token));
    // HEAD counts nothing.
    expect((await visitor.request("HEAD", `/orders/${token}/downloads/${SINGLE}/flac`)).status).toBe(200);
    for (let i = 2; i < MAX_DOWNLOADS; i++) expect((await visitor.get(`/orders/${token}/downloads/${SINGLE}/flac`)).status).toBe(200);
    const gone = await visitor.get(`/orders/${token}/downloads/${SINGLE}/mp3`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain(`href="/orders/${token}"`);
    expect((await grantOf(row.id)).downloads).toBe(MAX_DOWNLOADS);
    const { page } = await pageOf(visitor, `/orders/${token}`);
    expect(page.status === 200 && page.order.downloads[0]).toMatchObject({ ready: false, downloadsLeft: 0, files: [] });
  });

  it("concurrent requests through both doors never exceed the grant's limit", async () => {
    const { token, row, placed } = await placedOrder();
    const paths = Array.from({ length: 12 }, (_, i) => (i % 2 ? `/orders/${token}/downloads/${SINGLE}/mp3` : `/downloads/${placed.downloads![0]!.token}/flac`));
    const statuses = (await Promise.all(paths.map((path) => new Visitor().get(path)))).map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(MAX_DOWNLOADS).fill(200), ...Array(12 - MAX_DOWNLOADS).fill(410)]);
    expect((await grantOf(row.id)).downloads).toBe(MAX_DOWNLOADS);
  });

  it("an expired grant answers 410 and counts nothing; a product the order did not buy, another order's token or a bad format or id is a 404", async () => {
    const { token, row } = await placedOrder();
    const other = await placedOrder();
    await env.DB.prepare("UPDATE download_grants SET expires_at = datetime('now', '-1 minute') WHERE order_id = ?").bind(row.id).run();
    const visitor = new Visitor();
    const expired = await visitor.get(`/orders/${token}/downloads/${SINGLE}/mp3`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain(DOWNLOAD_REFUSALS.expired.title);
    expect((await grantOf(row.id)).downloads).toBe(0);
    for (const path of [
      `/orders/${other.token}/downloads/${PLAIN_JANE}/mp3`,
      `/orders/${flipped(other.token)}/downloads/${SINGLE}/mp3`,
      `/orders/${other.token}/downloads/${SINGLE}/wav`,
      `/orders/${other.token}/downloads/0${SINGLE}/mp3`,
      `/orders/${other.token}/downloads/1e3/mp3`,
      `/orders/${other.token}/downloads/99999999999999999999/mp3`,
      `/orders/${other.row.number}/downloads/${SINGLE}/mp3`,
    ]) {
      const reply = await visitor.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get("Content-Disposition"), path).toBeNull();
    }
    expect((await grantOf(other.row.id)).downloads).toBe(0);
  });

  it("a cancelled order's downloads stop: the page lists none and the files are 404", async () => {
    const { token } = await placedOrder();
    const visitor = new Visitor();
    await postCancel(visitor, `/orders/${token}`, "confirm");
    expect((await visitor.get(`/orders/${token}/downloads/${SINGLE}/mp3`)).status).toBe(404);
  });
});

describe("the order's link token is never logged", () => {
  /** What the Worker logged while `run` ran, one JSON line each. */
  async function logged(run: () => Promise<unknown>) {
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await run();
      return spy.mock.calls.map((call) => String(call[0]));
    } finally {
      spy.mockRestore();
    }
  }

  it("a cancel that fails for the shop's own reason answers 503 in words and logs its kind and the path without the token", async () => {
    const { token } = await placedOrder();
    const context = new RouterContextProvider();
    const failing = { orders: { cancel: () => Promise.reject(new Error("D1_ERROR: database is locked")) } };
    context.set(shopContext, failing as unknown as Shop);
    const request = new Request(`http://shop.test/orders/${token}`, { method: "POST", body: new URLSearchParams({ step: "confirm" }), headers: FORM });
    let answer: unknown;
    const lines = await logged(async () => (answer = await orderAction({ request, context, token })));
    const { data, init } = answer as { data: ActionAnswer; init: ResponseInit };
    expect(init.status).toBe(503);
    expect(data.result.error?.[""]).toEqual([CANCEL_FAILED.description]);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ event: "page_action_failed", path: "/orders/[token]", error: "Error" }),
    ]);
    expect(lines.join("\n")).not.toContain(token);
  });

  it("a request under /orders that fails (D1 gone) answers 500 and logs the path without the token; a limiter that fails lets it through", async () => {
    const { token } = await placedOrder();
    // A limiter that does not answer is no reason to refuse the shopper (docs/decisions/0028): the page is served.
    const broken = { limit: () => Promise.reject(new Error("the rate limiter is down")) };
    const down = {
      withSession: () => ({
        prepare: () => {
          throw new Error("D1 is down");
        },
        batch: () => Promise.reject(new Error("D1 is down")),
        getBookmark: () => null,
      }),
    };
    const statuses: number[] = [];
    const lines = await logged(async () => {
      for (const bindings of [{ ORDER_PAGE_LIMITER: broken }, { DB: down }]) {
        const ctx = createExecutionContext();
        const request = new Request(`http://shop.test/Orders/${token}`, { headers: { "CF-Connecting-IP": "203.0.113.90" } });
        statuses.push((await worker.fetch(request, { ...env, SHOP_RATE_LIMITS: "on", ...bindings } as unknown as Env, ctx)).status);
        await waitOnExecutionContext(ctx);
      }
    });
    expect(statuses).toEqual([200, 500]);
    expect(lines.some((line) => line.includes('"event":"rate_limiter_failed"'))).toBe(true);
    expect(lines.some((line) => line.includes('"event":"request_failed"') && line.includes('"path":"/Orders/[token]"'))).toBe(true);
    expect(lines.join("\n")).not.toContain(token);
  });
});
