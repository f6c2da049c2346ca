/**
 * The newsletter confirms its address before sending anything else (double opt-in,
 * contract "Emails", decision 0014): a signup stores the address unconfirmed with the hash
 * of a confirmation token and queues one confirmation email; its link opens a page that
 * changes nothing until its button is pressed (a POST). The page itself is a React Router
 * route (tests/browser/newsletter-confirm.spec.ts); these tests call the shop's functions
 * behind it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import { unique } from "./helpers";
import { deliver, emailRow, logsOf, recordingMailer, shopWithOutbox, storeOrder } from "./mail";

const ORIGIN = "https://shop.example";

type SignupRow = { id: number; email: string; confirmed_at: string | null; token_hash: string | null; confirmation_requested_at: string | null };
const signupRow = (email: string) => env.DB.prepare("SELECT * FROM newsletter_signups WHERE email = ?").bind(email).first<SignupRow>();

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) => b.toString(16).padStart(2, "0")).join("");

type ConfirmationJob = Extract<EmailJob, { kind: "newsletter_confirmation" }>;

async function signUp(email: string) {
  const { shop, jobs } = shopWithOutbox();
  await shop.applications.subscribeToNewsletter({ email }, ORIGIN);
  return { shop, jobs: jobs as ConfirmationJob[] };
}

/** Moves the address's last confirmation request this many hours into the past. */
const requestedHoursAgo = (email: string, hours: number) =>
  env.DB.prepare("UPDATE newsletter_signups SET confirmation_requested_at = datetime('now', ?) WHERE email = ?").bind(`-${hours} hours`, email).run();

