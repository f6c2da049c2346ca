/**
 * The single is delivered (contract, "Variants, stock and downloads"): a cart of downloads
 * only checks out without an address; the order's link is unguessable, expires, serves a
 * limited number of files (counted in one conditional statement, so concurrent requests
 * never exceed it), is private, unindexed and sends no referrer; the files come from the
 * private R2 bucket as attachments; the order's email carries the links.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DOWNLOAD_DAYS, DOWNLOAD_REFUSALS, MAX_DOWNLOADS } from "../../app/shared/downloads";
import type { DownloadPage } from "../../app/routes/download.server";
import { createDatabase } from "../../workers/db/client";
import { cancelByShopper, DOWNLOADED_ALREADY, moveOrder } from "../../workers/shop/orders/lifecycle";
import { orderPageView } from "../../workers/shop/orders/page";
import { tokenHash } from "../../workers/shop/tokens";
import { readShown } from "./entry";
import { shopOf } from "./helpers";
import { deliver, logsOf, recordingMailer, shopWithOutbox } from "./mail";
import { Visitor } from "./visitor";

const SINGLE = 18;
const PLAIN_JANE = 1;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

type Answer = {
  order: { id: string; email: string; downloads?: { productId: number; name: string; token: string }[]; downloadsOnly?: true } | null;
  result: { error?: Record<string, string[]> };
};

/** A shopper with these products in the cart (one each). */
async function shopperWith(...productIds: number[]) {
  const shopper = new Visitor();
  for (const productId of productIds) expect((await shopper.post("/api/cart", { productId })).status).toBe(200);
  return shopper;
}

/** The checkout form as a cart of downloads only posts it (no address; the hidden field says so). */
/** An address of its own per order: the queue sends every order's email, and an address gets 3 a day. */
const fanAddress = () => `fan-${crypto.randomUUID().slice(0, 8)}@example.com`;

const downloadForm = (extra: Record<string, string> = {}) => ({
  email: fanAddress(),
  cardholderName: "Sam Fan",
  checkoutKey: crypto.randomUUID(),
  delivery: "download",
  ...extra,
});

const postCheckout = async (shopper: Visitor, form: Record<string, string>) => {
  const reply = await shopper.post("/checkout", new URLSearchParams(form).toString(), FORM);
  return { status: reply.status, answer: readShown(reply.text, "action") as Answer };
};

/** A placed order of the single, checked out without an address: its link's token. */
async function boughtSingle() {
  const shopper = await shopperWith(SINGLE);
  const { status, answer } = await postCheckout(shopper, downloadForm());
  expect(status).toBe(200);
  const token = answer.order?.downloads?.[0]?.token;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The answer names the order by its number; the tests below read D1 by its internal id.
  const { id } = (await env.DB.prepare("SELECT id FROM orders WHERE number = ?").bind(answer.order!.id).first<{ id: string }>())!;
  return { shopper, token: token!, orderId: id };
}

const grantOf = async (token: string) =>
  env.DB.prepare("SELECT downloads, max_downloads, expires_at, order_id FROM download_grants WHERE token_hash = ?")
    .bind(await tokenHash(token))
    .first<{ downloads: number; max_downloads: number; expires_at: string; order_id: string }>();

const pageOf = async (visitor: Visitor, path: string) => {
  const reply = await visitor.get(path);
  return { ...reply, page: readShown(reply.text, "loader") as DownloadPage };
};

/** The headers every answer under /downloads carries. */
function expectPrivateLinkHeaders(headers: Headers) {
  expect(headers.get("Cache-Control")).toBe("private, no-store");
  expect(headers.get("X-Robots-Tag")).toMatch(/noindex/);
  expect(headers.get("Referrer-Policy")).toBe("no-referrer");
}

