/**
 * The shop's emails (decision 0014): checkout and applications hand the email queue a job and
 * answer at once; the queue's consumer renders the email, sends it through Cloudflare
 * Email Service's `send_email` binding (simulated locally by wrangler/miniflare), records
 * it in the `emails` table, and retries a failed send.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { retryDelaySeconds } from "../../workers/email-queue";
import { createOutbox, WHEN_AN_EMAIL_KEEPS_FAILING, type EmailJob } from "../../workers/shop/emails/outbox";
import { productBySlug, unique } from "./helpers";
import { deliver, deliverDead, emailRow, logsOf, numberOfOrder, recordingMailer, shopWithOutbox, storeOrder, vendorApplication, type EmailRow } from "./mail";
import { REAL_EMAIL_QUEUE } from "./entry";
import { Visitor } from "./visitor";

const DEMO_NOTE = "Orders placed on this site are demo orders: the checkout takes no payment, no card is charged and nothing is shipped.";

afterEach(() => vi.restoreAllMocks());

describe("the queue's consumer and the Email Service binding", () => {
  it("sends the order confirmation to the checkout's email: order number, lines, savings, tax, total, the demo notice", async () => {
    const to = `${unique("riley")}@example.com`;
    const orderId = await storeOrder(to);
    const { sent, mailer } = recordingMailer();
    const { result } = await deliver([{ kind: "order_confirmation", orderId }], mailer);

    expect(result.explicitAcks).toEqual([expect.any(String)]);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe(to);
    expect(email!.from).toEqual({ email: env.EMAIL_FROM, name: "Raw Dogg" });
    expect(email!.subject).toBe(`Your Raw Dogg order ${await numberOfOrder(orderId)}`);
    for (const part of [email!.text, email!.html]) {
      expect(part).toContain(await numberOfOrder(orderId));
      expect(part).not.toContain("ord_");
      expect(part).toContain("Plain Jane");
      expect(part).toContain("Tropical Slush");
      expect(part).toContain("$25.98");
      expect(part).toContain("$50.97");
      expect(part).toContain("-$5.10");
      expect(part).toContain("$3.67");
      expect(part).toContain("$49.54");
      expect(part).toContain(DEMO_NOTE);
    }
    expect(email!.text).toContain("2 x Plain Jane: $25.98");
    expect(email!.text).toContain("Total: $49.54");
    expect(email!.html).toMatch(/^<!doctype html><html lang="en">/);

    const row = await emailRow(`order_confirmation:${orderId}`);
    expect(row).toMatchObject({ kind: "order_confirmation", recipient: to, subject: email!.subject, status: "sent", attempts: 1, error: null });
    expect(row!.message_id).toBeTruthy();
  });

  it("a failed send is recorded and retried later; the next attempt sends it and the record says so", async () => {
    const orderId = await storeOrder(`${unique("retry")}@example.com`);
    const job = { kind: "order_confirmation", orderId };

    const failing = recordingMailer({ fail: true });
    const first = await deliver([job], failing.mailer);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages).toEqual([{ msgId: first.batch.messages[0]!.id }]);
    expect(first.delays).toEqual([30]);
    const failed = await emailRow(`order_confirmation:${orderId}`);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, message_id: null });
    // Why it failed, without the address the sender's error named.
    expect(failed!.error).toBe("email to [address] not allowed: the sending domain is not verified");

    const working = recordingMailer();
    const second = await deliver([job], working.mailer, 2);
    expect(second.result.explicitAcks).toHaveLength(1);
    expect(working.sent).toHaveLength(1);
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({ status: "sent", attempts: 2, error: null });
  });

  it("retries back off: 30 s, then 60 s, 120 s..., at most 10 minutes", async () => {
    const orderId = await storeOrder(`${unique("backoff")}@example.com`);
    const { mailer } = recordingMailer({ fail: true });
    const delays: (number | undefined)[] = [];
    for (const attempts of [1, 2, 3, 6]) {
      delays.push(...(await deliver([{ kind: "order_confirmation", orderId }], mailer, attempts)).delays);
    }
    expect(delays).toEqual([30, 60, 120, 600]);
  });

  it("a job delivered twice (queues deliver at least once) sends one email", async () => {
    const orderId = await storeOrder(`${unique("twice")}@example.com`);
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "order_confirmation", orderId }], mailer);
    const again = await deliver([{ kind: "order_confirmation", orderId }], mailer);
    expect(again.result.explicitAcks).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("a message that is not an email job, or a job about nothing that exists, is dropped: no email, no endless retries", async () => {
    const { sent, mailer } = recordingMailer();
    const { result } = await deliver(
      [{ kind: "order_confirmation", orderId: "ord_000000000000000000000000" }, { kind: "newsletter_blast" }, "not even an object"],
      mailer,
    );
    expect(result.explicitAcks).toHaveLength(3);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("HTML escapes what came from a form (a name's apostrophes); the text part keeps it as typed", async () => {
    const name = "D'Arcy O'Neil";
    const inserted = await env.DB.prepare(
      "INSERT INTO affiliate_applications (name, email, website_url, audience_description) VALUES (?, ?, 'https://x.example', 'An audience of many people') RETURNING id",
    )
      .bind(name, `${unique("escape")}@example.com`)
      .first<{ id: number }>();
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "application_received", programme: "affiliate", applicationId: inserted!.id }], mailer);
    expect(sent[0]!.html).toContain("Thanks for applying, D&#39;Arcy O&#39;Neil.");
    expect(sent[0]!.text).toContain(`Thanks for applying, ${name}.`);
    expect(sent[0]!.subject).toBe("We received your Raw Dogg affiliate program application");
  });

  it("logs say what was sent and to which record, never the recipient or the body", async () => {
    const to = `${unique("private")}@example.com`;
    const orderId = await storeOrder(to);
    const ours = await logsOf(async () => {
      await deliver([{ kind: "order_confirmation", orderId }], recordingMailer().mailer);
      await deliver([{ kind: "order_confirmation", orderId: await storeOrder(to) }], recordingMailer({ fail: true }).mailer);
    });
    expect(ours.map((line) => JSON.parse(line).event)).toEqual(["email_sent", "email_failed", "email_retry_later"]);
    for (const line of ours) {
      expect(line).not.toContain(to);
      expect(line).not.toContain("Riley");
      expect(line).not.toContain("Plain Jane");
    }
  });
});

describe("what hands the queue a job", () => {
  it("a placed order hands over its confirmation; a payment intent does not", async () => {
    const visitor = new Visitor();
    await visitor.post("/api/cart", { productId: (await productBySlug("plain-jane")).id, quantity: 2 });
    const { shop, jobs } = shopWithOutbox(visitor.jar.get("rd_session")!);
    await shop.checkout.createPaymentIntent("riley@example.com");
    expect(jobs).toEqual([]);
    const order = await shop.checkout.placeOrder({
      email: "riley@example.com",
      firstName: "Riley",
      lastName: "Shopper",
      address: "1 Main Street",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      country: "United States",
      cardholderName: "Riley Shopper",
    });
    expect(jobs).toEqual([{ kind: "order_confirmation", orderId: order.id }]);
  });

  it("each stored application hands over its 'application received' email", async () => {
    const { shop, jobs } = shopWithOutbox(null);
    const affiliate = await shop.applications.submitAffiliateApplication({
      name: "Alex",
      email: "alex@example.com",
      websiteUrl: "https://alex.example.com",
      audienceDescription: "People who like safer sex and streetwear.",
    });
    const creator = await shop.applications.submitCreatorApplication({
      name: "Casey",
      email: "casey@example.com",
      socialLinks: {},
      bio: "Comedy about dating and safer sex.",
      portfolioUrls: ["https://casey.example.com"],
      paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal.example.com" },
    });
    const vendor = await shop.applications.submitVendorApplication(vendorApplication("Vic Vendor", "vic@example.com"));
    expect(jobs).toEqual([
      { kind: "application_received", programme: "affiliate", applicationId: affiliate.id },
      { kind: "application_received", programme: "creator", applicationId: creator.id },
      { kind: "application_received", programme: "vendor", applicationId: vendor.id },
    ]);
  });

  it("end to end: an application answers at once, and the queue's consumer sends its email through the binding", async () => {
    const email = `${unique("e2e")}@example.com`;
    const res = await new Visitor().post(
      "/api/affiliates",
      {
        name: "Eve End-to-End",
        email,
        websiteUrl: "https://eve.example.com",
        audienceDescription: "Readers who want straight talk about protection.",
      },
      REAL_EMAIL_QUEUE,
    );
    expect(res.status).toBe(201);
    // The queue delivers its batch within max_batch_timeout (5 s): poll the record.
    const key = `application_received:affiliate:${res.body.id}`;
    let row: EmailRow | null = null;
    for (let waited = 0; waited < 20_000 && row?.status !== "sent"; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      row = await emailRow(key);
    }
    expect(row).toMatchObject({ kind: "application_received", recipient: email, status: "sent", attempts: 1 });
  });
});

describe("one email per job: claimed before it is sent, so the queue neither repeats nor loses it", () => {
  /** A promise and its resolve, to hold a send in flight. */
  function held() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { gate, release };
  }

  it("claim before sending: two concurrent deliveries of one job send it once", async () => {
    const orderId = await storeOrder(`${unique("concurrent")}@example.com`);
    const job = { kind: "order_confirmation", orderId };
    const { gate, release } = held();
    const { sent, mailer } = recordingMailer({ gate });
    let finished = 0;
    const runs = [deliver([job], mailer), deliver([job], mailer)].map((run) => run.finally(() => finished++));
    // Both deliveries are under way: both reached the send, or one already gave way.
    await vi.waitUntil(() => sent.length === 2 || (sent.length === 1 && finished === 1), { timeout: 10_000 });
    release();
    const results = await Promise.all(runs);
    expect(sent).toHaveLength(1);
    expect(results.map(({ result }) => result.explicitAcks.length).sort()).toEqual([0, 1]);
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({ status: "sent", attempts: 1, claim: null, claimed_at: null });
  });

  it("a job whose claim is held is retried, not dropped; the retry after the send sends nothing", async () => {
    const orderId = await storeOrder(`${unique("held")}@example.com`);
    const job = { kind: "order_confirmation", orderId };
    const { gate, release } = held();
    const first = recordingMailer({ gate });
    const sending = deliver([job], first.mailer);
    await vi.waitUntil(() => first.sent.length === 1, { timeout: 10_000 });
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({ status: "sending", claim: expect.any(String) });

    const second = recordingMailer();
    const whileHeld = await deliver([job], second.mailer, 2);
    expect(whileHeld.result.explicitAcks).toEqual([]);
    expect(whileHeld.result.retryMessages).toEqual([{ msgId: whileHeld.batch.messages[0]!.id }]);
    expect(whileHeld.delays).toEqual([60]);
    expect(second.sent).toEqual([]);

    release();
    await sending;
    const afterSend = await deliver([job], second.mailer, 3);
    expect(afterSend.result.explicitAcks).toHaveLength(1);
    expect(second.sent).toEqual([]);
    expect(first.sent).toHaveLength(1);
  });

  it("a claim older than 5 minutes is taken over (its consumer died mid-send); a younger one is not", async () => {
    const stale = await storeOrder(`${unique("stale")}@example.com`);
    const fresh = await storeOrder(`${unique("fresh")}@example.com`);
    const claimed = (orderId: string, minutesAgo: number) =>
      env.DB.prepare(
        `INSERT INTO emails (key, kind, recipient, recipient_key, subject, status, attempts, claim, claimed_at, created_at)
         VALUES (?, 'order_confirmation', 'x@example.com', 'x@example.com', 'Your order', 'sending', 1, 'gone', datetime('now', ?), datetime('now', ?))`,
      )
        .bind(`order_confirmation:${orderId}`, `-${minutesAgo} minutes`, `-${minutesAgo} minutes`)
        .run();
    await claimed(stale, 6);
    await claimed(fresh, 4);
    const { sent, mailer } = recordingMailer();
    const { result } = await deliver(
      [
        { kind: "order_confirmation", orderId: stale },
        { kind: "order_confirmation", orderId: fresh },
      ],
      mailer,
      2,
    );
    expect(sent.map((email) => email.subject)).toEqual([`Your Raw Dogg order ${await numberOfOrder(stale)}`]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(1);
    expect(await emailRow(`order_confirmation:${stale}`)).toMatchObject({ status: "sent", attempts: 2, claim: null });
    expect(await emailRow(`order_confirmation:${fresh}`)).toMatchObject({ status: "sending", claim: "gone" });
  });

  it("a failed send gives its claim back: the record says failed, and the next attempt may claim it", async () => {
    const orderId = await storeOrder(`${unique("giveback")}@example.com`);
    await deliver([{ kind: "order_confirmation", orderId }], recordingMailer({ fail: true }).mailer);
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({ status: "failed", claim: null, claimed_at: null });
  });
});

