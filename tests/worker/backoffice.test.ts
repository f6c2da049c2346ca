/**
 * The owner's back office at /admin (decision 0014): signing in, the session, and every action
 * of its pages, each recorded in the audit trail. The back office changes the catalog, so
 * it has its own test file (each file has its own storage).
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNREADABLE_FORM } from "../../app/shared/forms";
import { newOrderNumber } from "../../app/shared/orders";
import { WHEN_AN_EMAIL_KEEPS_FAILING } from "../../workers/shop/emails/outbox";
import { inOneWindow, neighbourNetwork, unique } from "./helpers";
import { REAL_EMAIL_QUEUE } from "./entry";
import { asHtml, auditOf, emailQueue, Owner, PASSWORD, row, type Answer } from "./owner";
import { Visitor } from "./visitor";

const restores: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (restores.length > 0) await restores.pop()!();
});

/** The answer is the owner's alone: never stored, never indexed, with the pages' CSP. */
function expectPrivate(answer: Answer) {
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  const csp = answer.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer.headers.get("X-Page-Cache")).toBeNull();
}

/** The newest audit entry about `subject`. */
const lastAudit = (subject: string) =>
  row<{ action: string; subject: string; detail: string; address: string }>("SELECT * FROM audit_log WHERE subject = ? ORDER BY id DESC LIMIT 1", subject);

/** Every audit entry made from `address`, oldest first. */
const auditFrom = async (address: string) =>
  (
    await env.DB.prepare("SELECT action, detail, address FROM audit_log WHERE address = ? ORDER BY id")
      .bind(address)
      .all<{ action: string; detail: string; address: string }>()
  ).results;

/** Moves every sign-in of the audit trail an hour back: as if the minute they count in had passed. */
const letTheMinutePass = () => env.DB.prepare("UPDATE audit_log SET created_at = datetime('now', '-1 hour') WHERE action LIKE 'sign-in%'").run();

const catalogVersion = async () => (await row<{ version: number }>("SELECT version FROM catalog_meta WHERE id = 1"))!.version;

