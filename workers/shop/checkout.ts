/**
 * The demo checkout: one checkout, one order (contract, "Checkout and orders";
 * docs/decisions/0015). The server prices the visitor's cart from the current catalog
 * (never from the client or a cache), bundle savings included; no payment is ever taken,
 * and no card field (the cardholder name included) is stored.
 *
 * A checkout is named by its key (the form carries it; the payment intent sends it as
 * `Idempotency-Key`) and has one `orders` row per visitor and key:
 * - the payment intent prices the cart into that row as an `intent`, cart untouched;
 * - placing the order makes the same row `placed` and, in the same transaction, orders
 *   exactly the cart lines it deletes;
 * - a repeated submission of a placed checkout answers with that order.
 *
 * Each step reads the cart priced at D1's catalog version with the checkout's row (one trip:
 * `readPricedCart`), then writes in one batch (one transaction) whose every
 * statement holds only while the cart and the catalog are still what was read. If either
 * changed in between, nothing is written and the step starts over with what is there now.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { CODE_CHANGED_MESSAGE, normalizeCode } from "../../app/shared/codes";
import { newOrderNumber } from "../../app/shared/orders";
import type { CheckoutInput, DigitalCheckoutInput } from "../../app/shared/schemas";
import * as t from "../db/schema";
import { fromExcluded, valuesInColumnOrder } from "../db/sql";
import { pricedAsShown, readPricedCart, type CartLine, type StoredLine } from "./cart";
import { stockQuery, stockWritten, versionQuery, type CatalogVersion } from "./catalog";
import { attributionCandidatesQuery, attributionOf } from "./partners/attribution";
import { settlePartner } from "./partners/ledger";
import { codeRefused, emailRefusal, usesByEmailOfCartCode, type CodeRow } from "./codes";
import type { ShopDeps } from "./deps";
import { DOWNLOAD_DAYS, MAX_DOWNLOADS, type DownloadLink } from "./downloads";
import { checkoutProblems, EMPTY_CART, lineProblemsOf, refuseUnready } from "./readiness";
import { confirmationToOutbox } from "./outbox";
import { placedEventToOutbox } from "./agents/webhook-outbox";
import { newToken, tokenHash } from "./tokens";
import { retryTransient } from "../db/retry";
import { conflict, errorKind, invalidInput } from "../../app/shared/errors";

export type OrderLine = {
  productId: number;
  variantId: number | null;
  sku: string;
  /** The choice in words, `Size M · Black`; "" for a product without options. */
  variantLabel: string;
  name: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** This line's share of the code's discount (the shares add up to the order's `discount`). */
  discount: number;
};

export type Order = {
  /** The internal id: for the server only (the UCP session's link to it), never shown. */
  id: string;
  /** The number a person reads, `RD-7KQ3-9X2M`. */
  number: string;
  /** The order page's token (`/orders/<token>`); null for an intent. Only for the shopper who placed it. */
  accessToken: string | null;
  /** When it was placed (SQLite's UTC text); null for an intent. */
  placedAt: string | null;
  status: t.OrderStatus;
  email: string;
  currency: "usd";
  subtotal: number;
  bundleSavings: number;
  bundles: t.OrderBundle[];
  /** The code the order used (upper case), and what it took off before tax; null and 0 without one. */
  discountCode: string | null;
  discount: number;
  /** The partner it is attributed to (docs/decisions/0026): for the server only. */
  partnerId: number | null;
  shipping: number;
  tax: number;
  total: number;
  lines: OrderLine[];
  /** Where the downloads it bought are: only on the answer to the submission that placed it (the token is kept nowhere else). */
  downloads?: DownloadLink[];
};

const randomToken = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

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

const orderRow = ({ db }: ShopDeps, sessionId: string, checkoutKey: string) =>
  db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey)));

const orderLineRows = ({ db }: ShopDeps, sessionId: string, checkoutKey: string) =>
  db
    .select()
    .from(t.orderLines)
    .where(
      inArray(
        t.orderLines.orderId,
        db
          .select({ id: t.orders.id })
          .from(t.orders)
          .where(and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey))),
      ),
    )
    .orderBy(asc(t.orderLines.position), asc(t.orderLines.id));

type OrderRow = typeof t.orders.$inferSelect;
type OrderLineRow = typeof t.orderLines.$inferSelect;

