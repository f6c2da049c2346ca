/**
 * Attribution as the partner pages promise it (spec sections 3 and 9; contract, "Codes and
 * partners"; docs/decisions/0026): a partner's link `/r/<handle>` sets the first-party referral
 * cookie for 30 days (the last click wins) and counts the click per day without identifying
 * anyone; an order placed within the 30 days is the partner's by link, a partner's code wins
 * over the cookie, a partner's own email earns nothing, a paused partner attributes nothing. A
 * file served makes an order of downloads only delivered, so its commission turns payable.
 *
 * Partners are made directly in D1, as approval does: a `partners` row and its code, a
 * `discount_codes` row of source `partner`.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REFERRAL_DAYS } from "../../app/shared/partners";
import { referralCookie, referralOf } from "../../workers/edge/referral";
import { referralTarget } from "../../workers/referrals";
import { utcDay } from "../../workers/shop/insights/counts";
import { SHIPPING_ADDRESS } from "../shopper";
import worker, { readShown } from "./entry";
import { eventually, productBySlug, shopOf, unique } from "./helpers";
import { ORIGIN, Visitor } from "./visitor";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const INTENT = "/api/payment/create-payment-intent";
const DAY_SECONDS = 24 * 60 * 60;
const SINGLE = 18;

type Partner = { id: number; handle: string; email: string; code: string };

/** A partner as approval makes one: their row, and their own code (10% off) of source `partner`. */
async function makePartner({ status = "active" }: { status?: "active" | "paused" } = {}): Promise<Partner> {
  const handle = unique("partner");
  const email = `${handle}@example.com`;
  const code = handle.toUpperCase().replaceAll("-", "");
  const codeRow = await env.DB.prepare("INSERT INTO discount_codes (code, kind, value, source) VALUES (?, 'percent', 10, 'partner') RETURNING id")
    .bind(code)
    .first<{ id: number }>();
  const row = await env.DB.prepare(
    "INSERT INTO partners (handle, programme, application_id, name, email, status, code_id) VALUES (?, 'affiliate', ?, 'Jane Partner', ?, ?, ?) RETURNING id",
  )
    .bind(handle, Math.floor(Math.random() * 1e9), email, status, codeRow!.id)
    .first<{ id: number }>();
  return { id: row!.id, handle, email, code };
}

/**
 * One request through the Worker as `visitor` (their cookies, their address, a browser's agent),
 * waiting for what it does after the answer (the click's count); the cookies it sets go to the
 * visitor's jar.
 */