/** A placed order, stored as checkout stores one; `savings` comes off before the 8% tax. */
async function storeOrder({
  email = `${unique("shopper")}@example.com`,
  createdAt,
  firstName = "Riley",
  savings = 0,
}: { email?: string; createdAt?: string; firstName?: string; savings?: number } = {}) {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const number = newOrderNumber();
  const address = {
    firstName,
    lastName: "Shopper",
    address: "1 Main Street",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    country: "United States",
    cardholderName: "R. CARDHOLDER",
  };
  const subtotal = 2 * 1299 + 2499;
  const tax = Math.floor(((subtotal - savings) * 8 + 50) / 100);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, number, session_id, status, email, shipping_address, subtotal, bundle_savings, tax, shipping, total, created_at) VALUES (?, ?, 'test', 'placed', ?, ?, ?, ?, ?, 0, ?, ${createdAt ? "?" : "CURRENT_TIMESTAMP"})`,
    ).bind(id, number, email, JSON.stringify(address), subtotal, savings, tax, subtotal - savings + tax, ...(createdAt ? [createdAt] : [])),
    env.DB.prepare(
      "INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total) VALUES (?, 1, 'Plain Jane', 1299, 2, 2598), (?, 2, 'Tropical Slush', 2499, 1, 2499)",
    ).bind(id, id),
  ]);
  return { id, number, email, subtotal, tax, total: subtotal - savings + tax };
}

async function storeCreatorApplication(name = unique("Casey Creator")) {
  const email = `${unique("casey")}@example.com`;
  const res = await new Visitor().post("/api/creators", {
    name,
    email,
    socialLinks: { instagram: "@casey" },
    bio: "Comedy sketches about dating, consent and safer sex.",
    portfolioUrls: ["http://shop.test/images/creators/maya-lux.svg"],
    paymentInfo: { paymentMethod: "paypal", accountDetails: "casey-paypal-secret@example.com" },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, name, email };
}

/** Polls until `check` passes (the storefront may show a catalog change up to 5 s late). */
async function eventually(check: () => Promise<void>, timeoutMs = 6_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe("access", () => {
  it("with no ADMIN_PASSWORD secret, every /admin path answers 404", async () => {
    const stranger = new Owner(undefined, { ADMIN_PASSWORD: undefined });
    for (const path of ["/admin", "/admin/sign-in", "/admin/orders", "/admin/orders.csv", "/admin/no-such-page"]) {
      const answer = await stranger.get(path);
      expect(answer.status, path).toBe(404);
      expectPrivate(answer);
    }
    expect((await stranger.post("/admin/sign-in", { password: "" })).status).toBe(404);
    expect((await stranger.post("/admin/sign-in", { password: PASSWORD })).status).toBe(404);
  });

  it("signed out, every page leads to the sign-in page: a real form that posts without JavaScript", async () => {
    const owner = new Owner();
    for (const path of ["/admin", "/admin/orders", "/admin/products/1", "/admin/newsletter.csv"]) {
      const answer = await owner.get(path);
      expect(answer.status, path).toBe(303);
      expect(answer.location).toBe("/admin/sign-in");
      expectPrivate(answer);
    }
    expect((await owner.post("/admin/products/1", { price: "1.00", description: "A hijacked description." })).status).toBe(303);
    const page = await owner.get("/admin/sign-in");
    expect(page.status).toBe(200);
    expectPrivate(page);
    expect(page.text).toContain('<form method="post" action="/admin/sign-in"');
    expect(page.text).toContain('<input type="password" name="password"');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.text).not.toContain("<script");
  });

  it("a wrong password is refused, and so is none; nothing is signed in", async () => {
    const owner = new Owner();
    const wrong = await owner.signIn("hunter2");
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("That password is not right.");
    expect(wrong.setCookies).toEqual([]);
    const empty = await owner.signIn("");
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter the password.");
    expect((await owner.get("/admin")).status).toBe(303);
  });

  it("the right password signs in: a signed, HttpOnly, SameSite=Strict cookie for 8 hours, the session in KV", async () => {
    const owner = new Owner();
    const answer = await owner.signIn();
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/admin");
    expect(answer.setCookies).toHaveLength(1);
    const cookie = answer.setCookies[0]!;
    expect(cookie).toMatch(/^rd_admin=[^;]+\.[^;]+; /);
    expect(cookie).toContain("Max-Age=28800");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const overview = await owner.get("/admin");
    expect(overview.status).toBe(200);
    expect(overview.text).toContain("Overview");
    // The session lives in the ADMIN_SESSIONS namespace and expires there too, 8 hours on.
    const { keys } = await env.ADMIN_SESSIONS.list();
    const eightHours = Date.now() / 1000 + 8 * 60 * 60;
    expect(keys.some((key) => key.expiration !== undefined && Math.abs(key.expiration - eightHours) < 120)).toBe(true);
    expect(await lastAudit("back office")).toMatchObject({ action: "sign-in", address: owner.address });
  });

  it("over https the cookie is __Host- and Secure", async () => {
    for (const origin of ["https://shop.test", "https://rawdogg.com"]) {
      const owner = new Owner(origin);
      const answer = await owner.signIn();
      expect(answer.setCookies[0]).toMatch(/^__Host-rd_admin=[^;]+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      expect((await owner.get("/admin")).status).toBe(200);
    }
  });

  it("a cookie whose signature does not match is no session", async () => {
    const owner = await Owner.signedIn();
    // The same session id, signed with some other key.
    const [name, value] = [...owner.jar][0]!;
    const dot = value.lastIndexOf(".");
    owner.jar.set(name, `${value.slice(0, dot + 1)}${"A".repeat(value.length - dot - 1)}`);
    expect((await owner.get("/admin")).status).toBe(303);
  });

  it("sign-ins are limited per client address after repeated failures: 429, even for the right password", async () => {
    const { statuses, limited } = await inOneWindow(async (network) => {
      const owner = new Owner(undefined, undefined, `${network}::1`);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await owner.signIn(`guess-${i}`)).status);
      return { statuses, limited: await owner.signIn() };
    });
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(limited.text).toContain("Too many sign-in attempts");
    expect(limited.setCookies).toEqual([]);
    // Another address is not affected.
    expect((await new Owner().signIn()).status).toBe(303);
  });

  it("sign-in attempts are counted per client address as the shop counts it: one IPv6 /64 is one address", async () => {
    const { statuses, network } = await inOneWindow(async (network) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) statuses.push((await new Owner(undefined, undefined, `${network}::a${i}`).signIn(`guess-${i}`)).status);
      return { statuses, network };
    });
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429, 429, 429]);
    // The /64 beside it is another subscriber.
    expect((await new Owner(undefined, undefined, `${neighbourNetwork(network)}::a1`).signIn()).status).toBe(303);
  });

  it("failed sign-ins are counted across all addresses too: past 20 in a minute every address waits, the right password too, for at most a minute", async () => {
    await letTheMinutePass();
    for (let i = 1; i <= 20; i++) expect((await new Owner(undefined, undefined, `203.0.113.${i}`).signIn(`guess-${i}`)).status).toBe(401);
    const owner = new Owner();
    const locked = await owner.signIn();
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toBe("60");
    expect(locked.text).toContain("Too many failed sign-ins");
    expect(locked.setCookies).toEqual([]);
    await letTheMinutePass();
    expect((await owner.signIn()).status).toBe(303);
  });

  it("a production host over plain http gets no back office: pages move to https, posts are refused, no cookie is set", async () => {
    const owner = new Owner("http://rawdogg.com");
    for (const path of ["/admin", "/admin/sign-in", "/admin/orders?status=placed"]) {
      const page = await owner.get(path);
      expect(page.status, path).toBe(308);
      expect(page.location).toBe(`https://rawdogg.com${path}`);
    }
    const signIn = await owner.signIn();
    expect(signIn.status).toBe(403);
    expect(signIn.text).toContain("The back office opens only over https.");
    expect(signIn.setCookies).toEqual([]);
    expect(await auditFrom(owner.address)).toEqual([]);
  });

  it("the session expires 8 hours after signing in", async () => {
    const owner = await Owner.signedIn();
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 8 * 60 * 60 * 1000 - 60_000);
    expect((await owner.get("/admin")).status).toBe(200);
    vi.spyOn(Date, "now").mockReturnValue(now + 8 * 60 * 60 * 1000 + 1000);
    const expired = await owner.get("/admin");
    expect(expired.status).toBe(303);
    expect(expired.location).toBe("/admin/sign-in?done=expired");
    expect(expired.setCookies[0]).toMatch(/^rd_admin=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; /);
  });

  it("signing out ends the session: the cookie is cleared and the old cookie no longer works", async () => {
    const owner = await Owner.signedIn();
    const stolen = new Map(owner.jar);
    const out = await owner.post("/admin/sign-out");
    expect(out.status).toBe(303);
    expect(out.location).toBe("/admin/sign-in?done=signed-out");
    expect(owner.jar.size).toBe(0);
    expect((await owner.get("/admin/sign-in?done=signed-out")).text).toContain("You are signed out.");
    const replay = new Owner();
    for (const [name, value] of stolen) replay.jar.set(name, value);
    expect((await replay.get("/admin")).status).toBe(303);
    expect(await lastAudit("back office")).toMatchObject({ action: "sign-out" });
  });

  it("signing out without a session leads to the sign-in page like any sign-out, and records nothing", async () => {
    const stranger = new Owner();
    const forged = new Owner();
    forged.jar.set("rd_admin", "not-a-session.not-a-signature");
    for (const visitor of [stranger, forged]) {
      const out = await visitor.post("/admin/sign-out");
      expect(out.status).toBe(303);
      expect(out.location).toBe("/admin/sign-in?done=signed-out");
      expect(await auditFrom(visitor.address)).toEqual([]);
    }
  });

  it("cross-site posts are refused, as everywhere", async () => {
    const owner = await Owner.signedIn();
    const forged = await owner.request("POST", "/admin/sign-out", {}, { Origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await owner.get("/admin")).status).toBe(200);
  });
});