describe("the dead-letter queue", () => {
  it("a message delivered to the DLQ handler marks its email's record dead, and never sends it", async () => {
    const orderId = await storeOrder(`${unique("dead")}@example.com`);
    const job = { kind: "order_confirmation", orderId };
    await deliver([job], recordingMailer({ fail: true }).mailer, 6);
    const { sent, mailer } = recordingMailer();
    const { result } = await deliverDead([job], mailer);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toEqual([]);
    // The last failure's reason stays, for the owner to read.
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({
      status: "dead",
      attempts: 6,
      error: "email to [address] not allowed: the sending domain is not verified",
      claim: null,
    });
    // Delivered again (at least once), it stays dead; and the email queue never sends a dead email.
    await deliverDead([job], mailer);
    await deliver([job], mailer, 1);
    expect(sent).toEqual([]);
    expect(await emailRow(`order_confirmation:${orderId}`)).toMatchObject({ status: "dead" });
  });

  it("a dead letter whose email never got a record gets a dead one (recipient and subject); a sent email stays sent", async () => {
    const to = `${unique("unrecorded")}@example.com`;
    const never = await storeOrder(to);
    const sentOrder = await storeOrder(`${unique("sentbefore")}@example.com`);
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "order_confirmation", orderId: sentOrder }], mailer);
    await deliverDead([{ kind: "order_confirmation", orderId: never }, { kind: "order_confirmation", orderId: sentOrder }, { kind: "not a job" }], mailer);
    expect(sent).toHaveLength(1);
    expect(await emailRow(`order_confirmation:${never}`)).toMatchObject({
      status: "dead",
      recipient: to,
      subject: `Your Raw Dogg order ${await numberOfOrder(never)}`,
      attempts: 0,
    });
    expect(await emailRow(`order_confirmation:${sentOrder}`)).toMatchObject({ status: "sent" });
  });

  it("WHEN_AN_EMAIL_KEEPS_FAILING is true to wrangler.toml's consumer (max_retries, dead_letter_queue, a consumer for it) and the retry delays", () => {
    const consumers = wranglerToml.split("[[queues.consumers]]").slice(1);
    const setting = (block: string, name: string) => new RegExp(`^${name}\\s*=\\s*"?([^"\\n]+)"?`, "m").exec(block)?.[1];
    const main = consumers.find((block) => setting(block, "queue") === "raw-dogg-emails")!;
    const retries = Number(setting(main, "max_retries"));
    const deadLetters = setting(main, "dead_letter_queue");
    expect(deadLetters).toBe("raw-dogg-emails-dead");
    expect(consumers.some((block) => setting(block, "queue") === deadLetters)).toBe(true);

    const delays = Array.from({ length: retries }, (_, i) => retryDelaySeconds(i + 1));
    const [first, ...rest] = delays;
    const inWords = `${first} seconds, then ${rest
      .slice(0, -1)
      .map((s) => s / 60)
      .join(", ")} and ${rest.at(-1)! / 60} minutes`;
    expect(WHEN_AN_EMAIL_KEEPS_FAILING).toContain(`tried again up to ${retries} times, waiting ${inWords}`);
    expect(WHEN_AN_EMAIL_KEEPS_FAILING).toMatch(/dead-letter queue/);
    expect(WHEN_AN_EMAIL_KEEPS_FAILING).toMatch(/marked dead/);
  });
});

