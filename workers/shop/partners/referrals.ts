/**
 * A partner's link, `/r/<handle>` (docs/decisions/0026): whose it is, and its clicks counted
 * per UTC day. A click keeps nothing of who made it: no address, agent or cookie, only one
 * more in the day's total.
 */
import { and, eq, sql } from "drizzle-orm";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";

/** The partner whose link `handle` is, while active (a paused partner's link refers no one); null otherwise. */
export async function referringPartner({ db }: ShopDeps, handle: string): Promise<{ id: number } | null> {
  const [partner] = await db
    .select({ id: t.partners.id })
    .from(t.partners)
    .where(and(eq(t.partners.handle, handle), eq(t.partners.status, "active")));
  return partner ?? null;
}

/** One more click on the partner's link on `day` (`YYYY-MM-DD`, UTC). */
export async function countClick({ db }: ShopDeps, partnerId: number, day: string): Promise<void> {
  await db
    .insert(t.partnerClicks)
    .values({ partnerId, day, clicks: 1 })
    .onConflictDoUpdate({ target: [t.partnerClicks.partnerId, t.partnerClicks.day], set: { clicks: sql`${t.partnerClicks.clicks} + 1` } });
}
