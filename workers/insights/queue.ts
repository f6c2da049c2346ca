/**
 * The Worker's queue handler with the events queue added: its batches go to the insights'
 * consumer, every other queue's to the handler the Worker already had (the emails'). A
 * message that is not the insights' shape is logged and dropped; a batch D1 refuses is
 * retried whole (nothing of it was written: workers/shop/insights/aggregate.ts).
 */
import * as v from "valibot";
import { errorKind } from "../../app/shared/errors";
import { createLog } from "../../app/shared/log";
import { createDatabase } from "../db/client";
import { aggregate, writeAggregate } from "../shop/insights/aggregate";
import { InsightMessageSchema, type InsightMessage } from "../shop/insights/counts";
import { INSIGHTS_QUEUE } from "./events";

type QueueHandler = (batch: MessageBatch<unknown>, env: Env) => Promise<void>;

export function withInsightsQueue<App extends { queue: QueueHandler }>(app: App): App {
  const others = app.queue;
  return Object.assign(app, {
    queue: (batch: MessageBatch<unknown>, env: Env) => (batch.queue === INSIGHTS_QUEUE ? handleInsightBatch(batch, env) : others(batch, env)),
  });
}

export async function handleInsightBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const log = createLog(`queue-${batch.queue}`);
  const messages: InsightMessage[] = [];
  for (const message of batch.messages) {
    const parsed = v.safeParse(InsightMessageSchema, message.body);
    if (parsed.success) messages.push(parsed.output);
    else log("insights_message_invalid", { id: message.id });
  }
  try {
    await writeAggregate(createDatabase(env.DB), aggregate(messages));
    batch.ackAll();
  } catch (error) {
    log("insights_batch_failed", {
      messages: batch.messages.length,
      ...errorKind(error),
    });
    batch.retryAll({ delaySeconds: 30 });
  }
}