describe("checkout of a cart of downloads only", () => {
  it("a cart holding only the single checks out without a shipping address, and the answer carries its download link", async () => {
    const { token, orderId } = await boughtSingle();
    const order = await env.DB.prepare("SELECT status, shipping_address FROM orders WHERE id = ?")
      .bind(orderId)
      .first<{ status: string; shipping_address: string | null }>();
    expect(order).toEqual({ status: "placed", shipping_address: null });
    const grant = await grantOf(token);
    expect(grant).toMatchObject({ downloads: 0, max_downloads: MAX_DOWNLOADS, order_id: orderId });
    // Only the token's hash is kept: the token itself is in no row of the order.
    const rows = await env.DB.batch([
      env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(orderId),
      env.DB.prepare("SELECT * FROM order_lines WHERE order_id = ?").bind(orderId),
      env.DB.prepare("SELECT * FROM download_grants WHERE order_id = ?").bind(orderId),
    ]);
    expect(JSON.stringify(rows.map((r) => r.results))).not.toContain(token);
  });

  it("the action answers the order as all downloads; the form without JavaScript needs only email and cardholder name", async () => {
    const shopper = await shopperWith(SINGLE);
    const missing = await postCheckout(shopper, downloadForm({ email: "not-an-email", cardholderName: "" }));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.answer.result.error ?? {}).sort()).toEqual(["cardholderName", "email"]);
    const placed = await postCheckout(shopper, downloadForm());
    expect(placed.answer.order).toMatchObject({
      downloadsOnly: true,
      downloads: [{ productId: SINGLE, name: expect.stringContaining("Welcome to the Pound") }],
    });
  });

  it("a mixed cart still requires the address: the download form is refused and nothing is ordered", async () => {
    const shopper = await shopperWith(SINGLE, PLAIN_JANE);
    const refused = await postCheckout(shopper, downloadForm());
    expect(refused.status).toBe(400);
    expect(refused.answer.order).toBeNull();
    expect(refused.answer.result.error?.[""]?.[0]).toBe("Please enter a shipping address: your cart holds items we ship.");
    // The full form without its address fields: each field's own message.
    const { delivery: _delivery, ...withoutAddress } = downloadForm();
    const full = await postCheckout(shopper, withoutAddress);
    expect(full.status).toBe(400);
    expect(full.answer.result.error).toMatchObject({ firstName: expect.any(Array), address: expect.any(Array), zipCode: expect.any(Array) });
    const cart = await shopper.get("/api/cart");
    expect(cart.body).toHaveLength(2);
  });
});