async function request(visitor: Visitor, path: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  const h = new Headers({ "CF-Connecting-IP": visitor.address, "User-Agent": CHROME, "Sec-Fetch-Dest": "document", ...headers });
  if (visitor.cookie) h.set("Cookie", visitor.cookie);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${visitor.origin}${path}`, { method, headers: h, redirect: "manual" }), env, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    visitor.jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

const click = (visitor: Visitor, handle: string, headers: Record<string, string> = {}) => request(visitor, `/r/${handle}`, { headers });

const clicksOf = async (partner: Partner, day = utcDay()) =>
  (await env.DB.prepare("SELECT clicks FROM partner_clicks WHERE partner_id = ? AND day = ?").bind(partner.id, day).first<{ clicks: number }>())?.clicks ?? 0;

/** A forged click on `handle`'s link `days` ago. */
const clickedDaysAgo = (visitor: Visitor, handle: string, days: number) =>
  visitor.jar.set("rd_ref", `${handle}.${Math.floor(Date.now() / 1000) - Math.round(days * DAY_SECONDS)}`);

async function addToCart(visitor: Visitor, slug = "plain-jane") {
  const added = await visitor.post("/api/cart", { productId: (await productBySlug(slug)).id, quantity: 2 });
  expect(added.status, added.text).toBe(200);
}

const checkoutForm = (email: string, checkoutKey: string = crypto.randomUUID()) => ({
  email,
  ...SHIPPING_ADDRESS,
  cardholderName: "Jane Q. Cardholder",
  checkoutKey,
});

type OrderRow = {
  id: string;
  number: string;
  status: string;
  partner_id: number | null;
  attribution: string | null;
  discount_code: string | null;
  discount: number;
};
const orderByNumber = (number: string) => env.DB.prepare("SELECT * FROM orders WHERE number = ?").bind(number).first<OrderRow>();

/** The checkout page's form posted as `visitor` (their cookies: the session and the referral): the order row. */
async function placeOrder(visitor: Visitor, email = `${unique("buyer")}@example.com`, form: Record<string, string> = checkoutForm(email)) {
  // The page's form posts the code it showed: the cart's own.
  const held = await env.DB.prepare("SELECT discount_code AS code FROM carts WHERE id = ?")
    .bind(visitor.jar.get("rd_session") ?? "")
    .first<{ code: string | null }>();
  const reply = await visitor.post("/checkout", new URLSearchParams({ codeShown: held?.code ?? "", ...form }).toString(), FORM);
  expect(reply.status, reply.text).toBe(200);
  const answer = readShown(reply.text, "action") as { order: { id: string; downloads?: { token: string }[] } | null };
  expect(answer.order, reply.text).not.toBeNull();
  return { row: (await orderByNumber(answer.order!.id))!, order: answer.order! };
}

/** A shopper who followed `partner`'s link and has two Plain Janes in the cart. */
async function referredShopper(partner: Partner) {
  const shopper = new Visitor();
  expect((await click(shopper, partner.handle)).status).toBe(302);
  await addToCart(shopper);
  return shopper;
}

describe("a partner's link, /r/<handle>", () => {
  it("redirects home, sets the first-party referral cookie (handle and click time, 30 days) and is never stored", async () => {
    const partner = await makePartner();
    const shopper = new Visitor();
    const before = Math.floor(Date.now() / 1000);
    const response = await click(shopper, partner.handle);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const [cookie, ...others] = response.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cookie).toMatch(new RegExp(`^rd_ref=${partner.handle}\\.\\d+; Path=/; HttpOnly; SameSite=Lax; Max-Age=${REFERRAL_DAYS * DAY_SECONDS}$`));
    const at = Number(shopper.jar.get("rd_ref")!.split(".")[1]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // No session is started by a click: the cookie is the only thing it leaves.
    expect(shopper.jar.has("rd_session")).toBe(false);
    // A link pasted with a trailing slash is the same link.
    const slashed = await request(new Visitor(), `/r/${partner.handle}/`);
    expect([slashed.status, slashed.headers.get("Location"), slashed.headers.getSetCookie().length]).toEqual([302, "/", 1]);
  });

  it("on the live site the cookie is Secure and __Host- prefixed, through the one cookie builder", () => {
    const live = new Request("https://rawdogg.example/r/jane-doe");
    expect(referralCookie(live, "jane-doe", 1_764_240_000_000)).toBe(
      `__Host-rd_ref=jane-doe.1764240000; Path=/; HttpOnly; SameSite=Lax; Max-Age=${REFERRAL_DAYS * DAY_SECONDS}; Secure`,
    );
    const back = new Request("https://rawdogg.example/", { headers: { Cookie: "__Host-rd_ref=jane-doe.1764240000" } });
    expect(referralOf(back, 1_764_240_000_000 + 1000)).toBe("jane-doe");
    // A bare name on the live site is not ours (a subdomain may have set it).
    expect(referralOf(new Request("https://rawdogg.example/", { headers: { Cookie: "rd_ref=jane-doe.1764240000" } }), 1_764_240_001_000)).toBeNull();
  });

  it("leads to a page of this site named by ?to=, and never to another host (no open redirect)", async () => {
    const partner = await makePartner();
    const shopper = new Visitor();
    const to = async (target: string) => (await request(shopper, `/r/${partner.handle}?to=${encodeURIComponent(target)}`)).headers.get("Location");
    expect(await to("/products/plain-jane")).toBe("/products/plain-jane");
    expect(await to("/products?search=gold")).toBe("/products?search=gold");
    expect(await to("/affiliate")).toBe("/affiliate");
    expect((await request(shopper, `/r/${partner.handle}?to=//evil.example`)).headers.get("Location")).toBe("/");
    for (const evil of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      " //evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
    ])
      expect(await to(evil), evil).toBe("/");
    // Only the public pages and the products': not the back office, an order's page or the checkout.
    for (const hidden of ["/admin", "/orders/abc", "/checkout", "/r/x", "/no-such-page"]) expect(await to(hidden), hidden).toBe("/");
    // The rule on its own, with the URL of the click.
    const url = new URL(`${ORIGIN}/r/x`);
    expect(referralTarget("/products/24k-gold", url)).toBe("/products/24k-gold");
    expect(referralTarget(undefined, url)).toBe("/");
    expect(referralTarget(`/products/${"a".repeat(600)}`, url)).toBe("/");
  });

  it("an unknown handle, a malformed one and a paused partner's lead home with no cookie and no count", async () => {
    const paused = await makePartner({ status: "paused" });
    for (const handle of [unique("nobody"), "Not%20A%20Handle", "-x", paused.handle]) {
      const shopper = new Visitor();
      const response = await request(shopper, `/r/${handle}?to=/products/plain-jane`);
      expect(response.status, handle).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await clicksOf(paused)).toBe(0);
  });

  it("counts clicks per UTC day, keeping nothing of who clicked; not a machine's, a prefetch's or one under Global Privacy Control", async () => {
    const partner = await makePartner();
    await click(new Visitor(), partner.handle);
    await click(new Visitor(), partner.handle);
    // A handle in capitals is the same link.
    await click(new Visitor(), partner.handle.toUpperCase());
    expect(await clicksOf(partner)).toBe(3);
    const row = await env.DB.prepare("SELECT * FROM partner_clicks WHERE partner_id = ?").bind(partner.id).all();
    expect(row.results).toEqual([{ partner_id: partner.id, day: utcDay(), clicks: 3 }]);

    const machine = new Visitor();
    const crawled = await click(machine, partner.handle, { "User-Agent": "curl/8.5.0" });
    expect(crawled.status).toBe(302);
    const prefetcher = new Visitor();
    const prefetched = await click(prefetcher, partner.handle, { "Sec-Purpose": "prefetch" });
    // A prefetch is declined (the browser asks again if the visitor really follows the link).
    expect(prefetched.status).toBe(503);
    expect(prefetched.headers.get("Cache-Control")).toBe("private, no-store");
    expect(prefetcher.jar.has("rd_ref")).toBe(false);
    const private_ = new Visitor();
    const gpc = await click(private_, partner.handle, { "Sec-GPC": "1" });
    expect(gpc.status).toBe(302);
    expect(gpc.headers.get("Location")).toBe("/");
    // Under GPC the link leads on, but sets no referral cookie.
    expect(private_.jar.has("rd_ref")).toBe(false);
    // A link checker's HEAD counts nothing and sets nothing.
    const checker = new Visitor();
    expect((await request(checker, `/r/${partner.handle}`, { method: "HEAD" })).status).toBe(302);
    expect(checker.jar.size).toBe(0);
    expect(await clicksOf(partner)).toBe(3);
  });

  it("meets the referral limit per address: past it, 429 with no cookie and no count", async () => {
    const partner = await makePartner();
    const refusing = { limit: async () => ({ success: false }) };
    const ctx = createExecutionContext();
    const headers = { "CF-Connecting-IP": "203.0.113.77", "User-Agent": CHROME };
    const response = await worker.fetch(
      new Request(`${ORIGIN}/r/${partner.handle}`, { headers, redirect: "manual" }),
      { ...env, SHOP_RATE_LIMITS: "on", REFERRAL_LIMITER: refusing },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await clicksOf(partner)).toBe(0);
  });
});

