/**
 * Running the shop: the emails' records and the outbox, the owner's audit log, the agents'
 * UCP sessions, webhooks and idempotency keys, and the insights' counts.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** What an email's record says: see `emails.status`. */
export const EMAIL_STATUSES = ["sending", "sent", "failed", "dead", "withheld"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_KINDS = [
  "order_confirmation",
  "order_update",
  "application_received",
  "application_reviewed",
  "newsletter_confirmation",
  "newsletter_welcome",
  "partner_welcome",
  "partner_sign_in",
  "payout_paid",
] as const;

/**
 * Every email the shop tried to send, one row per email (its key: what it is about, e.g.
 * `order_confirmation:ord_…`), updated on each attempt. Never the body.
 */
export const emails = sqliteTable(
  "emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull().unique(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    recipient: text("recipient").notNull(),
    /**
     * The recipient as the daily cap counts it (workers/shop/emails/recipients.ts `recipientKey`):
     * lower-cased, without a `+tag`, Gmail's dots ignored. Null on rows older than the cap.
     */
    recipientKey: text("recipient_key"),
    subject: text("subject").notNull(),
    /**
     * `sending`: claimed by one consumer, which is sending it now (a claim older than a few
     * minutes may be taken over); `sent`; `failed`: the last attempt failed and the queue
     * will try again; `dead`: it kept failing and reached the dead-letter queue, never sent;
     * `withheld`: not sent, on purpose, `error` says why (the daily cap).
     */
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull(),
    /** Why the last attempt failed (the sender's message, never the email's content), or why it was withheld. */
    error: text("error"),
    /** The id the Email Service gave the sent message. */
    messageId: text("message_id"),
    /** The consumer holding the `sending` claim (a random id) and since when; null otherwise. */
    claim: text("claim"),
    claimedAt: text("claimed_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [index("emails_updated_idx").on(t.updatedAt), index("emails_recipient_key_created_idx").on(t.recipientKey, t.createdAt)],
);

/** What an outbox job is for: an email, or an agent's order webhook (shop/agents/webhook-outbox.ts). */
export const OUTBOX_CHANNELS = ["email", "webhook"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * The jobs written in the same D1 batch as what they report (an order placed, a move), so
 * that a crash after the batch loses none: the sweep (workers/shop/emails/outbox-sweep.ts) queues
 * each one whose email has no record yet, or whose send died. One row per job, under its
 * email's key (outbox.ts `emailKey`); it leaves once its email is sent, withheld or dead.
 * An order webhook's event is kept under `order_webhook:<order>:<event>` until its consumer
 * settles it (shop/agents/webhook-outbox.ts).
 * The job as JSON, without download tokens (the shop keeps only their hashes).
 */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
  job: text("job").notNull(),
  createdAt: createdAt(),
  /** When a sweep last queued it: a job is queued again at most every few minutes. */
  sweptAt: text("swept_at"),
});

/** What the owner changed in the back office, when, and from which address. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What was done, e.g. `product.update`, `application.approve`. */
    action: text("action").notNull(),
    /** What it was done to, e.g. `product 3`, `creator application 12`. */
    subject: text("subject").notNull(),
    /** The change in a line, e.g. `price $9.99 -> $12.99`. */
    detail: text("detail").notNull().default(""),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * A UCP agent's cart or checkout session (workers/shop/agents/sessions.ts). Its id is also the
 * id of the shop cart that holds its lines (`ucp_…`, random), so the web cart's pricing and
 * the web checkout's `placeOrder` serve it unchanged; this row keeps only what an agent
 * gives besides lines.
 */
export const UCP_SESSION_KINDS = ["cart", "checkout"] as const;
export const UCP_SESSION_STATES = ["open", "canceled", "completed"] as const;
export type UcpSessionState = (typeof UCP_SESSION_STATES)[number];

export const ucpSessions = sqliteTable(
  "ucp_sessions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: UCP_SESSION_KINDS }).notNull(),
    state: text("state", { enum: UCP_SESSION_STATES }).notNull().default("open"),
    /** The buyer as the agent gave it (`{email, first_name, last_name, phone_number}`), JSON. */
    buyer: text("buyer", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    /** The shipping destination as the agent gave it (a UCP postal address), JSON; null until given. */
    destination: text("destination", { mode: "json" }).$type<Record<string, string>>(),
    /** What the last write could not do (a sold-out line), as UCP messages, JSON: shown until the next write. */
    notes: text("notes", { mode: "json" })
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The order a completed checkout placed. */
    orderId: text("order_id"),
    /** The cart a checkout was made from (cart.md, "Cart-to-Checkout Conversion"): linked while the checkout runs. */
    cartId: text("cart_id"),
    /**
     * Where the order's events go (UCP order webhooks): the `webhook_url` the completing
     * agent's profile declares in its order capability; null when it declares none.
     */
    webhookUrl: text("webhook_url"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [index("ucp_sessions_order_idx").on(t.orderId), index("ucp_sessions_cart_idx").on(t.cartId)],
);

/**
 * UCP order webhooks given up on (workers/webhook-queue.ts): one row per event whose delivery
 * the dead-letter queue received, or whose target the shop refused to call. The owner sees
 * how many on the Overview. `host` is the target's host only: its path may be a secret.
 */
export const orderWebhookFailures = sqliteTable(
  "order_webhook_failures",
  {
    webhookId: text("webhook_id").primaryKey(),
    orderId: text("order_id").notNull(),
    event: text("event").notNull(),
    host: text("host").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_webhook_failures_order_idx").on(t.orderId)],
);

/**
 * UCP's `Idempotency-Key`: the first answer to a key, kept at least 24 hours (rows older
 * than 48 hours are deleted as new ones come). `scope` is the agent's profile and the
 * operation, so one agent's key never answers another's; `requestHash` is the SHA-256 of
 * the request's body, so the same key with another body is told apart (409).
 */
export const ucpIdempotency = sqliteTable(
  "ucp_idempotency",
  {
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    /** 0 while the first request with this key is still running. */
    status: integer("status").notNull().default(0),
    response: text("response").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.scope] }), index("ucp_idempotency_created_idx").on(t.createdAt)],
);

/**
 * The insights' counts (docs/decisions/0022): one row per UTC day, what was counted and of
 * what. `metric` is `visit` or `view` (subject: a route pattern such as `/products/:slug`),
 * `product_view` or `add_to_cart` (subject: a product id), `order` (subject `""`), or
 * `search_found` / `search_none` (subject: the normalised query, at most 64 characters, the
 * only free text kept). Never a raw URL, an address, a user agent or an identifier.
 */
export const insightCounts = sqliteTable(
  "insight_counts",
  {
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    subject: text("subject").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.subject] })],
);

/**
 * Real visitors' web vitals per UTC day and route pattern, as histograms: `bucket` is the
 * index of a fixed bucket of the metric's edges (workers/shop/insights/buckets.ts), so p75 is
 * read from the counts and no single measurement is kept.
 */
export const insightVitals = sqliteTable(
  "insight_vitals",
  {
    day: text("day").notNull(),
    route: text("route").notNull(),
    metric: text("metric").notNull(),
    bucket: integer("bucket").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.metric, t.bucket] })],
);
