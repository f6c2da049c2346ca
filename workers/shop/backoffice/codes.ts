/**
 * The owner's discount codes (docs/decisions/0025). Here, for now, only the setting the
 * newsletter's welcome code reads: its percent, which the owner changes or turns off.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";

/** The `shop_settings` key of the welcome code's percent. */
export const WELCOME_CODE_PERCENT_KEY = "welcome_code_percent";
/** "10% off your first order", until the owner says otherwise. */
export const DEFAULT_WELCOME_CODE_PERCENT = 10;

/** The percent a newsletter welcome code takes off (1-100); 0 when the owner turned it off. */
export async function welcomeCodePercent(deps: { db: Database }): Promise<number> {
  const setting = await deps.db.select({ value: t.shopSettings.value }).from(t.shopSettings).where(eq(t.shopSettings.key, WELCOME_CODE_PERCENT_KEY)).get();
  // A value no percent could be (edited by hand): the default, never a code the CHECK refuses.
  const percent = setting && /^\d{1,3}$/.test(setting.value) ? Number(setting.value) : DEFAULT_WELCOME_CODE_PERCENT;
  return percent <= 100 ? percent : DEFAULT_WELCOME_CODE_PERCENT;
}