describe("an order's partner, and how", () => {
  it("by link: a shopper who followed the link within 30 days orders, and the order is the partner's by link", async () => {
    const partner = await makePartner();
    const shopper = await referredShopper(partner);
    const { row } = await placeOrder(shopper);
    expect([row.status, row.partner_id, row.attribution]).toEqual(["placed", partner.id, "link"]);
    const entry = await env.DB.prepare("SELECT status, commission, net_sales FROM partner_ledger WHERE order_id = ?").bind(row.id).first();
    expect(entry).toMatchObject({ status: "pending", net_sales: expect.any(Number) });
  });

  it("by code: the partner's code at checkout attributes the order, with its 10% off", async () => {
    const partner = await makePartner();
    const shopper = new Visitor();
    await addToCart(shopper);
    await shopOf(shopper).cart.applyDiscountCode(partner.code);
    const { row } = await placeOrder(shopper);
    expect([row.partner_id, row.attribution, row.discount_code]).toEqual([partner.id, "code", partner.code]);
    expect(row.discount).toBeGreaterThan(0);
  });

  it("the code wins over another partner's cookie", async () => {
    const [linked, coded] = [await makePartner(), await makePartner()];
    const shopper = await referredShopper(linked);
    await shopOf(shopper).cart.applyDiscountCode(coded.code);
    const { row } = await placeOrder(shopper);
    expect([row.partner_id, row.attribution]).toEqual([coded.id, "code"]);
  });

  it("the last click wins", async () => {
    const [first, last] = [await makePartner(), await makePartner()];
    const shopper = await referredShopper(first);
    await click(shopper, last.handle);
    expect(shopper.jar.get("rd_ref")).toMatch(new RegExp(`^${last.handle}\\.`));
    const { row } = await placeOrder(shopper);
    expect([row.partner_id, row.attribution]).toEqual([last.id, "link"]);
  });

  it("the cookie counts for 30 days, by the click's time the server reads: after that it attributes nothing", async () => {
    const partner = await makePartner();
    const within = new Visitor();
    await addToCart(within);
    clickedDaysAgo(within, partner.handle, REFERRAL_DAYS - 0.01);
    expect((await placeOrder(within)).row.partner_id).toBe(partner.id);

    // A browser that kept the cookie longer than it was asked to: the server reads its time.
    const after = new Visitor();
    await addToCart(after);
    clickedDaysAgo(after, partner.handle, REFERRAL_DAYS);
    const { row } = await placeOrder(after);
    expect([row.partner_id, row.attribution]).toEqual([null, null]);
  });

  it("a cookie that is not the shop's shape, or one set before Global Privacy Control, attributes nothing", async () => {
    const partner = await makePartner();
    for (const value of [partner.handle, `${partner.handle}.abc`, `${partner.handle.toUpperCase()}.${Math.floor(Date.now() / 1000)}`]) {
      const shopper = new Visitor();
      await addToCart(shopper);
      shopper.jar.set("rd_ref", value);
      expect((await placeOrder(shopper)).row.partner_id, value).toBeNull();
    }
    const gpc = await referredShopper(partner);
    const reply = await gpc.post("/checkout", new URLSearchParams(checkoutForm(`${unique("gpc")}@example.com`)).toString(), { ...FORM, "Sec-GPC": "1" });
    const placed = readShown(reply.text, "action") as { order: { id: string } };
    expect((await orderByNumber(placed.order.id))!.partner_id).toBeNull();
  });

  it("self-referral earns nothing: the partner's own email, through their link or with their code", async () => {
    const partner = await makePartner();
    const viaLink = await referredShopper(partner);
    expect((await placeOrder(viaLink, partner.email.toUpperCase())).row.partner_id).toBeNull();
    const viaCode = new Visitor();
    await addToCart(viaCode);
    await shopOf(viaCode).cart.applyDiscountCode(partner.code);
    const { row } = await placeOrder(viaCode, partner.email);
    // The code's discount still applies; the partner earns nothing.
    expect([row.partner_id, row.attribution, row.discount_code]).toEqual([null, null, partner.code]);
    expect(row.discount).toBeGreaterThan(0);
  });

  it("a paused partner's link and code attribute nothing (a cookie from before the pause included)", async () => {
    const partner = await makePartner();
    const shopper = await referredShopper(partner);
    await env.DB.prepare("UPDATE partners SET status = 'paused' WHERE id = ?").bind(partner.id).run();
    expect((await placeOrder(shopper)).row.partner_id).toBeNull();
    const coded = new Visitor();
    await addToCart(coded);
    await shopOf(coded).cart.applyDiscountCode(partner.code);
    const { row } = await placeOrder(coded);
    expect([row.partner_id, row.discount_code]).toEqual([null, partner.code]);
  });

  it("/api's checkout path keeps the referral: the payment intent and the order it places are the partner's by link", async () => {
    const partner = await makePartner();
    const shopper = await referredShopper(partner);
    const email = `${unique("api")}@example.com`;
    const key = crypto.randomUUID();
    const intent = await shopper.post<{ id: string }>(INTENT, { customerEmail: email }, { "Idempotency-Key": key });
    expect(intent.status, intent.text).toBe(200);
    const drafted = (await orderByNumber(intent.body.id))!;
    expect([drafted.status, drafted.partner_id, drafted.attribution]).toEqual(["intent", partner.id, "link"]);
    const { row } = await placeOrder(shopper, email, checkoutForm(email, key));
    expect([row.number, row.status, row.partner_id, row.attribution]).toEqual([intent.body.id, "placed", partner.id, "link"]);
  });
});

