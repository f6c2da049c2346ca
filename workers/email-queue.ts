/**
 * The Worker's queue handler: the consumer of the shop's email queue and of its dead-letter
 * queue (wrangler.toml, `[[queues.consumers]]`). On the email queue each message is one
 * email job: sent through the `send_email` binding and acknowledged, or retried later when
 * the send fails or another consumer is sending it right now, up to the queue's
 * `max_retries`. A message the email queue gave up on goes to the dead-letter queue, where
 * its email's record is marked dead: nothing is ever sent from there. A message that is
 * not a job is logged and dropped.
 */
import * as v from "valibot";
import { errorKind } from "../app/shared/errors";
import { createDatabase } from "./db/client";
import { createLog } from "../app/shared/log";
import { deliverEmail, markDead } from "./shop/emails/delivery";
import { EmailJobSchema } from "./shop/emails/outbox";

/** The queues of wrangler.toml: the shop's emails, and where the messages that keep failing go. */
export const EMAIL_QUEUE = "raw-dogg-emails";
export const DEAD_LETTER_QUEUE = "raw-dogg-emails-dead";

/** Seconds before a failed send is tried again: 30 s, then a minute, two, four... at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 30 * 2 ** Math.max(0, attempts - 1));

export async function handleEmailBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDatabase(env.DB);
  if (batch.queue !== EMAIL_QUEUE && batch.queue !== DEAD_LETTER_QUEUE) {
    // A queue this handler does not know (a renamed queue in wrangler.toml): keep its messages.
    createLog()("email_queue_unknown", { queue: batch.queue });
    batch.retryAll();
    return;
  }
  for (const message of batch.messages) {
    const log = createLog(`queue-${message.id}`);
    const job = v.safeParse(EmailJobSchema, message.body);
    if (!job.success) {
      log("email_job_invalid", { queue: batch.queue });
      message.ack();
      continue;
    }
    const deps = { db, mailer: env.EMAIL, from: env.EMAIL_FROM, log };
    try {
      const delivery = batch.queue === DEAD_LETTER_QUEUE ? await markDead(deps, job.output) : await deliverEmail(deps, job.output, message.attempts);
      if (delivery === "claimed_elsewhere") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      else message.ack();
    } catch (error) {
      // The job waits for its retry: said for every failure (a send that failed also logged `email_failed`), D1 away before it too.
      log("email_retry_later", { kind: job.output.kind, attempts: message.attempts, ...errorKind(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The Worker: its fetch handler (the Hono app, kept whole) and this queue handler. */
export const withEmailQueue = <App extends object>(app: App) => Object.assign(app, { queue: handleEmailBatch });
