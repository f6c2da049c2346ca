/**
 * The owner's small needs in the back office: an email opened (its text read again from
 * today's data, since the shop stores no body) and resent as a new email under the daily
 * cap; orders found by the email address they were placed with; the shop's icon on every page.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LINK_LEFT_OUT } from "../../workers/shop/emails/compose";
import { DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS, WITHHELD_OVER_THE_DAILY_CAP } from "../../workers/shop/emails/delivery";
import { NO_NEWSLETTER_RESEND, STILL_SENDING } from "../../workers/shop/backoffice/emails";
import { emailKey, type EmailJob } from "../../workers/shop/emails/outbox";
import { unique } from "./helpers";
import { deliver, emailRow, numberOfOrder, recordingMailer, storeOrder } from "./mail";
import { asHtml, auditOf, emailQueue, Owner, row } from "./owner";

/** An order and its confirmation, sent through the real consumer; the confirmation's record id. */
async function sentConfirmation(email = `${unique("shopper")}@example.com`) {
  const orderId = await storeOrder(email, "Riley");
  const token = (await row<{ access_token: string }>("SELECT access_token FROM orders WHERE id = ?", orderId))!.access_token;
  const job: EmailJob = { kind: "order_confirmation", orderId, origin: "http://shop.test", token };
  const { mailer, sent } = recordingMailer();
  await deliver([job], mailer);
  expect(sent).toHaveLength(1);
  const record = (await emailRow(await emailKey(job)))!;
  expect(record.status).toBe("sent");
  const { id } = (await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", record.key))!;
  return { orderId, email, id, key: record.key, sentText: sent[0]!.text, token };
}

const insertEmail = async (key: string, kind: string, status: string, recipient = "x@example.com") => {
  await env.DB.prepare("INSERT INTO emails (key, kind, recipient, recipient_key, subject, status, attempts) VALUES (?, ?, ?, ?, 'A subject', ?, 1)")
    .bind(key, kind, recipient, recipient, status)
    .run();
  return (await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", key))!.id;
};

describe("an email opened on the Emails page", () => {
  it("shows the email's text re-rendered from today's data, says so, and leaves the shopper's links out", async () => {
    const { id, sentText, orderId, token } = await sentConfirmation();
    const owner = await Owner.signedIn();
    const list = await owner.get("/admin/emails");
    expect(list.text).toContain(`href="/admin/emails/${id}"`);
    const page = await owner.get(`/admin/emails/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Re-rendered from today&#39;s data");
    expect(page.text).toContain(asHtml(`Order number: ${await numberOfOrder(orderId)}`));
    // The text as sent, but for the order page's link: the owner never sees the shopper's key.
    expect(page.text).toContain(asHtml(sentText.replace(/http:\/\/shop\.test\/orders\/[A-Za-z0-9_-]+/, LINK_LEFT_OUT)));
    expect(page.text).not.toContain(token);
  });

  it("says what changed since: a price corrected on the order shows in the text read back", async () => {
    const { id, orderId } = await sentConfirmation();
    await env.DB.prepare("UPDATE orders SET total = 4000 WHERE id = ?").bind(orderId).run();
    const page = await (await Owner.signedIn()).get(`/admin/emails/${id}`);
    expect(page.text).toContain("Total: $40.00");
  });

  it("an unknown email is a 404 in words, never a 500", async () => {
    const owner = await Owner.signedIn();
    for (const path of ["/admin/emails/999999", "/admin/emails/abc", "/admin/emails/1e3"]) expect((await owner.get(path)).status, path).toBe(404);
    expect((await owner.post("/admin/emails/999999/resend")).status).toBe(404);
  });
});

describe("resending an email", () => {
  it("queues it again under a new key, audited; the original keeps its record and is never sent twice; the resend is sent once", async () => {
    const { id, key, orderId, email } = await sentConfirmation();
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, { EMAIL_QUEUE: queue.EMAIL_QUEUE });
    const answer = await owner.post(`/admin/emails/${id}/resend`);
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe(`/admin/emails/${id}?done=resent`);
    expect((await owner.get(answer.location!)).text).toContain("Queued again as a new email");
    const [audit] = await auditOf(`email ${id}`);
    expect(audit).toMatchObject({ action: "email.resend", address: owner.address });
    expect(audit!.detail).toContain(email);

    expect(queue.jobs).toHaveLength(1);
    const job = queue.jobs[0]!;
    expect(job).toMatchObject({ kind: "order_confirmation", orderId, origin: "http://shop.test" });
    const resendKey = await emailKey(job);
    expect(resendKey).not.toBe(key);
    expect(resendKey.startsWith(`${key}:resend:`)).toBe(true);

    const { mailer, sent } = recordingMailer();
    await deliver([job, job], mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email);
    expect(sent[0]!.text).toContain("Follow your order: http://shop.test/orders/");
    expect((await emailRow(resendKey))!.status).toBe("sent");
    // The original is still the one sent email it was; delivering its job again sends nothing.
    const original = { kind: "order_confirmation" as const, orderId };
    await deliver([original], mailer);
    expect(sent).toHaveLength(1);
    expect((await emailRow(key))!.status).toBe("sent");
    // The resend's page links back to the original.
    const { id: resendId } = (await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", resendKey))!;
    expect((await owner.get(`/admin/emails/${resendId}`)).text).toContain(`href="/admin/emails/${id}"`);
  });

  it("a resend meets the daily cap of an address that has not confirmed it is its owner's: past it, the resend is withheld", async () => {
    const { id, email } = await sentConfirmation();
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, { EMAIL_QUEUE: queue.EMAIL_QUEUE });
    for (let i = 0; i < DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS; i++) expect((await owner.post(`/admin/emails/${id}/resend`)).status).toBe(303);
    const { mailer, sent } = recordingMailer();
    await deliver(queue.jobs, mailer);
    // The confirmation counts: two resends go, the third is over the cap.
    expect(sent.map((message) => message.to)).toEqual([email, email]);
    const last = (await emailRow(await emailKey(queue.jobs.at(-1)!)))!;
    expect(last.status).toBe("withheld");
    expect(last.error).toBe(WITHHELD_OVER_THE_DAILY_CAP);
  });

  it("a resent order update meets the cap too (an order's own updates do not count against it)", async () => {
    const { orderId, email } = await sentConfirmation();
    await env.DB.prepare("UPDATE orders SET status = 'packed' WHERE id = ?").bind(orderId).run();
    await env.DB.prepare("INSERT INTO order_events (order_id, status, actor) VALUES (?, 'packed', 'owner')").bind(orderId).run();
    const update: EmailJob = { kind: "order_update", orderId, status: "packed" };
    const { mailer, sent } = recordingMailer();
    await deliver([update], mailer);
    const { id } = (await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", await emailKey(update)))!;
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, { EMAIL_QUEUE: queue.EMAIL_QUEUE });
    for (let i = 0; i < DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS; i++) expect((await owner.post(`/admin/emails/${id}/resend`)).status).toBe(303);
    await deliver(queue.jobs, mailer);
    // The confirmation and the update before: the confirmation and two resends fill the cap.
    expect(sent.map((message) => message.subject.endsWith("is packed"))).toEqual([true, true, true]);
    expect((await emailRow(await emailKey(queue.jobs.at(-1)!)))!.status).toBe("withheld");
    expect(sent.every((message) => message.to === email)).toBe(true);
  });

  it("an email still on its way, or a newsletter confirmation (only its link's hash is kept), is not resent: 409 in words, nothing queued or audited", async () => {
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, { EMAIL_QUEUE: queue.EMAIL_QUEUE });
    const sending = await insertEmail(unique("order_confirmation:ord_sending"), "order_confirmation", "sending");
    const failed = await insertEmail(unique("order_confirmation:ord_failed"), "order_confirmation", "failed");
    const newsletter = await insertEmail(
      `newsletter_confirmation:${unique("9")}:abcdef0123456789`.replace(/[^a-z_:0-9]/g, ""),
      "newsletter_confirmation",
      "sent",
    );
    for (const [id, message] of [
      [sending, STILL_SENDING],
      [failed, STILL_SENDING],
      [newsletter, NO_NEWSLETTER_RESEND],
    ] as const) {
      const answer = await owner.post(`/admin/emails/${id}/resend`);
      expect(answer.status, String(id)).toBe(409);
      expect(answer.text).toContain(asHtml(message));
      expect(await auditOf(`email ${id}`)).toEqual([]);
    }
    expect(queue.jobs).toEqual([]);
  });

  it("a cross-site resend is refused, as every post is: nothing queued or audited", async () => {
    const { id } = await sentConfirmation();
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, { EMAIL_QUEUE: queue.EMAIL_QUEUE });
    const answer = await owner.request("POST", `/admin/emails/${id}/resend`, {}, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(queue.jobs).toEqual([]);
    expect(await auditOf(`email ${id}`)).toEqual([]);
  });

  it("signed out, a resend leads to the sign-in page and queues nothing", async () => {
    const { id } = await sentConfirmation();
    const queue = emailQueue();
    const stranger = new Owner(undefined, { ADMIN_PASSWORD: "correct horse battery staple", EMAIL_QUEUE: queue.EMAIL_QUEUE });
    const answer = await stranger.post(`/admin/emails/${id}/resend`);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/admin/sign-in");
    expect(queue.jobs).toEqual([]);
  });
});

describe("orders found by email address", () => {
  it("the order search takes an email address: exact, in any case, every order placed with it, newest first", async () => {
    const email = `${unique("Sam.Shopper")}@Example.com`;
    const first = await storeOrder(email);
    const second = await storeOrder(email.toLowerCase());
    const other = await storeOrder(`x${email}`);
    const owner = await Owner.signedIn();
    const page = await owner.get(`/admin/orders?number=${encodeURIComponent(` ${email.toUpperCase()} `)}`);
    expect(page.status).toBe(200);
    // The search's own list, above the tabs (whose list of placed orders holds all three).
    const found = page.text.slice(page.text.indexOf('id="by-email"'), page.text.indexOf('id="by-status"'));
    expect(found).toContain("Orders placed with");
    const numbers = [...found.matchAll(/RD-[A-Z0-9]{4}-[A-Z0-9]{4}/g)].map(([number]) => number);
    expect(new Set(numbers)).toEqual(new Set([await numberOfOrder(second), await numberOfOrder(first)]));
    expect(found).not.toContain(await numberOfOrder(other));
  });

  it("a part of an address finds nothing: 404 with why beside the field", async () => {
    const email = `${unique("partial")}@example.com`;
    await storeOrder(email);
    const owner = await Owner.signedIn();
    for (const typed of [email.slice(0, -4), email.slice(1), `${email}.au`]) {
      const page = await owner.get(`/admin/orders?number=${encodeURIComponent(typed)}`);
      expect(page.status, typed).toBe(404);
      expect(page.text).toContain("There is no order with that email address.");
    }
  });
});

describe("the back office's icon", () => {
  it("every back-office page links the shop's icon, so no browser asks for /favicon.ico", async () => {
    const owner = new Owner();
    const signIn = await owner.get("/admin/sign-in");
    expect(signIn.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    const signedIn = await Owner.signedIn();
    expect((await signedIn.get("/admin/orders")).text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  });
});