describe("the download page", () => {
  it("shows the product, both formats, the downloads left and the expiry, privately: no-store, noindex, no referrer", async () => {
    const { token } = await boughtSingle();
    const reply = await pageOf(new Visitor(), `/downloads/${token}`);
    expect(reply.status).toBe(200);
    expectPrivateLinkHeaders(reply.headers);
    if (reply.page.status !== 200) throw new Error("expected a live link");
    expect(reply.page.product.name).toContain("Welcome to the Pound");
    expect(reply.page.files.map((file) => [file.label, file.href])).toEqual([
      ["MP3", `/downloads/${token}/mp3`],
      ["FLAC", `/downloads/${token}/flac`],
    ]);
    expect([reply.page.downloadsLeft, reply.page.maxDownloads]).toEqual([MAX_DOWNLOADS, MAX_DOWNLOADS]);
    const days = (Date.parse(reply.page.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(DOWNLOAD_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(DOWNLOAD_DAYS);
  });

  it("an unknown or malformed token answers 404, in the shop's words, never a 500", async () => {
    const visitor = new Visitor();
    for (const token of ["A".repeat(43), "short", "A".repeat(44), "%E2%80%AE" + "A".repeat(40), "..%2F..%2Fadmin"]) {
      const reply = await pageOf(visitor, `/downloads/${token}`);
      expect(reply.status, token).toBe(404);
      expect(reply.page).toEqual({ status: 404, refusal: "unknown" });
      expectPrivateLinkHeaders(reply.headers);
    }
  });

  it("a malformed token is checked against TOKEN_SHAPE before any query: D1 is never asked", async () => {
    const untouchable = new Proxy({} as D1Database, {
      get: () => {
        throw new Error("D1 was queried for a malformed token");
      },
    });
    const shop = shopOf(new Visitor(), untouchable);
    for (const token of ["short", "A".repeat(44), "A".repeat(42) + "=", "A".repeat(42) + "/"]) {
      expect(await shop.downloads.downloadState(token)).toEqual({ status: "unknown" });
      expect(await shop.downloads.takeDownload(token)).toEqual({ status: "unknown" });
    }
  });
});

describe("the files", () => {
  it("GET streams the MP3 and the FLAC as attachments with their type and length, privately, each counted", async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    const mp3 = await visitor.get(`/downloads/${token}/mp3`);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get("Content-Disposition")).toBe('attachment; filename="welcome-to-the-pound.mp3"');
    expect(mp3.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(mp3.headers.get("Content-Length")).toBe(String(mp3.text.length));
    expect(mp3.text.startsWith("ID3")).toBe(true);
    expect(mp3.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expectPrivateLinkHeaders(mp3.headers);
    const flac = await visitor.get(`/downloads/${token}/flac`);
    expect(flac.status).toBe(200);
    expect(flac.headers.get("Content-Disposition")).toBe('attachment; filename="welcome-to-the-pound.flac"');
    expect(flac.headers.get("Content-Type")).toBe("audio/flac");
    expect(flac.text.startsWith("fLaC")).toBe(true);
    expect((await grantOf(token))?.downloads).toBe(2);
    const page = await pageOf(visitor, `/downloads/${token}`);
    expect(page.page).toMatchObject({ downloadsLeft: MAX_DOWNLOADS - 2 });
  });

  it("HEAD says what GET would serve and counts nothing", async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    for (let i = 0; i < MAX_DOWNLOADS + 2; i++) {
      const head = await visitor.request("HEAD", `/downloads/${token}/mp3`);
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Disposition")).toBe('attachment; filename="welcome-to-the-pound.mp3"');
      expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(0);
      expect(head.text).toBe("");
    }
    expect((await grantOf(token))?.downloads).toBe(0);
  });

  it("a Range is answered 206 with those bytes from R2, and only a request that starts at byte 0 counts a download", async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    const whole = await visitor.get(`/downloads/${token}/mp3`);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    const size = Number(whole.headers.get("Content-Length"));
    const first = await visitor.get(`/downloads/${token}/mp3`, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-99/${size}`);
    expect(first.headers.get("Content-Length")).toBe("100");
    expect(first.text.startsWith("ID3")).toBe(true);
    expect((await grantOf(token))?.downloads).toBe(2);
    // The rest of the file, in parts: counted nothing more.
    for (const range of ["bytes=100-", `bytes=100-${size * 2}`, "bytes=-50"]) {
      const rest = await visitor.get(`/downloads/${token}/mp3`, { Range: range });
      expect(rest.status, range).toBe(206);
    }
    const tail = await visitor.get(`/downloads/${token}/mp3`, { Range: "bytes=-50" });
    expect(tail.headers.get("Content-Range")).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(tail.text).toBe(whole.text.slice(-50));
    expect((await grantOf(token))?.downloads).toBe(2);
    // Past the end: 416 with the size; several ranges or a malformed one: the whole file, counted.
    const past = await visitor.get(`/downloads/${token}/mp3`, { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${size}`);
    expect((await visitor.get(`/downloads/${token}/mp3`, { Range: "bytes=0-1,5-9" })).status).toBe(200);
    expect((await grantOf(token))?.downloads).toBe(3);
  });

  it(`a link serves ${MAX_DOWNLOADS} files in all, then answers 410 Gone (file and page), and counts no more`, async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    for (let i = 0; i < MAX_DOWNLOADS; i++) expect((await visitor.get(`/downloads/${token}/${i % 2 ? "flac" : "mp3"}`)).status).toBe(200);
    const gone = await visitor.get(`/downloads/${token}/mp3`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Content-Disposition")).toBeNull();
    expect(gone.text).toContain(DOWNLOAD_REFUSALS["used-up"].title.replace("'", "&#39;"));
    expectPrivateLinkHeaders(gone.headers);
    const page = await pageOf(visitor, `/downloads/${token}`);
    expect(page.status).toBe(410);
    expect(page.page).toEqual({ status: 410, refusal: "used-up" });
    expect((await visitor.request("HEAD", `/downloads/${token}/mp3`)).status).toBe(410);
    expect((await grantOf(token))?.downloads).toBe(MAX_DOWNLOADS);
  });

  it("concurrent requests never exceed the limit: 12 at once on a fresh link, exactly 5 served", async () => {
    const { token } = await boughtSingle();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => new Visitor().get(`/downloads/${token}/${i % 2 ? "flac" : "mp3"}`)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(MAX_DOWNLOADS).fill(200), ...Array(12 - MAX_DOWNLOADS).fill(410)]);
    expect((await grantOf(token))?.downloads).toBe(MAX_DOWNLOADS);
  });

  it("an expired link answers 410 Gone, page and files, and counts nothing", async () => {
    const { token } = await boughtSingle();
    await env.DB.prepare("UPDATE download_grants SET expires_at = datetime('now', '-1 minute') WHERE token_hash = ?")
      .bind(await tokenHash(token))
      .run();
    const visitor = new Visitor();
    const file = await visitor.get(`/downloads/${token}/flac`);
    expect(file.status).toBe(410);
    expect(file.text).toContain("This download link has expired");
    const page = await pageOf(visitor, `/downloads/${token}`);
    expect(page.status).toBe(410);
    expect(page.page).toEqual({ status: 410, refusal: "expired" });
    expect((await grantOf(token))?.downloads).toBe(0);
  });

  it("an unknown token, a malformed one or an unknown format answers 404, never a 500", async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    for (const path of [
      `/downloads/${"B".repeat(43)}/mp3`,
      "/downloads/nope/mp3",
      "/downloads/%E0%A4%A/mp3",
      `/downloads/${token}/wav`,
      `/downloads/${token}/MP3`,
      `/downloads/${token}/..%2F..%2Fetc`,
      `/downloads/${token}/%E0%A4%A`,
    ]) {
      const reply = await visitor.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get("Content-Disposition")).toBeNull();
      expectPrivateLinkHeaders(reply.headers);
    }
    expect((await grantOf(token))?.downloads).toBe(0);
  });

  it("a file missing from the bucket answers 503 and gives the download back", async () => {
    const { token } = await boughtSingle();
    const kept = await env.DOWNLOADS.get("welcome-to-the-pound.flac");
    const bytes = await kept!.arrayBuffer();
    await env.DOWNLOADS.delete("welcome-to-the-pound.flac");
    try {
      const reply = await new Visitor().get(`/downloads/${token}/flac`);
      expect(reply.status).toBe(503);
      expect(reply.text).toContain("Your download was not counted");
      expect((await grantOf(token))?.downloads).toBe(0);
    } finally {
      await env.DOWNLOADS.put("welcome-to-the-pound.flac", bytes);
    }
  });

  it("the token is never logged: not when a file is served, refused or the page shown", async () => {
    const { token } = await boughtSingle();
    const visitor = new Visitor();
    const lines = await logsOf(async () => {
      await visitor.get(`/downloads/${token}`);
      await visitor.get(`/downloads/${token}/mp3`);
      await visitor.get(`/downloads/${token}/wav`);
    });
    expect(lines.some((line) => line.includes("download_served"))).toBe(true);
    expect(lines.join("\n")).not.toContain(token);
  });
});

