import type { Database } from "../db/client";
import type { Log } from "../../app/shared/log";
import type { OrderWebhooks } from "./agents/webhooks";
import type { Outbox } from "./emails/outbox";
import type { Visitor } from "./visitor";

/** What the insights count (docs/decisions/0022): visits and views at the edge, what the shop does in its functions. */
export const COUNT_METRICS = ["visit", "view", "product_view", "add_to_cart", "order", "search_found", "search_none"] as const;
export type CountMetric = (typeof COUNT_METRICS)[number];

/**
 * What the shop's functions count through (`ShopDeps.insights`): an add to cart, an order.
 * Declared here, beneath the shop, so that the shop never imports the insights above it
 * (workers/insights/ gives it one).
 */
export type Insights = { count(metric: CountMetric, subject: string): void };

/** What every shop function needs for one request: storage, the visitor, background work. */
export type ShopDeps = {
  db: Database;
  kv: KVNamespace;
  visitor: Visitor;
  waitUntil: (promise: Promise<unknown>) => void;
  log: Log;
  /** Where the shop's emails go (the email queue); absent where nothing sends email (a test's shop). */
  outbox?: Outbox;
  /** Where an order placed through UCP tells its agent's platform what happened to it (the webhook queue); absent in a test's shop. */
  webhooks?: OrderWebhooks;
  /** What the insights count of a visitor's doing (docs/decisions/0022); absent for agents and tests. */
  insights?: Insights;
  /**
   * One more discount code tried from the client's address: false past the abuse limits'
   * `discount` row (workers/edge/rate-limits.ts). Each door builds it where it builds these
   * deps, so a code tried through any door counts; absent where nothing limits (a test's shop).
   */
  codeAttempts?: () => Promise<boolean>;
};
