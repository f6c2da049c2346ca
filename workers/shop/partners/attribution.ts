/**
 * Which partner an order is attributed to (docs/decisions/0026): their code on the order wins
 * over their link's cookie; a paused partner attributes nothing; a partner buying with their
 * own email earns nothing. Read in the checkout's own trip, written on the order's row in the
 * batch that places it.
 */
import { eq, or, sql } from "drizzle-orm";
import type { Attribution } from "../../db/schema";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";

export type PartnerCandidate = { id: number; handle: string; email: string; status: t.PartnerStatus; codeId: number | null };

/** The partners the cart's code or the visitor's referral names (at most two rows), batched with the checkout's read. */
export const attributionCandidatesQuery = ({ db }: ShopDeps, cartId: string, referral: string | null) =>
  db
    .select({ id: t.partners.id, handle: t.partners.handle, email: t.partners.email, status: t.partners.status, codeId: t.partners.codeId })
    .from(t.partners)
    .where(
      or(
        eq(
          t.partners.codeId,
          sql`(SELECT ${t.discountCodes.id} FROM ${t.discountCodes} JOIN ${t.carts} ON ${t.carts.discountCode} = ${t.discountCodes.code} WHERE ${t.carts.id} = ${cartId})`,
        ),
        referral ? eq(t.partners.handle, referral) : sql`0`,
      ),
    );

/**
 * The partner an order placed with `email` is attributed to, and how. `codeId`: the code the
 * order uses (applied), if any.
 */
export function attributionOf(
  candidates: PartnerCandidate[],
  { codeId, referral, email }: { codeId: number | null; referral: string | null; email: string },
): { partnerId: number; attribution: Attribution } | null {
  const earns = (partner: PartnerCandidate | undefined) => partner && partner.status === "active" && partner.email !== email.toLowerCase();
  const byCode = codeId === null ? undefined : candidates.find((partner) => partner.codeId === codeId);
  if (byCode) return earns(byCode) ? { partnerId: byCode.id, attribution: "code" } : null;
  const byLink = referral === null ? undefined : candidates.find((partner) => partner.handle === referral);
  return earns(byLink) ? { partnerId: byLink!.id, attribution: "link" } : null;
}
