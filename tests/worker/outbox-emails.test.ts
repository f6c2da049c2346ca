/**
 * Every email that reports something the shop wrote rides the outbox (issue 36, item 3: "an
 * email is sent later, never lost and never twice"): an application's "received" email, the
 * owner's decision (or the partner welcome), a confirmed address's welcome code, a payout
 * marked paid and the owner's resend are each written in the batch of what they report. A
 * crash that drops the queue's job leaves one the sweep queues, and the claim sends it once.
 * (The newsletter's confirmation link and a partner's sign-in link are not: see decision 0028.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { reviewApplication } from "../../workers/shop/backoffice/applications";
import { resendEmail } from "../../workers/shop/backoffice/emails";
import { settlePartner } from "../../workers/shop/partners/ledger";
import { markPayoutPaid, runPayouts } from "../../workers/shop/partners/payouts";
import { emailKey, type EmailJob } from "../../workers/shop/emails/outbox";
import { sweepOutbox, SWEEP_AGAIN } from "../../workers/shop/emails/outbox-sweep";
import { deliver, emailRow, recordingMailer, shopWithOutbox, vendorApplication } from "./mail";
import { row } from "./owner";
import { attributedOrder, backOffice, makePartner, payoutsOf } from "./partners";

const ORIGIN = "https://shop.test";
const db = createDatabase(env.DB);
const email = () => `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A back office whose process died before its queue sends: the jobs it hands over are lost. */
const crashedBackOffice = () => ({ ...backOffice(), outbox: { enqueue: () => undefined } });

const outboxJob = async (key: string) => {
  const kept = await row<{ job: string; channel: string }>("SELECT job, channel FROM outbox WHERE key = ?", key);
  return kept && { channel: kept.channel, job: JSON.parse(kept.job) as EmailJob };
};

/** Ages the job under `key` past the sweep's wait, sweeps, and delivers what it queued for it twice over: the emails sent. */
async function sweptAndSent(key: string) {
  await env.DB.prepare("UPDATE outbox SET created_at = datetime('now', '-1 minute') WHERE key = ?").bind(key).run();
  const queued: EmailJob[] = [];
  const queue = { sendBatch: async (messages: { body: EmailJob }[]) => void queued.push(...messages.map((m) => m.body)) } as unknown as Queue<EmailJob>;
  await sweepOutbox({ db, queue, log: () => undefined });
  const mine: EmailJob[] = [];
  for (const job of queued) if ((await emailKey(job)) === key) mine.push(job);
  const { sent, mailer } = recordingMailer();
  await deliver([...mine, ...mine], mailer);
  return sent;
}

describe("a job the sweep queued whose message died with the shop", () => {
  it("is queued again once SWEEP_AGAIN has passed with no record of its email (what game day's audit counts as queued), and sent once", async () => {
    const { shop } = shopWithOutbox();
    const to = email();
    const { id } = await shop.applications.submitAffiliateApplication({
      name: "Kim",
      email: to,
      websiteUrl: "https://kim.example.com",
      audienceDescription: "Runners.",
    });
    const key = `application_received:affiliate:${id}`;
    await env.DB.prepare("UPDATE outbox SET created_at = datetime('now', '-1 minute') WHERE key = ?").bind(key).run();
    const queued: EmailJob[] = [];
    const queue = { sendBatch: async (messages: { body: EmailJob }[]) => void queued.push(...messages.map((m) => m.body)) } as unknown as Queue<EmailJob>;
    const sweep = async () => {
      queued.length = 0;
      await sweepOutbox({ db, queue, log: () => undefined });
      const mine: EmailJob[] = [];
      for (const job of queued) if ((await emailKey(job)) === key) mine.push(job);
      return mine;
    };
    // Swept, and its message lost with the shop that held it: no record, and the next sweeps leave it while the queue may still hold it.
    expect(await sweep()).toHaveLength(1);
    expect(await sweep()).toEqual([]);
    await env.DB.prepare("UPDATE outbox SET swept_at = datetime('now', ?, '-1 minute') WHERE key = ?").bind(SWEEP_AGAIN, key).run();
    const again = await sweep();
    expect(again).toHaveLength(1);
    const { sent, mailer } = recordingMailer();
    await deliver([...again, ...again], mailer);
    expect(sent.map((m) => m.to)).toEqual([to]);
  });
});

