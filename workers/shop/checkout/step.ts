/**
 * One step of a checkout (an intent priced, or the order placed): read the cart priced with
 * the checkout's row in one trip, then write in one batch whose every statement holds only
 * while the cart and the catalog are still what was read (`unchangedSince`). A step that
 * found them changed wrote nothing, and starts over with what is there now.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { CODE_CHANGED_MESSAGE, normalizeCode } from "../../../app/shared/codes";
import { conflict, invalidInput } from "../../../app/shared/errors";
import { newOrderNumber } from "../../../app/shared/orders";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { fromExcluded, valuesInColumnOrder } from "../../db/sql";
import { readPricedCart, type CartLine, type StoredLine } from "../cart";
import { stockQuery, stockWritten, versionQuery, type CatalogVersion } from "../catalog";
import { codeRefused, emailRefusal, usesByEmailOfCartCode, type CodeRow } from "../codes";
import type { ShopDeps } from "../deps";
import { DOWNLOAD_DAYS, MAX_DOWNLOADS, type DownloadLink } from "../downloads";
import { confirmationToOutbox } from "../emails/outbox";
import { placedEventToOutbox } from "../agents/webhook-outbox";
import { attributionCandidatesQuery, attributionOf } from "../partners/attribution";
import { checkoutProblems, EMPTY_CART, refuseUnready } from "../readiness";
import { newToken, tokenHash } from "../tokens";
import { orderLineRows, orderRow, toOrder, type Order, type OrderLineRow, type OrderRow } from "./order";

export const randomToken = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

const CART_KEPT_CHANGING = "Your cart changed while you were checking out. Please review it and try again.";

/** A step that found the cart or the catalog changed since its read starts over; this many tries in all. */
const MAX_TRIES = 3;

type Step = {
  status: t.OrderStatus;
  sessionId: string;
  checkoutKey: string;
  email: string;
  shippingAddress: t.ShippingAddress | null;
  /** The code the checkout page showed ("" for none); undefined where no page showed one (the API, UCP). */
  codeShown?: string;
  /** The shop's address as the shopper reached it, for the link in the confirmation the outbox keeps. */
  origin?: string;
};

/**
 * The SQL condition every write of a step holds to: the catalog is at the version the cart
 * was priced at, and the cart holds exactly the lines read (same ids, same quantities).
 * Line ids are never reused, so a line removed and another added is a change too.
 */
function unchangedSince(sessionId: string, stored: StoredLine[], catalogVersion: number, code: CodeRow | null) {
  const snapshot = JSON.stringify(stored.map((line) => [line.id, line.quantity, line.variantId ?? 0]));
  // The cart's code is the one read, and the owner has not changed it since (nor has it ended).
  const codeStands = code
    ? sql`(SELECT discount_code FROM carts WHERE id = ${sessionId}) = ${code.code}
      AND EXISTS (SELECT 1 FROM discount_codes WHERE id = ${code.id} AND updated_at = ${code.updatedAt} AND status = 'active'
        AND (ends_at IS NULL OR ends_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`
    : sql`coalesce((SELECT discount_code FROM carts WHERE id = ${sessionId}), '') = ''`;
  return sql`(
    ${codeStands}
    AND (SELECT version FROM catalog_meta WHERE id = 1) = ${catalogVersion}
    AND (SELECT count(*) FROM cart_lines WHERE cart_id = ${sessionId}) = ${stored.length}
    AND NOT EXISTS (
      SELECT 1 FROM cart_lines
      WHERE cart_id = ${sessionId}
        AND NOT EXISTS (
          SELECT 1 FROM json_each(${snapshot})
          WHERE json_extract(value, '$[0]') = cart_lines.id AND json_extract(value, '$[1]') = cart_lines.quantity
            AND json_extract(value, '$[2]') = coalesce(cart_lines.variant_id, 0)
        )
    )
  )`;
}

/**
 * One try of a step: read, price, write under `unchangedSince`, read the row back. Answers
 * the checkout's order and whether this try wrote it, or null when the cart or catalog
 * changed between the read and the write (nothing was written).
 */
