import type { Database } from "../db/client";
import type { Log } from "../../app/shared/log";
import type { Insights } from "../insights/events";
import type { OrderWebhooks } from "./agents/webhooks";
import type { Outbox } from "./emails/outbox";
import type { Visitor } from "./visitor";

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
