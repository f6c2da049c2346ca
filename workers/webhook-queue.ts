/**
 * The consumer of the UCP order webhook queue and of its dead-letter queue (wrangler.toml).
 * On the webhook queue each message is one order event (workers/shop/agents/webhooks.ts):
 * the order is read as it is now (order.md: every delivery is the current-state snapshot,
 * masked as `get_order` masks it), signed (ucp/signatures.ts) and POSTed to the webhook URL
 * its agent's platform declared, with the event's own `Webhook-Id` on every try. A failure,
 * a timeout, a redirect or a non-2xx answer is retried later, up to the queue's
 * `max_retries`; what the queue gives up on reaches the dead-letter queue, whose consumer
 * records it for the owner and sends nothing. At least once: a platform dedupes by the id.
 * An event settled (sent, owed to nobody, refused, given up on) leaves the outbox; one to be
 * tried again is marked there as held by the queue (shop/agents/webhook-outbox.ts).
 */
import * as v from "valibot";
import { createLog, type Log } from "../app/shared/log";
import { errorKind } from "../app/shared/errors";
import { createDatabase, type Database } from "./db/client";
import { consumerShopDeps } from "./edge/shop-deps";
import { retryDelaySeconds } from "./email-queue";
import { OrderWebhookJobSchema, recordDead, webhookId, webhookTarget, type OrderWebhookJob } from "./shop/agents/webhooks";
import { webhookHeld, webhookSettled } from "./shop/agents/webhook-outbox";
import { webhookRefusal } from "./ucp/agents";
import { getOrder } from "./ucp/order-ops";
import { signedPost, signingKeyOf, type SigningEnv } from "./ucp/signatures";
import { FIRST_VERSION, versionProfilePath } from "./ucp/versions";

/** The queues of wrangler.toml: the order events, and where the ones that keep failing go. */
export const WEBHOOK_QUEUE = "raw-dogg-order-webhooks";
export const WEBHOOK_DEAD_LETTER_QUEUE = "raw-dogg-order-webhooks-dead";

/** How long a platform has to answer: the spec asks it to acknowledge at once and work after. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** What one delivery came to: sent, to be tried again (why), or never to be sent (why). */
type Delivery =
  { kind: "sent" } | { kind: "nothing_to_send" } | { kind: "retry"; reason: string; host: string } | { kind: "refused"; reason: string; host: string };

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : "unknown");

async function deliver(job: OrderWebhookJob, env: SigningEnv, db: Database, send: Fetch, log: Log): Promise<Delivery> {
  const target = await webhookTarget(db, job.orderId);
  // Not placed through UCP, or its platform asked for no events: nothing is owed.
  if (!target) return { kind: "nothing_to_send" };
  const host = hostOf(target.url);
  const refused = webhookRefusal(target.url, job.origin);
  if (refused) return { kind: "refused", reason: refused, host };
  const key = signingKeyOf(env.UCP_SIGNING_KEY);
  // Events must be signed: without the key none goes out, and they are given up on after the retries, counted for the owner.
  if (!key) return { kind: "retry", reason: "The shop has no UCP_SIGNING_KEY to sign with.", host };
  const order = await getOrder({ deps: consumerShopDeps(env, db, log), origin: job.origin }, target.token);
  if (!("id" in order)) return { kind: "nothing_to_send" };
  const body = JSON.stringify(order);
  const id = await webhookId(job.orderId, job.event);
  const url = new URL(target.url);
  // The order is answered in 2026-04-08, so the profile named is that version's (its `signing_keys`).
  const headers = await signedPost(url, body, `${job.origin}${versionProfilePath(FIRST_VERSION)}`, key, {
    "Webhook-Id": id,
    "Webhook-Timestamp": String(job.at),
  });
  let answer: Response;
  try {
    answer = await send(url.href, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === "TimeoutError";
    return { kind: "retry", reason: timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.` : "The platform could not be reached.", host };
  }
  await answer.body?.cancel();
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent" };
  const redirected = answer.status >= 300 && answer.status < 400;
  return {
    kind: "retry",
    reason: redirected ? `The platform answered a redirect (${answer.status}), which is not followed.` : `The platform answered ${answer.status}.`,
    host,
  };
}

export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: SigningEnv, send: Fetch = (input, init) => fetch(input, init)): Promise<void> {
  const dead = batch.queue === WEBHOOK_DEAD_LETTER_QUEUE;
  const db = createDatabase(env.DB);
  for (const message of batch.messages) {
    const log = createLog(`queue-${message.id}`);
    const job = v.safeParse(OrderWebhookJobSchema, message.body);
    if (!job.success) {
      log("order_webhook_invalid", { queue: batch.queue });
      message.ack();
      continue;
    }
    const { orderId, event } = job.output;
    try {
      if (dead) {
        const target = await webhookTarget(db, orderId);
        await recordDead(db, job.output, await webhookId(orderId, event), hostOf(target?.url ?? ""), `Given up after ${message.attempts} deliveries.`);
        log("order_webhook_dead", { orderId, event });
        await webhookSettled(db, job.output);
        message.ack();
        continue;
      }
      const delivery = await deliver(job.output, env, db, send, log);
      if (delivery.kind === "sent" || delivery.kind === "nothing_to_send") {
        if (delivery.kind === "sent") log("order_webhook_sent", { orderId, event, attempts: message.attempts });
        await webhookSettled(db, job.output);
        message.ack();
      } else if (delivery.kind === "refused") {
        // A target the shop will never call: given up on at once, not retried.
        await recordDead(db, job.output, await webhookId(orderId, event), delivery.host, delivery.reason);
        log("order_webhook_refused", { orderId, event, host: delivery.host, reason: delivery.reason });
        await webhookSettled(db, job.output);
        message.ack();
      } else {
        log("order_webhook_failed", { orderId, event, host: delivery.host, reason: delivery.reason, attempts: message.attempts });
        // The queue holds it: the outbox's sweep leaves it while it is tried.
        await webhookHeld(db, job.output).catch(() => undefined);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    } catch (error) {
      log("order_webhook_failed", { orderId, event, attempts: message.attempts, ...errorKind(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

const WEBHOOK_QUEUES = new Set([WEBHOOK_QUEUE, WEBHOOK_DEAD_LETTER_QUEUE]);

/** The Worker's queue handler with the webhook queues added: every other queue's batches go to the handler it already had. */
export function withWebhookQueue<App extends { queue: (batch: MessageBatch<unknown>, env: Env) => Promise<void> }>(app: App): App {
  const others = app.queue;
  return Object.assign(app, {
    queue: (batch: MessageBatch<unknown>, env: Env) => (WEBHOOK_QUEUES.has(batch.queue) ? handleWebhookBatch(batch, env) : others(batch, env)),
  });
}