describe("a cancel after a download", () => {
  it("the shopper cannot cancel once a file of the order has been served; the owner still can, with a reason", async () => {
    const { token, orderId } = await boughtSingle();
    const { accessToken } = (await env.DB.prepare("SELECT access_token AS accessToken FROM orders WHERE id = ?")
      .bind(orderId)
      .first<{ accessToken: string }>())!;
    const deps = { db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, address: "198.18.0.9" };
    expect((await orderPageView(deps, accessToken))?.canCancel).toBe(true);
    expect((await new Visitor().get(`/downloads/${token}/mp3`)).status).toBe(200);
    expect((await orderPageView(deps, accessToken))?.canCancel).toBe(false);
    const refused = await cancelByShopper(deps, accessToken).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toBe(DOWNLOADED_ALREADY);
    const number = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?").bind(orderId).first<{ number: string }>())!.number;
    await moveOrder(deps, number, { to: "cancelled", reason: "Refunded by request" });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status).toBe("cancelled");
  });
});

describe("the order's email", () => {
  it("carries a 'Download your music' section with the absolute link and what it allows; the token is stored nowhere", async () => {
    const shopper = await shopperWith(SINGLE);
    const { shop, jobs } = shopWithOutbox(shopper.jar.get("rd_session")!);
    const order = await shop.checkout.placeOrder({ email: fanAddress(), cardholderName: "Sam Fan", checkoutKey: crypto.randomUUID() }, "https://rawdogg.test");
    const token = order.downloads![0]!.token;
    expect(jobs).toEqual([
      { kind: "order_confirmation", orderId: order.id, downloads: [{ productId: SINGLE, token }], origin: "https://rawdogg.test", token: order.accessToken },
    ]);
    const { sent, mailer } = recordingMailer();
    await deliver(jobs, mailer);
    expect(sent).toHaveLength(1);
    const link = `https://rawdogg.test/downloads/${token}`;
    expect(sent[0]!.text).toContain("Download your music");
    expect(sent[0]!.text).toContain(link);
    expect(sent[0]!.text).toMatch(new RegExp(`${DOWNLOAD_DAYS} days from your order\\), for ${MAX_DOWNLOADS} downloads in all`));
    expect(sent[0]!.html).toContain(`href="${link}"`);
    const record = await env.DB.prepare("SELECT * FROM emails WHERE key = ?").bind(`order_confirmation:${order.id}`).first();
    expect(record).not.toBeNull();
    expect(JSON.stringify(record)).not.toContain(token);
  });

  it("a job whose token is not the order's own gets no link (a queued message is data, not trusted)", async () => {
    const { orderId } = await boughtSingle();
    const forged = { kind: "order_confirmation", orderId, downloads: [{ productId: SINGLE, token: "C".repeat(43) }], origin: "https://evil.test" };
    const { sent, mailer } = recordingMailer();
    await deliver([forged], mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toContain("Download your music");
    expect(sent[0]!.text).not.toContain("evil.test");
  });
});