describe("a download served is a delivery", () => {
  it("an order of downloads only turns its commission payable once a file of it is served", async () => {
    const partner = await makePartner();
    const shopper = new Visitor();
    await click(shopper, partner.handle);
    expect((await shopper.post("/api/cart", { productId: SINGLE })).status).toBe(200);
    const { row, order } = await placeOrder(shopper, undefined, {
      email: `${unique("fan")}@example.com`,
      cardholderName: "Sam Fan",
      checkoutKey: crypto.randomUUID(),
      delivery: "download",
    });
    expect([row.partner_id, row.attribution]).toEqual([partner.id, "link"]);
    const entry = () =>
      env.DB.prepare("SELECT status, commission FROM partner_ledger WHERE order_id = ?").bind(row.id).first<{ status: string; commission: number }>();
    expect(await entry()).toMatchObject({ status: "pending" });
    expect((await entry())!.commission).toBeGreaterThan(0);

    // The download page counts nothing; the file does.
    const token = order.downloads![0]!.token;
    expect((await request(shopper, `/downloads/${token}/mp3`, { method: "HEAD" })).status).toBe(200);
    expect(await entry()).toMatchObject({ status: "pending" });
    expect((await request(shopper, `/downloads/${token}/mp3`)).status).toBe(200);
    await eventually(async () => expect(await entry()).toMatchObject({ status: "payable" }));
  });
});