describe("every email that reports a write is in the outbox, written in its batch", () => {
  it("an application's 'received' email: stored with the application, the job swept after a crash and sent once", async () => {
    const { shop, jobs } = shopWithOutbox();
    const to = email();
    const { id } = await shop.applications.submitAffiliateApplication({
      name: "Alex",
      email: to,
      websiteUrl: "https://alex.example.com",
      audienceDescription: "People who like streetwear.",
    });
    const key = `application_received:affiliate:${id}`;
    expect(await outboxJob(key)).toEqual({ channel: "email", job: { kind: "application_received", programme: "affiliate", applicationId: id } });
    // The fast way's job is the same email.
    expect(await emailKey(jobs[0]!)).toBe(key);
    const sent = await sweptAndSent(key);
    expect(sent.map((m) => m.to)).toEqual([to]);
    expect(await emailRow(key)).toMatchObject({ status: "sent" });
  });

  it("the owner's decision: written in the decision's batch; a second decision writes nothing more", async () => {
    const { shop } = shopWithOutbox();
    const { id } = await shop.applications.submitAffiliateApplication({
      name: "Dana",
      email: email(),
      websiteUrl: "https://dana.example.com",
      audienceDescription: "Night owls.",
    });
    const owner = crashedBackOffice();
    await reviewApplication(owner, "affiliate", id, { decision: "declined", note: "", publish: false }, ORIGIN);
    const key = `application_reviewed:affiliate:${id}`;
    expect(await outboxJob(key)).toEqual({ channel: "email", job: { kind: "application_reviewed", programme: "affiliate", applicationId: id } });
    await expect(reviewApplication(owner, "affiliate", id, { decision: "approved", note: "", publish: false }, ORIGIN)).rejects.toThrow("already declined");
    expect(await outboxJob(`partner_welcome:affiliate:${id}`)).toBeNull();
    expect(await sweptAndSent(key)).toHaveLength(1);
  });

  it("an approved affiliate's partner welcome: written with the partner it makes", async () => {
    const { shop } = shopWithOutbox();
    const { id } = await shop.applications.submitAffiliateApplication({
      name: "Robin",
      email: email(),
      websiteUrl: "https://robin.example.com",
      audienceDescription: "Gym people.",
    });
    await reviewApplication(crashedBackOffice(), "affiliate", id, { decision: "approved", note: "", publish: false }, ORIGIN);
    const key = `partner_welcome:affiliate:${id}`;
    expect(await outboxJob(key)).toEqual({ channel: "email", job: { kind: "partner_welcome", programme: "affiliate", applicationId: id, origin: ORIGIN } });
    const sent = await sweptAndSent(key);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`${ORIGIN}/r/`);
  });

  it("a confirmed address's welcome code: written with the code, once", async () => {
    const { shop, jobs } = shopWithOutbox();
    await shop.applications.subscribeToNewsletter({ email: email() }, ORIGIN);
    const [confirmation] = jobs.splice(0) as Extract<EmailJob, { kind: "newsletter_confirmation" }>[];
    // The confirmation link's job is not kept: the shop keeps its token only as a hash (decision 0028).
    expect(await row("SELECT 1 AS kept FROM outbox WHERE key LIKE ?", `newsletter_confirmation:${confirmation!.signupId}:%`)).toBeNull();
    await shop.applications.confirmNewsletter(confirmation!.token, ORIGIN);
    const [welcome] = jobs as Extract<EmailJob, { kind: "newsletter_welcome" }>[];
    const key = `newsletter_welcome:${welcome!.codeId}`;
    expect(await outboxJob(key)).toEqual({ channel: "email", job: { kind: "newsletter_welcome", codeId: welcome!.codeId, origin: ORIGIN } });
    await shop.applications.confirmNewsletter(confirmation!.token, ORIGIN);
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE key = ?", key))!.n).toBe(1);
    const sent = await sweptAndSent(key);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/WELCOME-[0-9A-Z]{6}/);
  });

  it("a payout marked paid: its email written with the mark; a second mark is refused and writes nothing", async () => {
    const partner = await makePartner({ payout: { method: "paypal", details: "pay-ACCT-12345678" } });
    await attributedOrder(partner.id, 40_000, "delivered");
    await settlePartner(backOffice(), partner.id);
    await runPayouts(backOffice(), new Date("2026-12-15T06:00:00Z"));
    const [payout] = await payoutsOf(partner.id);
    const owner = crashedBackOffice();
    await markPayoutPaid(owner, payout!.id, ORIGIN);
    const key = `payout_paid:${payout!.id}`;
    expect(await outboxJob(key)).toEqual({ channel: "email", job: { kind: "payout_paid", payoutId: payout!.id, origin: ORIGIN } });
    await expect(markPayoutPaid(owner, payout!.id, ORIGIN)).rejects.toThrow("already marked paid");
    expect(await sweptAndSent(key)).toHaveLength(1);
  });

  it("the owner's resend: written with its audit entry, under the entry's key", async () => {
    const { shop, jobs } = shopWithOutbox();
    const to = email();
    const { id } = await shop.applications.submitVendorApplication(vendorApplication("Vic", to));
    const { mailer } = recordingMailer();
    await deliver(jobs, mailer);
    const original = await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", `application_received:vendor:${id}`);
    await resendEmail(crashedBackOffice(), original!.id, ORIGIN);
    const entry = await row<{ id: number }>("SELECT id FROM audit_log WHERE action = 'email.resend' AND subject = ? ORDER BY id DESC", `email ${original!.id}`);
    const key = `application_received:vendor:${id}:resend:${entry!.id}`;
    expect(await outboxJob(key)).toEqual({
      channel: "email",
      job: { kind: "application_received", programme: "vendor", applicationId: id, resend: entry!.id },
    });
    expect((await sweptAndSent(key)).map((m) => m.to)).toEqual([to]);
  });
});