describe("a signup: stored unconfirmed, one confirmation email queued", () => {
  it("double opt-in: the address is stored unconfirmed with only the hash of a token of at least 128 bits", async () => {
    const email = `${unique("optin")}@example.org`;
    const { jobs } = await signUp(email.toUpperCase());
    expect(jobs).toEqual([{ kind: "newsletter_confirmation", signupId: expect.any(Number), token: expect.any(String), origin: ORIGIN }]);
    const { token, signupId } = jobs[0]!;
    // 32 random bytes, base64url: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await signupRow(email);
    expect(row).toMatchObject({ id: signupId, email, confirmed_at: null, token_hash: await sha256Hex(token), confirmation_requested_at: expect.any(String) });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("the confirmation email links to the confirmation page with the token, in the shop's words only", async () => {
    const email = `${unique("link")}@example.org`;
    const { jobs } = await signUp(email);
    const { sent, mailer } = recordingMailer();
    const logs = await logsOf(() => deliver(jobs, mailer));
    expect(sent).toHaveLength(1);
    const link = `${ORIGIN}/newsletter/confirm?token=${jobs[0]!.token}`;
    expect(sent[0]).toMatchObject({ to: email, subject: "Confirm your Raw Dogg newsletter signup" });
    expect(sent[0]!.text).toContain(link);
    expect(sent[0]!.html).toContain(`href="${link}"`);
    // The token is in the email and nowhere else: not in the record, not in a log.
    const key = `newsletter_confirmation:${jobs[0]!.signupId}:${(await sha256Hex(jobs[0]!.token)).slice(0, 16)}`;
    const record = await emailRow(key);
    expect(record).toMatchObject({ kind: "newsletter_confirmation", recipient: email, status: "sent" });
    expect(JSON.stringify(record)).not.toContain(jobs[0]!.token);
    for (const line of logs) expect(line).not.toContain(jobs[0]!.token);
  });

  it("signing up again with an unconfirmed address within a day queues no second confirmation; a day later it does, and the old link stops working", async () => {
    const email = `${unique("again")}@example.org`;
    const first = await signUp(email);
    const again = await signUp(email);
    const thrice = await signUp(`  ${email.toUpperCase()}  `.trim());
    expect(first.jobs).toHaveLength(1);
    expect(again.jobs).toEqual([]);
    expect(thrice.jobs).toEqual([]);

    await requestedHoursAgo(email, 25);
    const nextDay = await signUp(email);
    expect(nextDay.jobs).toHaveLength(1);
    expect(nextDay.jobs[0]!.token).not.toBe(first.jobs[0]!.token);
    expect(await first.shop.applications.newsletterConfirmationState(first.jobs[0]!.token)).toBe("invalid");
    // The first job, still on the queue, sends nothing: its link would not work.
    const { sent, mailer } = recordingMailer();
    await deliver(first.jobs, mailer);
    expect(sent).toEqual([]);
  });

  it("a confirmation email is an email to an unconfirmed address: the daily cap applies to it", async () => {
    const email = `${unique("capped")}@example.org`;
    const orders = [await storeOrder(email), await storeOrder(email), await storeOrder(email)];
    const { sent, mailer } = recordingMailer();
    await deliver(
      orders.map((orderId) => ({ kind: "order_confirmation", orderId })),
      mailer,
    );
    const { jobs } = await signUp(email);
    await deliver(jobs, mailer);
    expect(sent).toHaveLength(3);
    expect(sent.map((e) => e.subject)).not.toContain("Confirm your Raw Dogg newsletter signup");
  });

  it("existing rows stay unconfirmed; signing up again with one sends its first confirmation", async () => {
    const email = `${unique("before")}@example.org`;
    await env.DB.prepare("INSERT INTO newsletter_signups (email) VALUES (?)").bind(email).run();
    expect(await signupRow(email)).toMatchObject({ confirmed_at: null, token_hash: null });
    const { jobs } = await signUp(email);
    expect(jobs).toHaveLength(1);
  });

  it("a confirmed address signing up again is sent nothing", async () => {
    const email = `${unique("done")}@example.org`;
    const { shop, jobs } = await signUp(email);
    await shop.applications.confirmNewsletter(jobs[0]!.token);
    await requestedHoursAgo(email, 48);
    expect((await signUp(email)).jobs).toEqual([]);
  });
});

describe("the confirmation page's two steps", () => {
  it("the link (a GET) confirms nothing; the page's POST confirms the address", async () => {
    const email = `${unique("confirm")}@example.org`;
    const { shop, jobs } = await signUp(email);
    const { token } = jobs[0]!;
    expect(await shop.applications.newsletterConfirmationState(token)).toBe("ready");
    expect(await shop.applications.newsletterConfirmationState(token)).toBe("ready");
    expect((await signupRow(email))!.confirmed_at).toBeNull();

    expect((await shop.applications.confirmNewsletter(token)).state).toBe("confirmed");
    expect((await signupRow(email))!.confirmed_at).toEqual(expect.any(String));
    // Pressed twice, or the link opened again: it says so, and changes nothing.
    expect((await shop.applications.confirmNewsletter(token)).state).toBe("confirmed");
    expect(await shop.applications.newsletterConfirmationState(token)).toBe("confirmed");
  });

  it("a wrong, malformed, huge or expired token confirms nothing", async () => {
    const email = `${unique("expired")}@example.org`;
    const { shop, jobs } = await signUp(email);
    const forged = "A".repeat(43);
    for (const token of [forged, "", "not a token", "x".repeat(5000), `${jobs[0]!.token}x`]) {
      expect(await shop.applications.newsletterConfirmationState(token), token.slice(0, 50)).toBe("invalid");
      expect((await shop.applications.confirmNewsletter(token)).state, token.slice(0, 50)).toBe("invalid");
    }
    // A link is good for 7 days.
    await requestedHoursAgo(email, 7 * 24 + 1);
    expect(await shop.applications.newsletterConfirmationState(jobs[0]!.token)).toBe("invalid");
    expect((await shop.applications.confirmNewsletter(jobs[0]!.token)).state).toBe("invalid");
    expect((await signupRow(email))!.confirmed_at).toBeNull();
  });
});
