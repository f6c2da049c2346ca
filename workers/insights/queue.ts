/**
 * The Worker's queue handler with the events queue added: its batches go to the insights'
 * consumer, every other queue's to the handler the Worker already had (the emails').
 */
import { handleInsightBatch } from "./aggregate";
import { INSIGHTS_QUEUE } from "./events";

type QueueHandler = (batch: MessageBatch<unknown>, env: Env) => Promise<void>;

export function withInsightsQueue<App extends { queue: QueueHandler }>(app: App): App {
  const others = app.queue;
  return Object.assign(app, {
    queue: (batch: MessageBatch<unknown>, env: Env) => (batch.queue === INSIGHTS_QUEUE ? handleInsightBatch(batch, env) : others(batch, env)),
  });
}