async function tryStep(deps: ShopDeps, step: Step): Promise<{ order: Order; wroteNow: boolean } | null> {
  const { db } = deps;
  const { sessionId, checkoutKey, status } = step;
  const {
    cart: { lines, bundles: offered, totals, code },
    stored,
    catalogVersion,
    codeRow,
    first: [[found], foundLines, [usedByEmail], candidates],
  } = await readPricedCart(deps, sessionId, [
    orderRow(deps, sessionId, checkoutKey),
    orderLineRows(deps, sessionId, checkoutKey),
    usesByEmailOfCartCode(deps, sessionId, step.email),
    attributionCandidatesQuery(deps, sessionId, deps.visitor.referral),
  ] as const);
  // This checkout was placed already (a double submit, a retry, a reload): that order stands.
  if (found && found.status !== "intent") return { order: toOrder(found, foundLines), wroteNow: false };

  const problems = checkoutProblems(lines, { address: step.shippingAddress !== null });
  // An intent prices any cart that holds something; placing waits until nothing stands in the way.
  refuseUnready(status === "placed" ? problems : problems.filter((problem) => problem.kind === "empty"));
  // What is charged is what was shown: a code that stopped applying is refused, never dropped.
  if (step.codeShown !== undefined && normalizeCode(step.codeShown) !== (code?.code ?? ""))
    throw conflict(CODE_CHANGED_MESSAGE, [{ path: "discountCode", message: CODE_CHANGED_MESSAGE }]);
  if (code) {
    const refusal = code.refusal ?? (codeRow && emailRefusal(codeRow, step.email, usedByEmail?.count ?? 0));
    if (refusal) throw codeRefused(code.code, refusal);
  }
  const usedCode = code && codeRow && totals.code?.applied ? codeRow : null;
  const lineShares = totals.code?.applied ? totals.code.lineShares : lines.map(() => 0);
  const partner = attributionOf(candidates, { codeId: usedCode?.id ?? null, referral: deps.visitor.referral, email: step.email });
  const bundleName = new Map(offered.map((b) => [b.id, b.name]));
  const bundles: t.OrderBundle[] = totals.bundles.map((b) => ({ ...b, name: bundleName.get(b.bundleId) ?? "" }));
  const priced = JSON.stringify(
    lines.map((line, index) => ({
      lineId: line.id,
      name: line.product.name,
      unitPrice: line.product.price,
      variantId: line.variant?.id ?? null,
      sku: line.variant?.sku ?? "",
      variantLabel: line.variant?.label ?? "",
      bundleSavings: totals.lineBundleSavings[index] ?? 0,
      discount: lineShares[index] ?? 0,
    })),
  );
  const unchanged = unchangedSince(sessionId, stored, catalogVersion, codeRow);

  const thisOrder = and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey), eq(t.orders.status, status));
  const writes = [
    // The checkout's row: new, or its intent priced again / placed. A placed row is never rewritten.
    db
      .insert(t.orders)
      .select(
        sql`SELECT ${valuesInColumnOrder(t.orders, {
          id: `ord_${randomToken(12)}`,
          number: newOrderNumber(),
          accessToken: status === "placed" ? newToken() : null,
          sessionId,
          checkoutKey,
          status,
          email: step.email,
          shippingAddress: step.shippingAddress ? JSON.stringify(step.shippingAddress) : null,
          subtotal: totals.subtotal,
          bundleSavings: totals.bundleSavings,
          bundles: JSON.stringify(bundles),
          tax: totals.tax,
          shipping: totals.shipping,
          total: totals.total,
          discountCode: usedCode?.code ?? null,
          discount: totals.discount,
          partnerId: partner?.partnerId ?? null,
          attribution: partner?.attribution ?? null,
          currency: "usd",
          createdAt: sql`CURRENT_TIMESTAMP`,
          placedAt: status === "placed" ? sql`CURRENT_TIMESTAMP` : null,
        })} WHERE ${unchanged}`,
      )
      .onConflictDoUpdate({
        target: [t.orders.sessionId, t.orders.checkoutKey],
        set: {
          ...fromExcluded(t.orders, [
            "status",
            "email",
            "shippingAddress",
            "subtotal",
            "bundleSavings",
            "bundles",
            "discountCode",
            "discount",
            "partnerId",
            "attribution",
            "tax",
            "shipping",
            "total",
            "placedAt",
          ]),
          // An intent keeps the number its payment intent answered with; placing it gives it its token.
          accessToken: sql.raw(`excluded.${t.orders.accessToken.name}`),
        },
        setWhere: eq(t.orders.status, "intent"),
      })
      .returning({ id: t.orders.id }),
    // Its lines are the cart's lines at this moment (an intent's earlier lines go).
    db.delete(t.orderLines).where(and(inArray(t.orderLines.orderId, db.select({ id: t.orders.id }).from(t.orders).where(thisOrder)), unchanged)),
    db.insert(t.orderLines).select(
      sql`SELECT ${valuesInColumnOrder(t.orderLines, {
        orderId: sql`${t.orders.id}`,
        id: null,
        productId: sql`${t.cartLines.productId}`,
        variantId: sql`json_extract(priced.value, '$.variantId')`,
        sku: sql`json_extract(priced.value, '$.sku')`,
        variantLabel: sql`json_extract(priced.value, '$.variantLabel')`,
        name: sql`json_extract(priced.value, '$.name')`,
        unitPrice: sql`json_extract(priced.value, '$.unitPrice')`,
        quantity: sql`${t.cartLines.quantity}`,
        lineTotal: sql`${t.cartLines.quantity} * json_extract(priced.value, '$.unitPrice')`,
        bundleSavings: sql`json_extract(priced.value, '$.bundleSavings')`,
        discount: sql`json_extract(priced.value, '$.discount')`,
        position: sql`priced.key`,
      })}
      FROM ${t.orders}, ${t.cartLines}, json_each(${priced}) AS priced
      WHERE ${thisOrder} AND ${t.cartLines.cartId} = ${sessionId} AND ${t.cartLines.id} = json_extract(priced.value, '$.lineId')
        AND ${unchanged}`,
    ),
  ] as const;
  const readBack = [orderRow(deps, sessionId, checkoutKey), orderLineRows(deps, sessionId, checkoutKey)] as const;

  let wroteNow: boolean;
  let row: OrderRow | undefined;
  let rowLines: OrderLineRow[];
  let downloads: DownloadLink[] = [];
  if (status === "placed") {
    // Placing takes the stock it orders, where stock is counted: below zero, the CHECK on
    // variants fails the whole batch, and nothing is ordered (checkout then says what is short).
    const takeStock = db
      .update(t.variants)
      .set({
        stock: sql`${t.variants.stock} - (SELECT sum(${t.cartLines.quantity}) FROM ${t.cartLines} WHERE ${t.cartLines.cartId} = ${sessionId} AND ${t.cartLines.variantId} = ${t.variants.id})`,
      })
      .where(
        and(
          sql`${t.variants.stock} IS NOT NULL`,
          inArray(t.variants.id, db.select({ id: t.cartLines.variantId }).from(t.cartLines).where(eq(t.cartLines.cartId, sessionId))),
          unchanged,
        ),
      );
    // A download link for each digital product it orders, kept as the token's hash.
    const granted = await grantsFor(lines);
    downloads = granted.map(({ hash: _hash, ...link }) => link);
    const grants = granted.map(({ productId, hash }) =>
      db.insert(t.downloadGrants).select(
        sql`SELECT ${valuesInColumnOrder(t.downloadGrants, {
          id: null,
          orderId: sql`${t.orders.id}`,
          productId,
          tokenHash: hash,
          expiresAt: sql`datetime('now', ${`+${DOWNLOAD_DAYS} days`})`,
          downloads: 0,
          maxDownloads: MAX_DOWNLOADS,
          createdAt: sql`CURRENT_TIMESTAMP`,
        })} FROM ${t.orders} WHERE ${thisOrder} AND ${unchanged}`,
      ),
    );
    // The first event of its timeline, in the same transaction as the order.
    const placedEvent = db.insert(t.orderEvents).select(
      sql`SELECT ${valuesInColumnOrder(t.orderEvents, {
        id: null,
        orderId: sql`${t.orders.id}`,
        status: "placed",
        at: sql`CURRENT_TIMESTAMP`,
        carrier: null,
        trackingNumber: null,
        reason: null,
        actor: "shop",
      })} FROM ${t.orders} WHERE ${thisOrder} AND ${unchanged}`,
    );
    // Its confirmation's job, kept in the same transaction: a crash after it loses no email (outbox.ts).
    const confirmation = confirmationToOutbox(db, sql`${thisOrder} AND ${unchanged}`, step.origin);
    // And its agent's platform's event (an order placed through UCP only), likewise.
    const event = placedEventToOutbox(db, sql`${thisOrder} AND ${unchanged}`, sessionId, step.origin);
    // Placing takes one of the code's uses: past its limit (overall, or this email's), a CHECK
    // fails the whole batch, nothing is ordered, and the next try says the code is used up.
    const useCode = usedCode ? takeCodeUse(deps, usedCode, step.email, thisOrder, unchanged) : [];
    // Placing takes exactly the lines just ordered out of the cart.
    const take = db
      .delete(t.cartLines)
      .where(
        and(
          eq(t.cartLines.cartId, sessionId),
          inArray(
            t.cartLines.id,
            lines.map((line) => line.id),
          ),
          unchanged,
        ),
      )
      .returning({ id: t.cartLines.id });
    // The code went with the order: the next cart starts without one (right after the take, which
    // `unchanged` no longer holds after, so it holds on the take having taken lines).
    const codeUsed = db
      .update(t.carts)
      .set({ discountCode: null })
      .where(and(eq(t.carts.id, sessionId), sql`changes() > 0`));
    let results;
    try {
      // Safe to send again after a transient error: every write holds only while the cart is as read, and placing empties it.
      results = await retryTransient(() =>
        db.batch([
          takeStock,
          ...writes,
          ...grants,
          placedEvent,
          confirmation,
          ...event,
          ...useCode,
          take,
          codeUsed,
          ...readBack,
          versionQuery(deps),
          stockQuery(deps),
        ] as unknown as [typeof take, ...(typeof take)[]]),
      );
    } catch (error) {
      // Sold since the read: the next try reads the stock there is now and says so.
      if (String(error).includes("CHECK constraint failed")) return null;
      if (numberTaken(error)) return null;
      throw error;
    }
    const [taken, , rows, orderLines, versionRows, stockRows] = results.slice(-6) as unknown as [
      { id: number }[],
      unknown,
      OrderRow[],
      OrderLineRow[],
      CatalogVersion[],
      { id: number; stock: number | null }[],
    ];
    [wroteNow, row, rowLines] = [taken.length > 0, rows[0], orderLines];
    if (wroteNow) stockWritten(deps, versionRows, stockRows);
  } else {
    // An intent leaves the cart as it is.
    let results;
    try {
      // Safe to send again: the intent's row is upserted and its lines replaced, all while the cart is as read.
      results = await retryTransient(() => db.batch([...writes, ...readBack]));
    } catch (error) {
      if (numberTaken(error)) return null;
      throw error;
    }
    const [written, , , rows, orderLines] = results;
    [wroteNow, row, rowLines] = [written.length > 0, rows[0], orderLines];
  }

  if (wroteNow) {
    if (status === "placed") deps.visitor.cartCount = 0;
    return { order: { ...toOrder(row!, rowLines), ...(downloads.length > 0 ? { downloads } : {}) }, wroteNow };
  }
  // Placed meanwhile by the same checkout's other submission: that order stands.
  if (row && row.status !== "intent") return { order: toOrder(row, rowLines), wroteNow: false };
  return null;
}

