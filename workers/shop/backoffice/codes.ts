/** Discount codes in the back office: the owner's codes, and the newsletter welcome code's setting. */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";

/** The `shop_settings` key of the newsletter welcome code's percent off. */
export const WELCOME_CODE_PERCENT_KEY = "welcome_code_percent";

/** The welcome code's percent when the owner never set one. */
export const DEFAULT_WELCOME_CODE_PERCENT = 10;

/** What a stored setting says: a whole 0-100 (0: no welcome code); anything else reads as the default. */
export const welcomePercentOf = (value: string | undefined): number => {
  const percent = value === undefined || !/^\d{1,3}$/.test(value) ? Number.NaN : Number(value);
  return Number.isInteger(percent) && percent >= 0 && percent <= 100 ? percent : DEFAULT_WELCOME_CODE_PERCENT;
};

/**
 * The percent off a newsletter welcome code gives (10 unless the owner changed it); 0 means
 * the owner turned welcome codes off, and confirming the newsletter sends none.
 */
export async function welcomeCodePercent(deps: { db: Database }): Promise<number> {
  const [row] = await deps.db
    .select({ value: t.shopSettings.value })
    .from(t.shopSettings)
    .where(eq(t.shopSettings.key, WELCOME_CODE_PERCENT_KEY))
    .limit(1);
  return welcomePercentOf(row?.value);
}
