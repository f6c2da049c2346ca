/**
 * The Worker's scheduled handler: the Cron Trigger of wrangler.toml (`[triggers]`, 06:00 UTC
 * on the 15th) runs the month's payouts (workers/shop/partners/payouts.ts `runPayouts`) at the
 * trigger's scheduled time. A run on any other day does nothing, and a second run the same day
 * drafts nothing twice.
 */
import { createLog } from "../app/shared/log";
import { errorKind } from "../app/shared/errors";
import { createDatabase } from "./db/client";
import { runPayouts } from "./shop/partners/payouts";

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const log = createLog(`cron-${controller.scheduledTime}`);
  try {
    const run = await runPayouts({ db: createDatabase(env.DB) }, new Date(controller.scheduledTime));
    log("payouts_run", { cron: controller.cron, ...run });
  } catch (error) {
    log("payouts_run_failed", { cron: controller.cron, ...errorKind(error) });
    // Thrown again, so the run shows as failed in the Worker's logs; the unique index makes running it again safe.
    throw error;
  }
}

/** The Worker with this scheduled handler beside its fetch and queue handlers. */
export const withPayoutRun = <App extends object>(app: App) => Object.assign(app, { scheduled: (controller: ScheduledController, env: Env) => handleScheduled(controller, env) });
