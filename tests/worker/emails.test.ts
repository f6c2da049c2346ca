/**
 * The shop's emails (decision 0014): checkout and applications hand the email queue a job and
 * answer at once; the queue's consumer renders the email, sends it through Cloudflare
 * Email Service's `send_email` binding (simulated locally by wrangler/miniflare), records
 * it in the `emails` table, and retries a failed send.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import type { EmailJob } from "../../workers/shop/outbox";
import { createVisitor } from "../../workers/shop/visitor";
import worker from "./entry";
import { productBySlug, unique } from "./helpers";
import { Visitor } from "./visitor";

const DEMO_NOTE = "Orders placed on this site are demo orders: the checkout takes no payment, no card is charged and nothing is shipped.";

type Sent = Parameters<SendEmail["send"]>[0] & { to: string; subject: string; text: string; html: string };

/** The real binding, with every message handed to it kept for the test to read. */
function recordingMailer(fail = false) {
  const sent: Sent[] = [];
  const mailer = {
    async send(message: Sent) {
      sent.push(message);
      if (fail) throw new Error(`email to ${message.to} not allowed: the sending domain is not verified`);
      return env.EMAIL.send(message);
    },
  };
  return { sent, mailer: mailer as unknown as SendEmail };
}

let messageCount = 0;

/**
 * Runs the Worker's queue handler on these jobs, as the queue would deliver them: what it
 * acknowledged and retried, and the delay each retry asked for (the test pool's result
 * leaves the delay out).
 */
async function deliver(jobs: unknown[], mailer: SendEmail, attempts = 1) {
  const batch = createMessageBatch(
    "raw-dogg-emails",
    jobs.map((body) => ({ id: `msg-${++messageCount}`, timestamp: new Date(), attempts, body })),
  );
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, EMAIL: mailer });
  return { batch, delays, result: await getQueueResult(batch, ctx) };
}

type EmailRow = { key: string; kind: string; recipient: string; subject: string; status: string; attempts: number; error: string | null; message_id: string | null };
const emailRow = (key: string) => env.DB.prepare("SELECT * FROM emails WHERE key = ?").bind(key).first<EmailRow>();

/** An order placed as the checkout records one: a bundle's saving in its totals. */
async function storeOrder(email: string) {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const address = { firstName: "Riley", lastName: "Shopper", address: "1 Main Street", city: "Austin", state: "TX", zipCode: "78701", country: "United States", cardholderName: "Riley Shopper" };
  // Subtotal 2 x $12.99 + $24.99 = $50.97, savings $5.10, tax 8% of $45.87 = $3.67, total $49.54.
  await env.DB.batch([
    env.DB.prepare("INSERT INTO orders (id, session_id, status, email, shipping_address, subtotal, bundle_savings, tax, shipping, total) VALUES (?, 'test', 'placed', ?, ?, 5097, 510, 367, 0, 4954)").bind(
      id,
      email,
      JSON.stringify(address),
    ),
    env.DB.prepare("INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total) VALUES (?, 1, 'Plain Jane', 1299, 2, 2598), (?, 2, 'Tropical Slush', 2499, 1, 2499)").bind(id, id),
  ]);
  return id;
}

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
    expect(email!.subject).toBe(`Your Raw Dogg order ${orderId}`);
    for (const part of [email!.text, email!.html]) {
      expect(part).toContain(orderId);
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

    const failing = recordingMailer(true);
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
    const { mailer } = recordingMailer(true);
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

  it("HTML escapes everything that came from a form; the text part keeps it as typed", async () => {
    const name = `<img src=x onerror=alert(1)> & "Co"`;
    const inserted = await env.DB.prepare(
      "INSERT INTO affiliate_applications (name, email, website_url, audience_description) VALUES (?, ?, 'https://x.example', 'An audience of many people') RETURNING id",
    )
      .bind(name, `${unique("xss")}@example.com`)
      .first<{ id: number }>();
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "application_received", programme: "affiliate", applicationId: inserted!.id }], mailer);
    expect(sent[0]!.html).not.toContain("<img");
    expect(sent[0]!.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;");
    expect(sent[0]!.text).toContain(`Thanks for applying, ${name}.`);
    expect(sent[0]!.subject).toBe("We received your Raw Dogg affiliate program application");
  });

  it("logs say what was sent and to which record, never the recipient or the body", async () => {
    const to = `${unique("private")}@example.com`;
    const orderId = await storeOrder(to);
    const logs: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void logs.push(String(line)));
    await deliver([{ kind: "order_confirmation", orderId }], recordingMailer().mailer);
    await deliver([{ kind: "order_confirmation", orderId: await storeOrder(to) }], recordingMailer(true).mailer);
    const ours = logs.filter((line) => line.startsWith("{"));
    expect(ours.map((line) => JSON.parse(line).event)).toEqual(["email_sent", "email_failed"]);
    for (const line of ours) {
      expect(line).not.toContain(to);
      expect(line).not.toContain("Riley");
      expect(line).not.toContain("Plain Jane");
    }
  });
});

describe("what hands the queue a job", () => {
  /** A shop for one request whose outbox keeps the jobs instead of queueing them. */
  function shopWithOutbox(sessionId: string | null) {
    const jobs: EmailJob[] = [];
    const shop = createShop({
      db: createDatabase(env.DB),
      kv: env.CATALOG_KV,
      visitor: createVisitor(sessionId),
      waitUntil: () => {},
      log: () => {},
      outbox: { enqueue: (job) => void jobs.push(job) },
    });
    return { shop, jobs };
  }

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
    const vendor = await shop.applications.submitVendorApplication({
      businessName: "Corner Shop",
      contactName: "Vic Vendor",
      email: "vic@example.com",
      phone: "5125550100",
      businessType: "retailer",
      website: "",
      yearEstablished: "2015",
      monthlySalesVolume: "1000_to_5000",
      locations: 2,
      businessDescription: "A corner shop with a health aisle.",
      hasLicense: true,
      acceptsTerms: true,
      preferredContactMethod: "email",
    });
    expect(jobs).toEqual([
      { kind: "application_received", programme: "affiliate", applicationId: affiliate.id },
      { kind: "application_received", programme: "creator", applicationId: creator.id },
      { kind: "application_received", programme: "vendor", applicationId: vendor.id },
    ]);
  });

  it("end to end: an application answers at once, and the queue's consumer sends its email through the binding", async () => {
    const email = `${unique("e2e")}@example.com`;
    const res = await new Visitor().post("/api/affiliates", {
      name: "Eve End-to-End",
      email,
      websiteUrl: "https://eve.example.com",
      audienceDescription: "Readers who want straight talk about protection.",
    });
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