/** The order's use of `code`, taken in its batch: the code's count, and the use with the email and its per-email limit. */
function takeCodeUse(deps: ShopDeps, code: CodeRow, email: string, thisOrder: SQL | undefined, unchanged: SQL) {
  const { db } = deps;
  const address = email.toLowerCase();
  const count = db
    .update(t.discountCodes)
    .set({ uses: sql`${t.discountCodes.uses} + 1` })
    .where(and(eq(t.discountCodes.id, code.id), unchanged));
  const use = db.insert(t.discountCodeUses).select(
    sql`SELECT ${valuesInColumnOrder(t.discountCodeUses, {
      id: null,
      codeId: code.id,
      orderId: sql`${t.orders.id}`,
      email: address,
      emailSeq: sql`(SELECT count(*) + 1 FROM ${t.discountCodeUses} WHERE ${t.discountCodeUses.codeId} = ${code.id} AND ${t.discountCodeUses.email} = ${address})`,
      emailLimit: code.maxUsesPerEmail,
      createdAt: sql`CURRENT_TIMESTAMP`,
    })} FROM ${t.orders} WHERE ${thisOrder} AND ${unchanged}`,
  );
  return [count, use];
}

/** The order number drawn is another order's already (1 in 2^40 per order): the step draws again. */
const numberTaken = (error: unknown) => /UNIQUE constraint failed: orders\.(number|access_token)/.test(String(error));

/** A new download token for each digital product of `lines`, with the hash D1 keeps of it. */
function grantsFor(lines: CartLine[]) {
  const digital = [...new Map(lines.filter((line) => line.digital).map((line) => [line.product.id, line.product.name])).entries()];
  return Promise.all(
    digital.map(async ([productId, name]) => {
      const token = newToken();
      return { productId, name, token, hash: await tokenHash(token) };
    }),
  );
}

export async function checkoutStep(deps: ShopDeps, step: Omit<Step, "sessionId">) {
  const sessionId = deps.visitor.existingId;
  if (!sessionId) throw invalidInput(EMPTY_CART);
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const outcome = await tryStep(deps, { ...step, sessionId });
    if (outcome) return outcome;
  }
  throw invalidInput(CART_KEPT_CHANGING);
}