function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    accessToken: row.accessToken,
    placedAt: row.placedAt,
    status: row.status,
    email: row.email,
    currency: "usd",
    subtotal: row.subtotal,
    bundleSavings: row.bundleSavings,
    bundles: row.bundles,
    discountCode: row.discountCode,
    discount: row.discount,
    partnerId: row.partnerId,
    shipping: row.shipping,
    tax: row.tax,
    total: row.total,
    lines: lines.map(({ productId, variantId, sku, variantLabel, name, unitPrice, quantity, lineTotal, discount }) => ({
      productId,
      variantId,
      sku,
      variantLabel,
      name,
      unitPrice,
      quantity,
      lineTotal,
      discount,
    })),
  };
}

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
  } = await readPricedCart(
    deps,
    sessionId,
    [
      orderRow(deps, sessionId, checkoutKey),
      orderLineRows(deps, sessionId, checkoutKey),
      usesByEmailOfCartCode(deps, sessionId, step.email),
      attributionCandidatesQuery(deps, sessionId, deps.visitor.referral),
    ] as const,
  );
  // This checkout was placed already (a double submit, a retry, a reload): that order stands.
  if (found && found.status !== "intent") return { order: toOrder(found, foundLines), wroteNow: false };

  const problems = checkoutProblems(lines, { address: step.shippingAddress !== null });
  // An intent prices any cart that holds something; placing waits until nothing stands in the way.
  refuseUnready(status === "placed" ? problems : problems.filter((problem) => problem.kind === "empty"));
  // What is charged is what was shown: a code that stopped applying is refused, never dropped.
  if (step.codeShown !== undefined && normalizeCode(step.codeShown) !== (code?.code ?? "")) throw conflict(CODE_CHANGED_MESSAGE, [{ path: "discountCode", message: CODE_CHANGED_MESSAGE }]);
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
    db
      .delete(t.orderLines)
      .where(and(inArray(t.orderLines.orderId, db.select({ id: t.orders.id }).from(t.orders).where(thisOrder)), unchanged)),
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
      .where(and(eq(t.cartLines.cartId, sessionId), inArray(t.cartLines.id, lines.map((line) => line.id)), unchanged))
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
        db.batch([takeStock, ...writes, ...grants, placedEvent, confirmation, ...event, ...useCode, take, codeUsed, ...readBack, versionQuery(deps), stockQuery(deps)] as unknown as [
          typeof take,
          ...(typeof take)[],
        ]),
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

async function checkoutStep(deps: ShopDeps, step: Omit<Step, "sessionId">) {
  const sessionId = deps.visitor.existingId;
  if (!sessionId) throw invalidInput(EMPTY_CART);
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const outcome = await tryStep(deps, { ...step, sessionId });
    if (outcome) return outcome;
  }
  throw invalidInput(CART_KEPT_CHANGING);
}

/**
 * The partner's ledger takes the new order in. Its failure never fails the order: the ledger
 * is settled again from the orders on the next event and on the 15th's run.
 */
const settleQuietly = (deps: ShopDeps, partnerId: number) =>
  settlePartner(deps, partnerId).catch((error: unknown) => deps.log("partner_ledger_unsettled", { partnerId, ...errorKind(error) }));

const logOrder = (deps: ShopDeps, order: Order) =>
  deps.log("order_recorded", { orderId: order.id, status: order.status, total: order.total, lines: order.lines.length });

/**
 * The checkout page's cart, priced as the order will be (a price changed since the shopper
 * saw it marked `shown`, as on the cart page), with what stands between each line and the
 * order: the very rule placing it holds to, so the page and the refusal say the same.
 */
export async function checkoutCart(deps: ShopDeps, shown: boolean) {
  const cart = await pricedAsShown(deps, shown);
  return { ...cart, problems: lineProblemsOf(checkoutProblems(cart.lines)) };
}

/** A checkout key for a caller that sent none: then each call is a checkout of its own. */
const newCheckoutKey = (): string => crypto.randomUUID();

/**
 * `POST /api/payment/create-payment-intent`: the cart priced on the server into the
 * checkout's row, as an intent. Nothing is charged and the cart is untouched; once the
 * checkout is placed, the intent answers with the placed order.
 */
export async function createPaymentIntent(deps: ShopDeps, customerEmail: string, checkoutKey = newCheckoutKey()) {
  const { order, wroteNow } = await checkoutStep(deps, { status: "intent", checkoutKey, email: customerEmail, shippingAddress: null });
  if (wroteNow) logOrder(deps, order);
  // The number, never the internal id: this answer reaches the browser.
  return { id: order.number, amount: order.total, currency: order.currency, clientSecret: `${order.number}_secret_${randomToken(12)}` };
}

/**
 * The checkout form: orders the cart with its shipping address and takes those lines out
 * of the cart, in one transaction; a repeated submission answers with the first order.
 * The cardholder name is checked by the form's schema and dropped here: never stored.
 */
export async function placeOrder(deps: ShopDeps, input: CheckoutInput | DigitalCheckoutInput, origin?: string): Promise<Order> {
  const { email, checkoutKey = newCheckoutKey(), cardholderName: _cardholderName, codeShown, ...rest } = input;
  const shippingAddress = "address" in rest ? (rest as t.ShippingAddress) : null;
  const { order, wroteNow } = await checkoutStep(deps, {
    status: "placed",
    checkoutKey,
    email,
    shippingAddress,
    ...(codeShown !== undefined ? { codeShown } : {}),
    ...(origin ? { origin } : {}),
  });
  if (wroteNow) {
    // The one place an order becomes placed: what follows a new order goes here, once per order.
    // Its job goes to the queue now, with the download links' tokens; the outbox keeps it without them.
    logOrder(deps, order);
    const downloads = order.downloads?.map(({ productId, token }) => ({ productId, token }));
    const link = origin && order.accessToken ? { origin, token: order.accessToken } : {};
    deps.outbox?.enqueue({ kind: "order_confirmation", orderId: order.id, ...(downloads ? { downloads } : {}), ...link });
    // Its agent's platform hears of it (an order placed through UCP only: agents/webhooks.ts).
    deps.webhooks?.enqueue({ orderId: order.id, sessionId: deps.visitor.existingId ?? "", event: "placed", origin });
    deps.insights?.count("order", "");
    if (order.partnerId !== null) await settleQuietly(deps, order.partnerId);
  }
  return order;
}
