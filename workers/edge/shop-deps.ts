/**
 * The shop's deps for one request, built here for every door: pages and /api (through the
 * visitor's session, session.ts), the agents' door (workers/ucp) and the back office; and
 * for a queue's consumer that runs the shop's functions (the order webhooks). Only this
 * module of the edge builds the database client; the doors never touch workers/db.
 */
import type { Context } from "hono";
import type { Log } from "../../app/shared/log";
import { createDatabase, type Database } from "../db/client";
import type { AppEnv } from "../request-context";
import type { BackOfficeDeps } from "../shop/backoffice/shared";
import { createOrderWebhooks } from "../shop/agents/webhooks";
import type { ShopDeps } from "../shop/deps";
import { createOutbox } from "../shop/emails/outbox";
import type { SweepDeps } from "../shop/emails/outbox-sweep";
import { createVisitor, type Visitor } from "../shop/visitor";
import { clientAddress } from "./client-address";
import { codeAttempts } from "./rate-limits";

/** The shop's deps as `visitor`, reading and writing through `d1` (a D1 session the door chose). */
export function shopDeps<E extends AppEnv>(c: Context<E>, visitor: Visitor, d1: D1Database | D1DatabaseSession): ShopDeps {
  const ctx = c.executionCtx as ExecutionContext;
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  return {
    db: createDatabase(d1),
    kv: c.env.CATALOG_KV,
    visitor,
    waitUntil,
    log: c.var.log,
    outbox: createOutbox(c.env.EMAIL_QUEUE, waitUntil, c.var.log),
    webhooks: createOrderWebhooks(c.env.ORDER_WEBHOOK_QUEUE, waitUntil, c.var.log),
    codeAttempts: codeAttempts(c),
  };
}

/** The back office's deps: D1 at its primary (the owner reads their own writes), the email and webhook queues, and who is asking. */
export function backOfficeDeps<E extends AppEnv>(c: Context<E>): BackOfficeDeps {
  const ctx = c.executionCtx as ExecutionContext;
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  return {
    db: createDatabase(c.env.DB.withSession("first-primary")),
    outbox: createOutbox(c.env.EMAIL_QUEUE, waitUntil, c.var.log),
    webhooks: createOrderWebhooks(c.env.ORDER_WEBHOOK_QUEUE, waitUntil, c.var.log),
    address: clientAddress(c.req.raw),
  };
}

/** The outbox's sweep after an answer: D1 at its primary (it writes), the email and webhook queues, the request's log. */
export function sweepDeps<E extends AppEnv>(c: Context<E>): SweepDeps {
  return { db: createDatabase(c.env.DB.withSession("first-primary")), queue: c.env.EMAIL_QUEUE, webhookQueue: c.env.ORDER_WEBHOOK_QUEUE, log: c.var.log };
}

/**
 * The shop's deps for a queue's consumer: no request, so no visitor of its own, no client
 * address and nothing to wait for after an answer; `db` is the batch's one client.
 */
export function consumerShopDeps(env: Env, db: Database, log: Log): ShopDeps {
  return { db, kv: env.CATALOG_KV, visitor: createVisitor(null), waitUntil: () => undefined, log };
}
