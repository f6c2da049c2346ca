/**
 * The Worker's queue handler: the consumer of the shop's email queue (wrangler.toml,
 * `[[queues.consumers]]`). Each message is one email job; it is sent through the
 * `send_email` binding and acknowledged, or retried later when the send fails, up to the
 * queue's `max_retries`. A message that is not a job is logged and dropped.
 */
import * as v from "valibot";
import { createDatabase } from "./db/client";
import { createLog } from "../app/shared/log";
import { deliverEmail } from "./shop/emails";
import { EmailJobSchema } from "./shop/outbox";

/** Seconds before a failed send is tried again: 30 s, then a minute, two, four... at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 30 * 2 ** Math.max(0, attempts - 1));

export async function handleEmailBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDatabase(env.DB);
  for (const message of batch.messages) {
    const log = createLog(`queue-${message.id}`);
    const job = v.safeParse(EmailJobSchema, message.body);
    if (!job.success) {
      log("email_job_invalid", { queue: batch.queue });
      message.ack();
      continue;
    }
    try {
      await deliverEmail({ db, mailer: env.EMAIL, from: env.EMAIL_FROM, log }, job.output, message.attempts);
      message.ack();
    } catch {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The Worker: its fetch handler (the Hono app, kept whole) and this queue handler. */
export const withEmailQueue = <App extends object>(app: App) => Object.assign(app, { queue: handleEmailBatch });