describe("orders", () => {
  it("newest first, paged; an order's page shows its lines, savings, tax, total, address, time and status, never the cardholder", async () => {
    for (let i = 0; i < 26; i++) await storeOrder({ createdAt: `2001-01-01 00:00:${String(i).padStart(2, "0")}` });
    const placed = await storeOrder({ savings: 510 });
    const owner = await Owner.signedIn();
    const first = await owner.get("/admin/orders");
    expect(first.status).toBe(200);
    expectPrivate(first);
    const ids = (text: string) => [...text.matchAll(/href="\/admin\/orders\/(RD-[^"]+)"/g)].map((m) => m[1]);
    expect(ids(first.text)[0]).toBe(placed.number);
    expect(first.text).not.toContain("ord_");
    expect(ids(first.text)).toHaveLength(25);
    expect(first.text).toContain('href="/admin/orders?status=placed&amp;page=2"');
    const second = await owner.get("/admin/orders?status=placed&page=2");
    expect(ids(second.text).some((id) => ids(first.text).includes(id))).toBe(false);

    const page = await owner.get(`/admin/orders/${placed.number}`);
    expect(page.status).toBe(200);
    for (const text of [
      "Placed",
      "Plain Jane",
      "$12.99",
      "$25.98",
      "Tropical Slush",
      "$50.97",
      "-$5.10",
      "$3.67",
      "$49.54",
      "1 Main Street",
      "Austin, TX 78701",
      placed.email,
      "UTC",
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toContain("CARDHOLDER");
    expect((await owner.get("/admin/orders/ord_nope")).status).toBe(404);
  });

  it("exports a date range as CSV: one order a line, amounts in dollars, nothing a spreadsheet would run", async () => {
    const inside = await storeOrder({ createdAt: "2002-03-04 10:00:00", firstName: '=HYPERLINK("http://evil.example","x")' });
    const lastSecond = await storeOrder({ createdAt: "2002-03-05 23:59:59" });
    const outside = await storeOrder({ createdAt: "2002-03-06 00:00:00" });
    const owner = await Owner.signedIn();
    const answer = await owner.get("/admin/orders.csv?status=placed&from=2002-03-04&to=2002-03-05");
    expect(answer.status).toBe(200);
    expectPrivate(answer);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="orders-2002-03-04-to-2002-03-05.csv"');
    const lines = answer.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "order,time_utc,status,email,first_name,last_name,address,city,state,zip_code,country,items,subtotal,savings,discount_code,discount,tax,shipping,total",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${inside.number},2002-03-04 10:00:00,placed,${inside.email},"'=HYPERLINK(""http://evil.example"",""x"")",Shopper,1 Main Street,Austin,TX,78701,United States,2 x Plain Jane; 1 x Tropical Slush,50.97,0.00,,0.00,4.08,0.00,55.05`,
    );
    expect(lines[2]).toContain(lastSecond.number);
    expect(answer.text).not.toContain(outside.number);
    expect(answer.text).not.toContain("CARDHOLDER");
  });

  it("a range that is not one is refused beside its fields, never a 500", async () => {
    const owner = await Owner.signedIn();
    const backwards = await owner.get("/admin/orders.csv?from=2002-03-05&to=2002-03-04");
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain("The last day cannot be before the first.");
    const nonsense = await owner.get("/admin/orders.csv?from=yesterday&to=");
    expect(nonsense.status).toBe(400);
    expect(nonsense.text).toContain("Please enter the first day as YYYY-MM-DD.");
    expect(nonsense.text).toContain("Please enter the last day as YYYY-MM-DD.");
  });
});

describe("applications", () => {
  it("lists applications by status, shows one whole, and approving a creator publishes their public fields on /creators", async () => {
    const creator = await storeCreatorApplication();
    const owner = await Owner.signedIn();
    const list = await owner.get("/admin/applications/creator");
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/admin/applications/creator/${creator.id}"`);
    const page = await owner.get(`/admin/applications/creator/${creator.id}`);
    for (const text of [creator.name, creator.email, "casey-paypal-secret@example.com", "instagram: @casey", "New"]) expect(page.text).toContain(text);

    const approved = await owner.post(`/admin/applications/creator/${creator.id}/review`, {
      decision: "approved",
      note: "Welcome to the pack!",
      publish: "on",
    });
    expect(approved.status).toBe(303);
    // Approving a creator makes them a partner too (partners-admin.test.ts).
    expect(approved.location).toBe(`/admin/applications/creator/${creator.id}?done=partner-made`);
    expect(await row("SELECT status, review_note, reviewed_at FROM creator_applications WHERE id = ?", creator.id)).toMatchObject({
      status: "approved",
      review_note: "Welcome to the pack!",
      reviewed_at: expect.any(String),
    });
    expect((await owner.get(`/admin/applications/creator?status=approved`)).text).toContain(creator.name);
    expect(await lastAudit(`creator application ${creator.id}`)).toMatchObject({
      action: "application.approve",
      detail: expect.stringMatching(/^note: Welcome to the pack!; published on \/creators; partner \/r\/[a-z-]+\d*, code [A-Z]+10(-\d+)?$/),
      address: owner.address,
    });

    await eventually(async () => {
      const res = await new Visitor().get("/api/creators?featured=true");
      const shown = (res.body as { name: string }[]).find((c) => c.name === creator.name);
      expect(shown).toEqual({
        id: expect.any(Number),
        name: creator.name,
        bio: "Comedy sketches about dating, consent and safer sex.",
        socialLinks: { instagram: "@casey" },
        portfolioUrls: ["http://shop.test/images/creators/maya-lux.svg"],
      });
      expect(res.text).not.toContain(creator.email);
      expect(res.text).not.toContain("paypal");
    });

    // Hidden again, and shown again, from the application's page.
    expect((await owner.post(`/admin/applications/creator/${creator.id}/publish`, { published: "false" })).location).toContain("done=hidden");
    await eventually(async () => expect((await new Visitor().get("/api/creators?featured=true")).text).not.toContain(creator.name));
    expect(await lastAudit(`creator application ${creator.id}`)).toMatchObject({ action: "creator.unpublish" });
    await owner.post(`/admin/applications/creator/${creator.id}/publish`, { published: "true" });
    await eventually(async () => expect((await new Visitor().get("/api/creators?featured=true")).text).toContain(creator.name));
  });

  it("hiding a creator unpublishes them: /api/creators returns them neither with nor without ?featured, and the catalog's version moves", async () => {
    const creator = await storeCreatorApplication();
    const owner = await Owner.signedIn();
    expect((await owner.post(`/admin/applications/creator/${creator.id}/review`, { decision: "approved", note: "", publish: "on" })).status).toBe(303);
    await eventually(async () => expect((await new Visitor().get("/api/creators")).text).toContain(creator.name));

    const before = await catalogVersion();
    const hidden = await owner.post(`/admin/applications/creator/${creator.id}/publish`, { published: "false" });
    expect(hidden.location).toBe(`/admin/applications/creator/${creator.id}?done=hidden`);
    expect(await catalogVersion()).toBeGreaterThan(before);
    await eventually(async () => {
      for (const path of ["/api/creators", "/api/creators?featured=true", "/api/creators?featured=false"]) {
        const answer = await new Visitor().get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.text, path).not.toContain(creator.name);
      }
    });
    expect((await owner.get(`/admin/applications/creator/${creator.id}`)).text).toContain("Not shown on /creators.");
  });

  it("two decisions at once: exactly one wins, with one email job and one audit entry, and the creator is published only if the winner said so", async () => {
    const creator = await storeCreatorApplication();
    const { jobs, ...queue } = emailQueue();
    const owner = await Owner.signedIn(undefined, queue);
    const review = `/admin/applications/creator/${creator.id}/review`;
    const answers = await Promise.all([
      owner.post(review, { decision: "approved", note: "Welcome!", publish: "on" }),
      owner.post(review, { decision: "declined", note: "Not this time." }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const { status } = (await row<{ status: string }>("SELECT status FROM creator_applications WHERE id = ?", creator.id))!;
    expect(answers.find((answer) => answer.status === 400)!.text).toContain(`This application was already ${status}.`);
    expect((await auditOf(`creator application ${creator.id}`)).map((entry) => entry.action)).toEqual([
      status === "approved" ? "application.approve" : "application.decline",
    ]);
    // One email for the decision that won: an approved creator's is the partner welcome.
    expect(jobs).toEqual([
      status === "approved"
        ? { kind: "partner_welcome", programme: "creator", applicationId: creator.id, origin: owner.origin }
        : { kind: "application_reviewed", programme: "creator", applicationId: creator.id },
    ]);
    const profile = await row("SELECT id FROM featured_creators WHERE application_id = ?", creator.id);
    expect(profile !== null, `published after the ${status} decision won`).toBe(status === "approved");
  });

  it("showing or hiding a creator twice at once is one change with one audit entry", async () => {
    const creator = await storeCreatorApplication();
    const owner = await Owner.signedIn();
    expect((await owner.post(`/admin/applications/creator/${creator.id}/review`, { decision: "approved", note: "" })).status).toBe(303);
    const publish = (published: string) => owner.post(`/admin/applications/creator/${creator.id}/publish`, { published });
    const profiles = async () => (await row<{ n: number }>("SELECT count(*) AS n FROM featured_creators WHERE application_id = ?", creator.id))!.n;

    expect((await Promise.all([publish("true"), publish("true")])).map((answer) => answer.status)).toEqual([303, 303]);
    expect(await profiles()).toBe(1);
    await Promise.all([publish("false"), publish("false")]);
    expect(await profiles()).toBe(0);
    expect((await auditOf(`creator application ${creator.id}`)).map((entry) => entry.action)).toEqual([
      "application.approve",
      "creator.publish",
      "creator.unpublish",
    ]);
  });

  it("declining sends the decision and the note by email; a decided application cannot be decided again", async () => {
    const email = `${unique("vic")}@example.com`;
    const stored = await env.DB.prepare(
      "INSERT INTO affiliate_applications (name, email, website_url, audience_description) VALUES ('Vic', ?, 'https://vic.example', 'Readers of a big blog') RETURNING id",
    )
      .bind(email)
      .first<{ id: number }>();
    const id = stored!.id;
    const owner = await Owner.signedIn();
    const declined = await owner.request(
      "POST",
      `/admin/applications/affiliate/${id}/review`,
      { decision: "declined", note: "Not this season." },
      REAL_EMAIL_QUEUE,
    );
    expect(declined.location).toBe(`/admin/applications/affiliate/${id}?done=declined`);
    const again = await owner.post(`/admin/applications/affiliate/${id}/review`, { decision: "approved", note: "" });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This application was already declined.");
    expect((await row<{ status: string }>("SELECT status FROM affiliate_applications WHERE id = ?", id))!.status).toBe("declined");

    // The queue's consumer sends the decision through the Email Service binding.
    await eventually(async () => {
      expect(await row("SELECT * FROM emails WHERE key = ?", `application_reviewed:affiliate:${id}`)).toMatchObject({
        recipient: email,
        subject: "Your Raw Dogg affiliate program application was declined",
        status: "sent",
      });
    }, 20_000);
  });

  it("a review without a decision is refused beside the field; unknown programmes and ids are 404s", async () => {
    const creator = await storeCreatorApplication();
    const owner = await Owner.signedIn();
    const missing = await owner.post(`/admin/applications/creator/${creator.id}/review`, { note: "Hmm" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Please choose to approve or decline.");
    expect(missing.text).toContain("Hmm</textarea>");
    expect((await owner.get("/admin/applications/plumber")).status).toBe(404);
    expect((await owner.get("/admin/applications/creator/999999")).status).toBe(404);
    expect((await owner.get("/admin/applications/creator/abc")).status).toBe(404);
    expect((await owner.post("/admin/applications/creator/999999/review", { decision: "approved" })).status).toBe(404);
    // Only a creator can be shown on /creators.
    expect((await owner.post(`/admin/applications/affiliate/${creator.id}/publish`, { published: "true" })).status).toBe(404);
    expect((await owner.post(`/admin/applications/creator/${creator.id}/publish`, { published: "true" })).status).toBe(400);
  });
});

describe("newsletter", () => {
  it("counts and lists the addresses signed up with whether each confirmed it, exports them as CSV, and removes an address (the audit trail does not keep it)", async () => {
    const email = `${unique("reader")}@example.com`;
    const confirmed = `${unique("confirmed")}@example.com`;
    // As the newsletter form stores them: one waiting for its link, one that followed it.
    await env.DB.prepare("INSERT INTO newsletter_signups (email) VALUES (?)").bind(email).run();
    await env.DB.prepare("INSERT INTO newsletter_signups (email, confirmed_at) VALUES (?, '2026-11-20 10:00:00')").bind(confirmed).run();
    const { id } = (await row<{ id: number }>("SELECT id FROM newsletter_signups WHERE email = ?", email))!;
    const { n, c } = (await row<{ n: number; c: number }>("SELECT count(*) AS n, count(confirmed_at) AS c FROM newsletter_signups"))!;
    const owner = await Owner.signedIn();
    const page = await owner.get("/admin/newsletter");
    expect(page.text).toContain(`<strong>${n}</strong> addresses signed up`);
    expect(page.text).toMatch(new RegExp(`<td>${email}</td><td>[^<]+</td><td>Not yet</td>`));
    expect(page.text).toMatch(new RegExp(`<td>${confirmed}</td><td>[^<]+</td><td>2026-11-20 10:00`));
    const overview = await owner.get("/admin");
    expect(overview.text).toContain(`<b>${c}</b>`);
    expect(overview.text).toContain(`${n} signed up`);
    const csv = await owner.get("/admin/newsletter.csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.text).toContain("email,signed_up_utc,confirmed_utc");
    expect(csv.text).toMatch(new RegExp(`${email},[^,]+,\r\n`));
    expect(csv.text).toMatch(new RegExp(`${confirmed},[^,]+,2026-11-20 10:00:00\r\n`));

    const removed = await owner.post(`/admin/newsletter/${id}/remove`);
    expect(removed.location).toBe("/admin/newsletter?done=removed");
    expect(await row("SELECT id FROM newsletter_signups WHERE id = ?", id)).toBeNull();
    const entry = await lastAudit(`subscriber ${id}`);
    expect(entry).toMatchObject({ action: "newsletter.remove", address: owner.address });
    expect(JSON.stringify(entry)).not.toContain(email);
    expect((await owner.post(`/admin/newsletter/${id}/remove`)).status).toBe(404);
  });

  it("removing an address that is not on the list is a 404 and leaves no audit entry", async () => {
    const owner = await Owner.signedIn();
    expect((await owner.post("/admin/newsletter/987654/remove")).status).toBe(404);
    expect(await auditOf("subscriber 987654")).toEqual([]);
  });
});

describe("catalog", () => {
  const product = async () =>
    (await row<{ id: number; price: number; description: string; featured: number }>("SELECT * FROM products WHERE slug = 'midnight-ribbed'"))!;

  it("edits a product with the shop's rules: bad input is refused beside its field and changes nothing", async () => {
    const before = await product();
    const owner = await Owner.signedIn();
    const cases: [Record<string, string>, string][] = [
      [{ price: "0", description: before.description }, "The price must be at least $0.01."],
      [{ price: "12.999", description: before.description }, "Please enter a price in dollars, like 12.99."],
      [{ price: "free", description: before.description }, "Please enter a price in dollars, like 12.99."],
      [{ price: "", description: before.description }, "Please enter a price in dollars, like 12.99."],
      [{ price: "20000", description: before.description }, "The price must be at most $10,000.00."],
      [{ price: "9.99", description: "short" }, "Please write a description of at least 10 characters."],
      [{ price: "9.99", description: "x".repeat(2001) }, "Please keep this under 2000 characters."],
    ];
    for (const [form, message] of cases) {
      const answer = await owner.post(`/admin/products/${before.id}`, form);
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await product()).toEqual(before);
  });

  it("a new price is charged at once and shows on the storefront within the freshness rule; the audit trail records it", async () => {
    const before = await product();
    restores.push(() =>
      env.DB.prepare("UPDATE products SET price = ?, description = ?, featured = ? WHERE id = ?")
        .bind(before.price, before.description, before.featured, before.id)
        .run(),
    );
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: before.id, quantity: 1 });

    const owner = await Owner.signedIn();
    const saved = await owner.post(`/admin/products/${before.id}`, {
      price: "$23.45",
      description: "Ribbed for her pleasure, now at a new price.",
      featured: "on",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/admin/products/${before.id}?done=saved`);
    expect(await product()).toMatchObject({ price: 2345, description: "Ribbed for her pleasure, now at a new price.", featured: 1 });

    // Charged at once: the shopper's next payment intent is priced from D1.
    const intent = await shopper.post("/api/payment/create-payment-intent", { customerEmail: "riley@example.com" });
    expect(intent.body.amount).toBe(2345 + Math.floor((2345 * 8 + 50) / 100));
    await eventually(async () => {
      const shown = await new Visitor().get("/api/products/midnight-ribbed");
      expect(shown.body).toMatchObject({ price: 2345, description: "Ribbed for her pleasure, now at a new price.", featured: true });
    });
    expect(await lastAudit(`product ${before.id} (Midnight Ribbed)`)).toMatchObject({
      action: "product.update",
      detail: `price $${(before.price / 100).toFixed(2)} -> $23.45; description "${before.description}" -> "Ribbed for her pleasure, now at a new price."${before.featured ? "" : "; featured"}`,
      address: owner.address,
    });

    const unchanged = await owner.post(`/admin/products/${before.id}`, {
      price: "23.45",
      description: "Ribbed for her pleasure, now at a new price.",
      featured: "on",
    });
    expect(unchanged.location).toBe(`/admin/products/${before.id}?done=unchanged`);
  });

  it("a description edit records the text before and after in the audit trail, each cut to 300 characters", async () => {
    const before = await product();
    restores.push(() => env.DB.prepare("UPDATE products SET description = ? WHERE id = ?").bind(before.description, before.id).run());
    const owner = await Owner.signedIn();
    const long = `Ribbed ${"and ribbed ".repeat(180)}`.slice(0, 2000).trim();
    const price = (before.price / 100).toFixed(2);
    expect((await owner.post(`/admin/products/${before.id}`, { price, description: long })).location).toBe(`/admin/products/${before.id}?done=saved`);
    expect((await owner.post(`/admin/products/${before.id}`, { price, description: before.description })).location).toBe(
      `/admin/products/${before.id}?done=saved`,
    );
    const [grown, restored] = (await auditOf(`product ${before.id} (Midnight Ribbed)`)).slice(-2);
    const cut = `${long.slice(0, 300)}…`;
    expect(grown!.detail).toBe(`description "${before.description}" -> "${cut}"`);
    expect(restored!.detail).toBe(`description "${cut}" -> "${before.description}"`);
  });
});

describe("the record of what happened", () => {
  it("the audit page lists every change with its time and address; the emails page lists what was sent", async () => {
    const owner = await Owner.signedIn();
    await env.DB.prepare(
      "INSERT INTO emails (key, kind, recipient, subject, status, attempts, error) VALUES (?, 'order_confirmation', 'x@example.com', 'Your Raw Dogg order ord_test', 'failed', 2, 'the sending domain is not verified')",
    )
      .bind(unique("order_confirmation:ord"))
      .run();
    const audit = await owner.get("/admin/audit");
    expect(audit.status).toBe(200);
    expect(audit.text).toContain("sign-in");
    expect(audit.text).toContain(owner.address);
    const emails = await owner.get("/admin/emails");
    expect(emails.text).toContain("Your Raw Dogg order ord_test");
    expect(emails.text).toContain("the sending domain is not verified");
  });

  it("failed and rate-limited sign-ins are in the audit trail with their address, never the password tried; a limited address once a minute", async () => {
    const network = await inOneWindow(async (network) => {
      const guesser = new Owner(undefined, undefined, `${network}::1`);
      for (let i = 0; i < 8; i++) await guesser.signIn(`guess-${i}-secret`);
      return network;
    });
    const entries = await auditFrom(`${network}::/64`);
    expect(entries.map((entry) => entry.action)).toEqual([...Array<string>(5).fill("sign-in.failed"), "sign-in.limited"]);
    expect(entries[5]!.detail).toBe("too many attempts from this address in a minute");
    expect(JSON.stringify(entries)).not.toContain("secret");
    await letTheMinutePass();
  });

  it("exporting personal data (orders.csv, newsletter.csv) is in the audit trail", async () => {
    await storeOrder({ createdAt: "2003-04-05 12:00:00" });
    await env.DB.prepare("INSERT INTO newsletter_signups (email) VALUES (?)")
      .bind(`${unique("reader")}@example.com`)
      .run();
    const { n } = (await row<{ n: number }>("SELECT count(*) AS n FROM newsletter_signups"))!;
    const owner = await Owner.signedIn();
    expect((await owner.get("/admin/orders.csv?status=placed&from=2003-04-05&to=2003-04-05")).status).toBe(200);
    expect(await lastAudit("orders")).toMatchObject({
      action: "export.orders",
      detail: "placed orders from 2003-04-05 to 2003-04-05: 1",
      address: owner.address,
    });
    expect((await owner.get("/admin/newsletter.csv")).status).toBe(200);
    expect(await lastAudit("newsletter")).toMatchObject({
      action: "export.newsletter",
      detail: `${n} ${n === 1 ? "address" : "addresses"}`,
      address: owner.address,
    });
  });

  it("an unexpected failure is logged by its kind and the request id only: no email, no session id", async () => {
    const sessionsBefore = new Set((await env.ADMIN_SESSIONS.list()).keys.map((key) => key.name));
    const owner = await Owner.signedIn();
    const sessionId = (await env.ADMIN_SESSIONS.list()).keys.map((key) => key.name).find((name) => !sessionsBefore.has(name))!;
    expect(sessionId).toBeTruthy();
    // A database fault's message carries the query's values.
    const fault = new Error(`D1_ERROR: UNIQUE constraint failed: newsletter_signups.email (leaky.shopper@example.com, ${sessionId})`);
    const broken: Record<string, unknown> = {
      prepare: () => {
        throw fault;
      },
      batch: () => Promise.reject(fault),
      withSession: () => broken,
    };
    const log = vi.spyOn(console, "log");
    const answer = await owner.request("GET", "/admin", undefined, {}, { DB: broken });
    expect(answer.status).toBe(500);
    expect(answer.text).toContain("Something went wrong");
    const logged = log.mock.calls.map((args) => args.map(String).join(" "));
    expect(logged.join("\n")).not.toContain("leaky.shopper@example.com");
    expect(logged.join("\n")).not.toContain(sessionId);
    const failures = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === "admin_failure");
    expect(failures).toEqual([{ event: "admin_failure", requestId: answer.headers.get("X-Request-Id"), error: "Error", cause: null }]);
  });

  it("the Overview says what happens to an email that keeps failing; emails are counted and listed by their status's name", async () => {
    const insert = "INSERT INTO emails (key, kind, recipient, subject, status, attempts) VALUES (?, 'order_confirmation', 'x@example.com', ?, ?, 6)";
    await env.DB.prepare(insert).bind(unique("order_confirmation:ord"), "Your Raw Dogg order ord_dead", "dead").run();
    const owner = await Owner.signedIn();
    const overview = await owner.get("/admin");
    expect(overview.text).toContain(WHEN_AN_EMAIL_KEEPS_FAILING);
    const { n } = (await row<{ n: number }>("SELECT count(*) AS n FROM emails WHERE status = 'dead'"))!;
    expect(overview.text).toMatch(new RegExp(`<td>Dead \\(gave up, never sent\\)</td><td class="num">${n}</td>`));
    const emails = await owner.get("/admin/emails");
    expect(emails.text).toMatch(
      /<td>Dead \(gave up, never sent\)<\/td><td>x@example.com<\/td><td><a href="\/admin\/emails\/\d+">Your Raw Dogg order ord_dead<\/a><\/td>/,
    );
  });

  it("what the owner reads is escaped: an applicant's markup is shown as text", async () => {
    const creator = await storeCreatorApplication('<script>alert("owned")</script>');
    const owner = await Owner.signedIn();
    const page = await owner.get(`/admin/applications/creator/${creator.id}`);
    expect(page.text).not.toContain('<script>alert("owned")</script>');
    expect(page.text).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
  });
});

describe("the back office stands on the shop's edge", () => {
  it("the audit trail names the client address as the shop counts it: an IPv6 address by its /64", async () => {
    const owner = new Owner(undefined, undefined, "2001:db8:10:20:aaaa:bbbb:cccc:dddd");
    expect((await owner.signIn()).status).toBe(303);
    expect(await lastAudit("back office")).toMatchObject({ action: "sign-in", address: "2001:db8:10:20::/64" });
  });

  it("a post that is not a form is answered 400 in the shop's words (UNREADABLE_FORM), never a 500, and changes nothing", async () => {
    const owner = await Owner.signedIn();
    const { price } = (await row<{ price: number }>("SELECT price FROM products WHERE id = 1"))!;
    const json = await owner.request("POST", "/admin/products/1", JSON.stringify({ price: "1.00", description: "Sent as JSON, not a form." }), {
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(400);
    expect(json.text).toContain(asHtml(UNREADABLE_FORM));
    const signIn = await new Owner().request("POST", "/admin/sign-in", "garbage", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(signIn.status).toBe(400);
    expect(signIn.text).toContain(asHtml(UNREADABLE_FORM));
    expect((await row<{ price: number }>("SELECT price FROM products WHERE id = 1"))!.price).toBe(price);
  });

  it("the back office's 429 is the shop's: Retry-After and never stored", async () => {
    const guesser = new Owner();
    let answer: Answer | undefined;
    for (let i = 0; i < 6; i++) answer = await guesser.signIn(`guess-${i}`);
    expect(answer!.status).toBe(429);
    expect(answer!.headers.get("Retry-After")).toBe("60");
    expect(answer!.headers.get("Cache-Control")).toBe("private, no-store");
    await letTheMinutePass();
  });
});
