/**
 * Partners sign in at /login without a password (issue 34, item 2; contract "Codes and
 * partners"; docs/decisions/0026): a one-time link and a 6-digit code by email, each single use
 * and valid 15 minutes, kept only as hashes; the same answer whether or not the email is a
 * partner's; wrong codes lock a sign-in after 5; sign-in emails limited per email, posts per
 * client address; the session in KV behind a `__Host-` cookie, ended by signing out.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SIGN_IN_MINUTES } from "../../app/shared/partners";
import { CODE_REFUSED, SIGN_IN_CLOSED } from "../../app/components/partners/words";
import { createDatabase } from "../../workers/db/client";
import { openEmail, NO_SIGN_IN_RESEND } from "../../workers/shop/backoffice/emails";
import { composeEmail, LINK_LEFT_OUT } from "../../workers/shop/emails/compose";
import { PARTNER_SIGN_IN_SUBJECT } from "../../workers/shop/emails/templates";
import { SIGN_IN_EMAILS_PER_HOUR, signInCodeHash, WRONG_CODES_ALLOWED } from "../../workers/shop/partners/signin";
import { tokenHash } from "../../workers/shop/tokens";
import { readShown } from "./entry";
import { deliver, emailRow, recordingMailer } from "./mail";
import { Owner as Browser } from "./owner";
import { askToSignIn, makePartner, ORIGIN, partnerBrowser, partnerShop, type SignInJob } from "./partners-portal";

const minutes = (n: number) => n * 60_000;
const signInRow = (id: number) =>
  env.DB.prepare("SELECT * FROM partner_sign_ins WHERE id = ?")
    .bind(id)
    .first<{ link_hash: string; code_hash: string; expires_at: string; created_at: string; used_at: string | null; attempts: number }>();

describe("asking for a sign-in", () => {
  it("answers a partner's email and a stranger's alike; only the partner's makes a sign-in and its email", async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const theirs = await askToSignIn(browser, jobs, partner.email);
    const stranger = await askToSignIn(browser, jobs, "nobody-here@example.com");
    expect(theirs.answer.status).toBe(200);
    expect(stranger.answer.status).toBe(theirs.answer.status);
    // The same answer but for the email it names back.
    expect(JSON.stringify(stranger.shown).replaceAll("nobody-here@example.com", "EMAIL")).toBe(JSON.stringify(theirs.shown).replaceAll(partner.email, "EMAIL"));
    expect(theirs.answer.setCookies).toEqual(stranger.answer.setCookies);
    expect(theirs.job).toBeDefined();
    expect(stranger.job).toBeUndefined();
    // Any case and spaces: the partner's email still.
    expect((await askToSignIn(browser, jobs, `  ${partner.email.toUpperCase()} `)).job).toBeDefined();
  });

  it("keeps the link and the code only as SHA-256 hashes, for 15 minutes, and the email carries both", async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    const now = new Date();
    await shop.partners.requestSignIn(partner.email, ORIGIN, now);
    await settled();
    const job = jobs[0] as SignInJob;
    expect(job.code).toMatch(/^\d{6}$/);
    const row = (await signInRow(job.signInId))!;
    expect(row.link_hash).toBe(await tokenHash(job.token));
    expect(row.code_hash).toBe(await signInCodeHash(row.link_hash, job.code));
    expect(JSON.stringify(row)).not.toContain(job.token);
    expect(new Date(`${row.expires_at.replace(" ", "T")}Z`).getTime() - new Date(`${row.created_at.replace(" ", "T")}Z`).getTime()).toBe(
      minutes(SIGN_IN_MINUTES),
    );

    const email = (await composeEmail(createDatabase(env.DB), job))!;
    expect(email.to).toBe(partner.email);
    expect(email.subject).toBe(PARTNER_SIGN_IN_SUBJECT);
    expect(email.text).toContain(`${ORIGIN}/login/${job.token}`);
    expect(email.text).toContain(job.code);
    expect(email.text).toContain("Hi, Sam Partner! Open this link");
    // A job whose code is not its sign-in's own sends nothing (a message is data).
    expect(await composeEmail(createDatabase(env.DB), { ...job, code: job.code === "000000" ? "111111" : "000000" })).toBeNull();
    // Once used, its email is not sent any more.
    await shop.partners.signInWithLink(job.token);
    expect(await composeEmail(createDatabase(env.DB), job)).toBeNull();
  });

  it("goes out through the email queue past the daily cap of an unconfirmed address (bounded by its own limit instead)", async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    for (let i = 0; i < 4; i++) await shop.partners.requestSignIn(partner.email, ORIGIN);
    await settled();
    const { sent, mailer } = recordingMailer();
    await deliver(jobs, mailer);
    expect(sent.map((email) => email.to)).toEqual(Array(4).fill(partner.email));
    expect((await emailRow(`partner_sign_in:${(jobs[0] as SignInJob).signInId}`))?.status).toBe("sent");
  });

  it("reads back in the back office with its link and code left out, and cannot be resent", async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    await shop.partners.requestSignIn(partner.email, ORIGIN);
    await settled();
    const job = jobs[0] as SignInJob;
    await deliver(jobs, recordingMailer().mailer);
    const record = (await env.DB.prepare("SELECT id FROM emails WHERE key = ?").bind(`partner_sign_in:${job.signInId}`).first<{ id: number }>())!;
    const opened = await openEmail({ db: createDatabase(env.DB), outbox: { enqueue: () => {} }, address: "owner" }, record.id);
    expect(opened.email?.text).toContain(LINK_LEFT_OUT);
    expect(opened.email?.text).toContain("[code left out]");
    expect(opened.email?.text).not.toContain(job.token);
    expect(opened.email?.text).not.toContain(job.code);
    expect(opened.noResend).toBe(NO_SIGN_IN_RESEND);
  });

  it(`sends at most ${SIGN_IN_EMAILS_PER_HOUR} sign-in emails an hour to one partner, answering the same past it`, async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const answers = [];
    for (let i = 0; i < SIGN_IN_EMAILS_PER_HOUR + 2; i++) answers.push(await askToSignIn(browser, jobs, partner.email));
    expect(answers.filter((answer) => answer.job).length).toBe(SIGN_IN_EMAILS_PER_HOUR);
    expect(new Set(answers.map((answer) => `${answer.answer.status} ${JSON.stringify(answer.shown)}`)).size).toBe(1);
    // Another partner is not held back by it.
    expect((await askToSignIn(browser, jobs, (await makePartner()).email)).job).toBeDefined();
    // An hour on, the partner may ask again.
    const { shop, jobs: later, settled } = partnerShop();
    await shop.partners.requestSignIn(partner.email, ORIGIN, new Date(Date.now() + minutes(61)));
    await settled();
    expect(later).toHaveLength(1);
  });

  it("limits posts per client address (PARTNER_SIGNIN_LIMITER): past it, 429 and the page that says to wait", async () => {
    const browser = new Browser(ORIGIN, { ADMIN_PASSWORD: "secret", SHOP_RATE_LIMITS: "on" }, "203.0.113.201");
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await browser.post("/login", { intent: "email", email: `someone-${i}@example.com` })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(20);
    // The code form and the link's button meet the same limit.
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await browser.post("/login", { intent: "code", email: "someone@example.com", code: "123456" })).status);
    expect(codes).toContain(429);
  });

  it("is closed, saying so, without the shop's secret", async () => {
    const partner = await makePartner();
    const browser = new Browser(ORIGIN, { ADMIN_PASSWORD: undefined });
    const answer = await browser.post("/login", { intent: "email", email: partner.email });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(SIGN_IN_CLOSED.slice(0, 40));
  });
});

describe("the link", () => {
  it("opened, changes nothing; its button signs in once, with a __Host- session cookie, then goes to /partner", async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const { job } = await askToSignIn(browser, jobs, partner.email);
    const link = `/login/${job!.token}`;
    for (let opened = 0; opened < 2; opened++) {
      const page = await browser.get(link);
      expect(page.status).toBe(200);
      expect(readShown(page.text, "loader")).toEqual({ state: "ready" });
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    }
    const signedIn = await browser.post(link, { intent: "link" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/partner");
    const [cookie] = signedIn.setCookies;
    expect(cookie).toMatch(/^__Host-rd_partner=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect((await browser.get("/partner")).status).toBe(200);

    // Used: refused, on its page and by its button, and no session comes of it.
    const again = partnerBrowser().browser;
    expect(readShown((await again.get(link)).text, "loader")).toEqual({ state: "spent" });
    const second = await again.post(link, { intent: "link" });
    expect(second.status).toBe(200);
    expect(readShown(second.text, "action")).toMatchObject({ state: "spent" });
    expect(second.setCookies).toEqual([]);
    expect((await again.get("/partner")).location).toBe("/login");
  });

  it(`works until ${SIGN_IN_MINUTES} minutes have passed, never after`, async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    const asked = new Date();
    await shop.partners.requestSignIn(partner.email, ORIGIN, asked);
    await settled();
    const { token } = jobs[0] as SignInJob;
    const at = (ms: number) => new Date(asked.getTime() + ms);
    expect(await shop.partners.signInLinkState(token, at(minutes(SIGN_IN_MINUTES) - 1000))).toBe("ready");
    expect(await shop.partners.signInLinkState(token, at(minutes(SIGN_IN_MINUTES)))).toBe("spent");
    expect(await shop.partners.signInWithLink(token, at(minutes(SIGN_IN_MINUTES)))).toBeNull();
    expect(await shop.partners.signInWithLink(token, at(minutes(SIGN_IN_MINUTES) + minutes(5)))).toBeNull();
    // Through the page too, once its row says it has expired.
    await env.DB.prepare("UPDATE partner_sign_ins SET expires_at = datetime('now', '-1 second') WHERE id = ?")
      .bind((jobs[0] as SignInJob).signInId)
      .run();
    const { browser } = partnerBrowser();
    const late = await browser.post(`/login/${token}`, { intent: "link" });
    expect(readShown(late.text, "action")).toMatchObject({ state: "spent" });
    expect(late.setCookies).toEqual([]);
  });

  it("a made-up or malformed token signs nobody in", async () => {
    const { browser } = partnerBrowser();
    for (const token of ["x".repeat(43), "short", "%E0%A4%A"]) {
      const answer = await browser.post(`/login/${token}`, { intent: "link" });
      expect(answer.status, token).toBeLessThan(500);
      expect(answer.setCookies, token).toEqual([]);
    }
  });

  it("two tabs pressing the button at once sign in once", async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    await shop.partners.requestSignIn(partner.email, ORIGIN);
    await settled();
    const { token } = jobs[0] as SignInJob;
    const results = await Promise.all(Array.from({ length: 5 }, () => shop.partners.signInWithLink(token)));
    expect(results.filter((id) => id === partner.id)).toHaveLength(1);
  });
});

describe("the code", () => {
  it("signs in once with the email; again, it is refused in the one message", async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const { job } = await askToSignIn(browser, jobs, partner.email);
    const signedIn = await browser.post("/login", { intent: "code", email: partner.email, code: `${job!.code.slice(0, 3)} ${job!.code.slice(3)}` });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/partner");
    expect(signedIn.setCookies[0]).toMatch(/^__Host-rd_partner=/);

    const other = partnerBrowser().browser;
    const again = await other.post("/login", { intent: "code", email: partner.email, code: job!.code });
    expect(again.status).toBe(400);
    expect(again.text).toContain(CODE_REFUSED.slice(0, 40));
    expect(again.setCookies).toEqual([]);
  });

  it(`is refused after ${SIGN_IN_MINUTES} minutes`, async () => {
    const partner = await makePartner();
    const { shop, jobs, settled } = partnerShop();
    const asked = new Date();
    await shop.partners.requestSignIn(partner.email, ORIGIN, asked);
    await settled();
    const { code } = jobs[0] as SignInJob;
    expect(await shop.partners.signInWithCode(partner.email, code, new Date(asked.getTime() + minutes(SIGN_IN_MINUTES)))).toBeNull();
    expect(await shop.partners.signInWithCode(partner.email, code, new Date(asked.getTime() + minutes(SIGN_IN_MINUTES) - 1000))).toBe(partner.id);
  });

  it(`locks the sign-in after ${WRONG_CODES_ALLOWED} wrong codes: the right code and the link no longer work`, async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const { job } = await askToSignIn(browser, jobs, partner.email);
    const wrong = job!.code === "000000" ? "000001" : "000000";
    for (let i = 0; i < WRONG_CODES_ALLOWED; i++) {
      const answer = await browser.post("/login", { intent: "code", email: partner.email, code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(CODE_REFUSED.slice(0, 40));
    }
    expect((await signInRow(job!.signInId))!.attempts).toBe(WRONG_CODES_ALLOWED);
    const right = await browser.post("/login", { intent: "code", email: partner.email, code: job!.code });
    expect(right.status).toBe(400);
    expect(right.text).toContain(CODE_REFUSED.slice(0, 40));
    expect(readShown((await browser.get(`/login/${job!.token}`)).text, "loader")).toEqual({ state: "spent" });
    // A new sign-in works again.
    const fresh = await askToSignIn(browser, jobs, partner.email);
    expect((await browser.post("/login", { intent: "code", email: partner.email, code: fresh.job!.code })).status).toBe(302);
  });

  it("only the newest email's code works, and a stranger's email is answered as a partner's wrong code is", async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const first = (await askToSignIn(browser, jobs, partner.email)).job!;
    const second = (await askToSignIn(browser, jobs, partner.email)).job!;
    if (first.code !== second.code) {
      const old = await browser.post("/login", { intent: "code", email: partner.email, code: first.code });
      expect(old.status).toBe(400);
    }
    const stranger = await browser.post("/login", { intent: "code", email: "nobody-here@example.com", code: "123456" });
    const wrong = await browser.post("/login", { intent: "code", email: partner.email, code: second.code === "123456" ? "654321" : "123456" });
    expect(stranger.status).toBe(wrong.status);
    expect(JSON.stringify(readShown(stranger.text, "action")).replaceAll("nobody-here@example.com", "EMAIL")).toBe(
      JSON.stringify(readShown(wrong.text, "action")).replaceAll(partner.email, "EMAIL"),
    );
    expect((await browser.post("/login", { intent: "code", email: partner.email, code: second.code })).status).toBe(302);
  });

  it("asks for six digits, in the form's own words", async () => {
    const { browser } = partnerBrowser();
    const answer = await browser.post("/login", { intent: "code", email: "someone@example.com", code: "12a45" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Please enter the 6-digit code from the email.");
  });
});

describe("the session", () => {
  it("lives in PARTNER_SESSIONS; signing out deletes it and clears the cookie, and its old cookie no longer works", async () => {
    const partner = await makePartner();
    const { browser, jobs } = partnerBrowser();
    const { job } = await askToSignIn(browser, jobs, partner.email);
    const before = new Set((await env.PARTNER_SESSIONS.list()).keys.map((key) => key.name));
    await browser.post(`/login/${job!.token}`, { intent: "link" });
    const added = (await env.PARTNER_SESSIONS.list()).keys.filter((key) => !before.has(key.name));
    expect(added).toHaveLength(1);
    const cookie = browser.jar.get("__Host-rd_partner")!;

    const out = await browser.post("/partner", { intent: "sign-out" });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/login?step=signed-out");
    expect(out.setCookies[0]).toMatch(/^__Host-rd_partner=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(await env.PARTNER_SESSIONS.get(added[0]!.name)).toBeNull();
    expect((await browser.get("/partner")).location).toBe("/login");

    const replay = partnerBrowser().browser;
    replay.jar.set("__Host-rd_partner", cookie);
    expect((await replay.get("/partner")).location).toBe("/login");
  });

  it("a forged cookie is nobody's session", async () => {
    const { browser } = partnerBrowser();
    browser.jar.set("__Host-rd_partner", "forged.value");
    expect((await browser.get("/partner")).location).toBe("/login");
    browser.jar.set("__Host-rd_partner", JSON.stringify({ partnerId: 1 }));
    expect((await browser.get("/partner")).location).toBe("/login");
  });
});
