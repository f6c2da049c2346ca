/**
 * The Worker's scheduled handler: the Cron Triggers of wrangler.toml (`[triggers]`), told
 * apart by `controller.cron`. At 06:00 UTC on the 15th (PAYOUT_CRON) it runs the month's
 * payouts (workers/shop/partners/payouts.ts `runPayouts`) at the trigger's scheduled time: a
 * run on any other day does nothing, and a second run the same day drafts nothing twice.
 * Every other trigger (every 5 minutes, OUTBOX_CRON) sweeps the outbox
 * (workers/shop/emails/outbox-sweep.ts): the emails and order webhooks written but never queued go out.
 */
import { createLog } from "../app/shared/log";
import { errorKind } from "../app/shared/errors";
import { createDatabase } from "./db/client";
import { runPayouts } from "./shop/partners/payouts";
import { sweepOutbox } from "./shop/emails/outbox-sweep";

/** The payouts' trigger, as wrangler.toml names it. */
export const PAYOUT_CRON = "0 6 15 * *";
/** The outbox's sweep, as wrangler.toml names it. */
export const OUTBOX_CRON = "*/5 * * * *";

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const log = createLog(`cron-${controller.scheduledTime}`);
  const db = createDatabase(env.DB);
  if (controller.cron !== PAYOUT_CRON) {
    // Thrown when it fails, so the run shows as failed in the Worker's logs; the next one sweeps again.
    await sweepOutbox({ db, queue: env.EMAIL_QUEUE, webhookQueue: env.ORDER_WEBHOOK_QUEUE, log });
    return;
  }
  try {
    const run = await runPayouts({ db }, new Date(controller.scheduledTime));
    log("payouts_run", { cron: controller.cron, ...run });
  } catch (error) {
    log("payouts_run_failed", { cron: controller.cron, ...errorKind(error) });
    // Thrown again, so the run shows as failed in the Worker's logs; the unique index makes running it again safe.
    throw error;
  }
}

/** The Worker with this scheduled handler beside its fetch and queue handlers. */
export const withPayoutRun = <App extends object>(app: App) =>
  Object.assign(app, { scheduled: (controller: ScheduledController, env: Env) => handleScheduled(controller, env) });