describe("bodies and addresses stay out of records and logs", () => {
  it("emails' bodies are never stored or logged: the record keeps recipient and subject, the logs neither", async () => {
    const to = `${unique("bodyless")}@example.com`;
    const orderId = await storeOrder(to);
    const { sent, mailer } = recordingMailer();
    const logs = await logsOf(() => deliver([{ kind: "order_confirmation", orderId }], mailer));
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('emails')").all<{ name: string }>();
    expect(columns.results.map((c) => c.name).filter((name) => /body|text|html|content/.test(name))).toEqual([]);
    const row = JSON.stringify(await emailRow(`order_confirmation:${orderId}`));
    for (const part of ["Plain Jane", "Riley", DEMO_NOTE, "$49.54"]) {
      expect(sent[0]!.text).toContain(part);
      expect(row).not.toContain(part);
      for (const line of logs) expect(line).not.toContain(part);
    }
    for (const line of logs) expect(line).not.toContain(to);
  });

  it("the outbox logs a failed enqueue by the error's kind only, never its message (which may carry an address)", async () => {
    const lines: [string, Record<string, unknown>][] = [];
    const pending: Promise<unknown>[] = [];
    const queue = { send: () => Promise.reject(new TypeError("queue refused a message for sam@example.org")) } as unknown as Queue<EmailJob>;
    createOutbox(
      queue,
      (promise) => void pending.push(promise),
      (event, fields = {}) => void lines.push([event, fields]),
    ).enqueue({
      kind: "order_confirmation",
      orderId: "ord_abc",
    });
    await Promise.all(pending);
    expect(lines).toEqual([["email_enqueue_failed", { kind: "order_confirmation", error: "TypeError", cause: null }]]);
    expect(JSON.stringify(lines)).not.toContain("sam@example.org");
  });
});
