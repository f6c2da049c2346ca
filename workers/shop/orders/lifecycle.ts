/**
 * An order's life after it is placed (docs/decisions/0021): the owner packs, ships (with a
 * carrier and a tracking number), delivers or cancels it (with a reason); the shopper may
 * cancel it before it is packed. The one way any of these happens.
 *
 * Each move is one D1 batch: the UPDATE holds only while the order is still in the status
 * the move starts from (two owners at once: exactly one wins, the other is told what
 * happened instead), and the event of its timeline and the audit entry are written only when
 * that UPDATE changed the row. A cancel gives back the stock the order took and stops its
 * download links in the same batch. The shopper's email's job is written to the outbox in
 * that batch too, only when the move happened, and handed to the queue after it (and, for an
 * order placed through UCP, its agent's webhook event is enqueued after).
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import * as v from "valibot";
import { CARRIERS, carrierOf, checkTracking, UNKNOWN_CARRIER, type Carrier } from "../../../app/shared/carriers";
import { EMAILS } from "../../../app/shared/contact";
import { conflict, invalidInput, notFound } from "../../../app/shared/errors";
import { downloadedAlready, orderNumberOf, type PlacedStatus } from "../../../app/shared/orders";
import { CancelOrderSchema } from "../../../app/shared/schemas";
import * as t from "../../db/schema";
import { auditWhen, CHANGED_A_ROW, changeInOrder, quoted, type BackOfficeDeps, type Statement } from "../backoffice/shared";
import { settlePartnersOf } from "../partners/ledger";
import { retryTransient } from "../../db/retry";
import { toOutbox, type EmailJob } from "../emails/outbox";
import { movedEventToOutbox } from "../agents/webhook-outbox";
import { TOKEN_SHAPE } from "../tokens";

/** What a move needs: D1, the outbox, and the client address the audit trail records. */
export type MoveDeps = BackOfficeDeps;

export type Move = Exclude<PlacedStatus, "placed">;
export type Actor = "owner" | "shopper";

/** A move as the owner asks for it. */
export type OwnerMove =
  { to: "packed" } | { to: "shipped"; carrier: string; trackingNumber: string } | { to: "delivered" } | { to: "cancelled"; reason: string };

/** Where each move may start from, per actor. Nothing else: a shipped order is on its way. */
export const MOVES_FROM: Record<Actor, Partial<Record<Move, PlacedStatus[]>>> = {
  owner: { packed: ["placed"], shipped: ["packed"], delivered: ["shipped"], cancelled: ["placed", "packed"] },
  shopper: { cancelled: ["placed"] },
};

/** The moves `actor` may make of an order in `status` (what /admin offers as forms). */
export const movesOf = (status: t.OrderStatus, actor: Actor = "owner"): Move[] =>
  (Object.entries(MOVES_FROM[actor]) as [Move, PlacedStatus[]][]).filter(([, from]) => (from as string[]).includes(status)).map(([move]) => move);

const VERB: Record<Move, string> = { packed: "packed", shipped: "shipped", delivered: "marked delivered", cancelled: "cancelled" };

/**
 * Why an order in `status` cannot be moved to `to`, in the shop's words: what the loser of
 * two moves at once reads too. The same for the owner and the shopper: only the wording of
 * a packed order's cancel is meant for the shopper, and the owner may cancel a packed order.
 */
export function refusal(status: t.OrderStatus, to: Move): string {
  if (status === "intent") return `A payment intent is no order: only a placed order can be ${VERB[to]}.`;
  if (status === to) return to === "cancelled" ? "This order is cancelled already." : `This order was ${to} already.`;
  if (status === "cancelled") return `This order is cancelled: it cannot be ${VERB[to]}.`;
  if (to === "cancelled") {
    if (status === "shipped") return "This order was shipped already: it is on its way and can no longer be cancelled.";
    if (status === "delivered") return "This order was delivered: it can no longer be cancelled.";
    // Packed, and the shopper asks: only the owner can stop it now.
    return `This order was packed already, so it can no longer be cancelled here. Please write to ${EMAILS.support} with its number.`;
  }
  if (to === "shipped" && status === "placed") return "This order is not packed yet: mark it packed before shipping it.";
  if (to === "delivered") return "This order has not shipped yet: ship it before marking it delivered.";
  return `This order was ${status} already.`;
}

const NO_ORDER = "There is no order with that number.";

type Target = { id: string; number: string; status: t.OrderStatus; accessToken: string | null; sessionId: string };

/** What a move writes besides the status: the event's fields and the audit's words. */
type Plan = { to: Move; carrier: Carrier | null; trackingNumber: string | null; reason: string | null; detail: string };

