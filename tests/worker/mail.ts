/**
 * What the email test files share: a mailer that keeps what it is handed, the queue
 * handler run on chosen jobs as the queue would deliver them, an email's record, an order
 * and a shop whose outbox keeps its jobs instead of queueing them.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { newOrderNumber } from "../../app/shared/orders";
import type { VendorApplication } from "../../app/shared/schemas";
import { newToken } from "../../workers/shop/tokens";
import { createDatabase } from "../../workers/db/client";
import { DEAD_LETTER_QUEUE, EMAIL_QUEUE } from "../../workers/email-queue";
import { createShop } from "../../workers/shop";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import { createVisitor } from "../../workers/shop/visitor";
import worker from "./entry";

export type Sent = Parameters<SendEmail["send"]>[0] & { to: string; subject: string; text: string; html: string };

/**
 * The real binding, with every message handed to it kept for the test to read. `fail`
 * makes every send throw; `gate` holds every send until it resolves (a send in flight).
 */
export function recordingMailer({ fail = false, gate }: { fail?: boolean; gate?: Promise<void> } = {}) {
  const sent: Sent[] = [];
  const mailer = {
    async send(message: Sent) {
      sent.push(message);
      await gate;
      if (fail) throw new Error(`email to ${message.to} not allowed: the sending domain is not verified`);
      return env.EMAIL.send(message);
    },
  };
  return { sent, mailer: mailer as unknown as SendEmail };
}

let messageCount = 0;

/**
 * Runs the Worker's queue handler on these jobs, as `queue` would deliver them (the email
 * queue unless told): what it acknowledged and retried, and the delay each retry asked
 * for (the test pool's result leaves the delay out).
 */
export async function deliver(jobs: unknown[], mailer: SendEmail, attempts = 1, queue: string = EMAIL_QUEUE) {
  const batch = createMessageBatch(
    queue,
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

/** The same jobs, as the dead-letter queue hands them over once the email queue gave up. */
export const deliverDead = (jobs: unknown[], mailer: SendEmail) => deliver(jobs, mailer, 1, DEAD_LETTER_QUEUE);

export type EmailRow = {
  key: string;
  kind: string;
  recipient: string;
  recipient_key: string | null;
  subject: string;
  status: string;
  attempts: number;
  error: string | null;
  message_id: string | null;
  claim: string | null;
  claimed_at: string | null;
  created_at: string;
};

export const emailRow = (key: string) => env.DB.prepare("SELECT * FROM emails WHERE key = ?").bind(key).first<EmailRow>();

/** An order placed as the checkout records one: a bundle's saving in its totals; `firstName` as typed. */
export async function storeOrder(email: string, firstName = "Riley") {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const address = { firstName, lastName: "Shopper", address: "1 Main Street", city: "Austin", state: "TX", zipCode: "78701", country: "United States" };
  // Subtotal 2 x $12.99 + $24.99 = $50.97, savings $5.10, tax 8% of $45.87 = $3.67, total $49.54.
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, number, access_token, session_id, status, email, shipping_address, subtotal, bundle_savings, tax, shipping, total, placed_at) VALUES (?, ?, ?, 'test', 'placed', ?, ?, 5097, 510, 367, 0, 4954, CURRENT_TIMESTAMP)",
    ).bind(id, newOrderNumber(), newToken(), email, JSON.stringify(address)),
    env.DB.prepare(
      "INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total) VALUES (?, 1, 'Plain Jane', 1299, 2, 2598), (?, 2, 'Tropical Slush', 2499, 1, 2499)",
    ).bind(id, id),
  ]);
  return id;
}

/** A wholesale application as the vendor form sends one, from `contactName` at `email`. */
export const vendorApplication = (contactName: string, email: string): VendorApplication => ({
  businessName: "Corner Shop",
  contactName,
  email,
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

/** A shop for one request whose outbox keeps the jobs instead of queueing them. */
export function shopWithOutbox(sessionId: string | null = null) {
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

/** Every JSON line the shop logged while `run` ran (app/shared/log.ts writes them with console.log). */
export async function logsOf(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.filter((line) => line.startsWith("{"));
}

/** The number a person reads of the order stored under `orderId`. */
export const numberOfOrder = async (orderId: string) =>
  (await env.DB.prepare("SELECT number FROM orders WHERE id = ?").bind(orderId).first<{ number: string }>())!.number;