function planOwnerMove(move: OwnerMove): Plan {
  const none = { carrier: null, trackingNumber: null, reason: null };
  switch (move.to) {
    case "packed":
    case "delivered":
      return { to: move.to, ...none, detail: "" };
    case "shipped": {
      const carrier = carrierOf(move.carrier);
      if (!carrier) throw invalidInput(UNKNOWN_CARRIER, [{ path: "carrier", message: UNKNOWN_CARRIER }]);
      const checked = checkTracking(carrier, move.trackingNumber);
      if ("error" in checked) throw invalidInput(checked.error, [{ path: "trackingNumber", message: checked.error }]);
      return { to: "shipped", carrier, trackingNumber: checked.number, reason: null, detail: `with ${CARRIERS[carrier].name} ${checked.number}` };
    }
    case "cancelled": {
      const parsed = v.safeParse(CancelOrderSchema, { reason: move.reason });
      if (!parsed.success) {
        const message = parsed.issues[0].message;
        throw invalidInput(message, [{ path: "reason", message }]);
      }
      return { to: "cancelled", ...none, reason: parsed.output.reason, detail: `reason ${quoted(parsed.output.reason)}` };
    }
  }
}

const targetColumns = { id: t.orders.id, number: t.orders.number, status: t.orders.status, accessToken: t.orders.accessToken, sessionId: t.orders.sessionId };

/**
 * The owner moves the order numbered `number` (as typed: `rd-7kq3 9x2m` is found too).
 * Refused in words: an unknown number (404), a move that does not fit its status (409),
 * a bad carrier, tracking number or reason (400, beside its field). `origin` is the shop's
 * address as the owner reached it, for the link in the shopper's email.
 */
export async function moveOrder(deps: MoveDeps, number: string, move: OwnerMove, origin?: string): Promise<void> {
  const plan = planOwnerMove(move);
  const wanted = orderNumberOf(number);
  const target = wanted ? await deps.db.select(targetColumns).from(t.orders).where(eq(t.orders.number, wanted)).get() : undefined;
  if (!target) throw notFound(NO_ORDER);
  await applyMove(deps, target, plan, "owner", origin);
}

/** The shopper's cancel, once a file the order bought was served: the owner still can, with a reason. */
export const DOWNLOADED_ALREADY = downloadedAlready(EMAILS.support);

/** SQL: no file of order `orderId` has been served (the shopper may still cancel it). */
const nothingDownloaded = (orderId: string | SQLWrapper) =>
  sql`NOT EXISTS (SELECT 1 FROM ${t.downloadGrants} WHERE ${t.downloadGrants.orderId} = ${orderId} AND ${t.downloadGrants.downloads} > 0)`;

/**
 * The shopper cancels their own order from its page, before it is packed and before a file
 * of it was served (the same condition holds in the cancel's own batch). An unknown token is a 404.
 */
export async function cancelByShopper(deps: MoveDeps, token: string, origin?: string): Promise<void> {
  const target = TOKEN_SHAPE.test(token)
    ? await deps.db
        .select({ ...targetColumns, downloaded: sql<number>`NOT ${nothingDownloaded(t.orders.id)}` })
        .from(t.orders)
        .where(eq(t.orders.accessToken, token))
        .get()
    : undefined;
  if (!target || target.status === "intent") throw notFound("There is no such order.");
  if (target.downloaded && target.status === "placed") throw conflict(DOWNLOADED_ALREADY);
  await applyMove(deps, target, { to: "cancelled", carrier: null, trackingNumber: null, reason: null, detail: "by the shopper" }, "shopper", origin);
}

async function applyMove(deps: MoveDeps, target: Target, plan: Plan, actor: Actor, origin: string | undefined) {
  const from = MOVES_FROM[actor][plan.to] ?? [];
  if (!(from as string[]).includes(target.status)) throw conflict(refusal(target.status, plan.to));
  const { db } = deps;
  const expected = target.status;
  const orderId = target.id;
  // A shopper's cancel holds only while no file of the order has been served meanwhile.
  const shopperMay = actor === "shopper" ? sql` AND ${nothingDownloaded(orderId)}` : sql``;
  const stillExpected = sql`EXISTS (SELECT 1 FROM ${t.orders} WHERE ${t.orders.id} = ${orderId} AND ${t.orders.status} = ${expected})${shopperMay}`;
  let detail = plan.detail;
  const before: Statement[] = [];
  if (plan.to === "cancelled") {
    const returned = await db
      .select({ sku: t.variants.sku, quantity: t.orderLines.quantity })
      .from(t.orderLines)
      .innerJoin(t.variants, eq(t.variants.id, t.orderLines.variantId))
      .where(and(eq(t.orderLines.orderId, orderId), isNotNull(t.variants.stock)))
      .orderBy(asc(t.variants.sku));
    detail = `${detail}; stock returned: ${returned.map((line) => `${line.quantity} x ${line.sku}`).join(", ") || "none counted"}`;
    const v_ = t.variants;
    before.push(
      // The stock its lines took goes back (where stock is counted), and its download links stop.
      db
        .update(v_)
        .set({
          stock: sql`${v_.stock} + (SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines.orderId} = ${orderId} AND ${t.orderLines.variantId} = ${v_.id})`,
        })
        .where(
          and(
            isNotNull(v_.stock),
            inArray(v_.id, db.select({ id: t.orderLines.variantId }).from(t.orderLines).where(eq(t.orderLines.orderId, orderId))),
            stillExpected,
          ),
        ),
      db.delete(t.downloadGrants).where(and(eq(t.downloadGrants.orderId, orderId), stillExpected)),
      // The discount code's use goes back: the code counts one use fewer, and its email one fewer.
      db
        .update(t.discountCodes)
        .set({ uses: sql`${t.discountCodes.uses} - 1` })
        .where(
          and(
            inArray(t.discountCodes.id, db.select({ id: t.discountCodeUses.codeId }).from(t.discountCodeUses).where(eq(t.discountCodeUses.orderId, orderId))),
            stillExpected,
          ),
        ),
      db.delete(t.discountCodeUses).where(and(eq(t.discountCodeUses.orderId, orderId), stillExpected)),
    );
  }
  const e = t.orderEvents;
  const link = origin && target.accessToken ? { origin, token: target.accessToken } : {};
  const job: EmailJob = { kind: "order_update", orderId, status: plan.to, ...link };
  // Written once the audit entry was, that is once the move happened: a crash after the batch loses no email.
  const kept = await toOutbox(job, CHANGED_A_ROW);
  let sends = 0;
  // Safe to send again: each write holds only while the order is still where the move starts from.
  const results = await retryTransient(() => {
    sends++;
    return changeInOrder(deps, [
      ...before,
      db
        .update(t.orders)
        .set({ status: plan.to })
        .where(and(eq(t.orders.id, orderId), eq(t.orders.status, expected), actor === "shopper" ? nothingDownloaded(orderId) : undefined)),
      sql`INSERT INTO ${e} (${sql.identifier(e.orderId.name)}, ${sql.identifier(e.status.name)}, ${sql.identifier(e.carrier.name)}, ${sql.identifier(e.trackingNumber.name)}, ${sql.identifier(e.reason.name)}, ${sql.identifier(e.actor.name)})
      SELECT ${orderId}, ${plan.to}, ${plan.carrier}, ${plan.trackingNumber}, ${plan.reason}, ${actor} WHERE ${CHANGED_A_ROW}`,
      auditWhen(deps, CHANGED_A_ROW, `order.${AUDIT_ACTION[plan.to]}`, `order ${target.number}`, detail),
      kept,
      // The agent's platform's event (an order placed through UCP), kept once the move's own event is.
      ...movedEventToOutbox(
        orderId,
        target.sessionId,
        plan.to,
        origin,
        sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.orderId} = ${orderId} AND ${e.status} = ${plan.to})`,
      ),
    ]);
  });
  const moved = results[before.length];
  if (!moved?.meta.changes) {
    const now = await db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)).get();
    // A batch sent again after a transient error, that had in fact been written, finds its own move done: no refusal.
    const ownMoveDone =
      sends > 1 &&
      now?.status === plan.to &&
      (await db
        .select({ id: e.id })
        .from(e)
        .where(and(eq(e.orderId, orderId), eq(e.status, plan.to), eq(e.actor, actor)))
        .get());
    // Another move won meanwhile: say what the order is now.
    if (!ownMoveDone) throw conflict(refusal(now?.status ?? expected, plan.to));
  }
  deps.outbox.enqueue(job);
  // An order placed through UCP: its agent's platform hears of the move (agents/webhooks.ts).
  deps.webhooks?.enqueue({ orderId, sessionId: target.sessionId, event: plan.to, origin });
  // A cancel takes the order out of its partner's figures; a delivery makes its commission payable.
  if (plan.to === "cancelled" || plan.to === "delivered") await settlePartnersOf(deps, [orderId]);
}

const AUDIT_ACTION: Record<Move, string> = { packed: "pack", shipped: "ship", delivered: "deliver", cancelled: "cancel" };
