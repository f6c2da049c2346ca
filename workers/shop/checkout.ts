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
import { and, asc, eq, getTableColumns, inArray, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { CheckoutInput } from "../../app/shared/schemas";
import * as t from "../db/schema";
import { readPricedCart, type StoredLine } from "./cart";
import type { ShopDeps } from "./deps";
import { invalidInput } from "../../app/shared/errors";

export type OrderLine = { productId: number; name: string; unitPrice: number; quantity: number; lineTotal: number };

export type Order = {
  id: string;
  status: t.OrderStatus;
  email: string;
  currency: "usd";
  subtotal: number;
  bundleSavings: number;
  bundles: t.OrderBundle[];
  shipping: number;
  tax: number;
  total: number;
  lines: OrderLine[];
};

const randomToken = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

const EMPTY_CART = "Your cart is empty. Add items to your cart before checking out.";
const CART_KEPT_CHANGING = "Your cart changed while you were checking out. Please review it and try again.";

/** A step that found the cart or the catalog changed since its read starts over; this many tries in all. */
const MAX_TRIES = 3;

type Step = {
  status: t.OrderStatus;
  sessionId: string;
  checkoutKey: string;
  email: string;
  shippingAddress: t.ShippingAddress | null;
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
    .orderBy(asc(t.orderLines.productId));

type OrderRow = typeof t.orders.$inferSelect;
type OrderLineRow = typeof t.orderLines.$inferSelect;

function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    currency: "usd",
    subtotal: row.subtotal,
    bundleSavings: row.bundleSavings,
    bundles: row.bundles,
    shipping: row.shipping,
    tax: row.tax,
    total: row.total,
    lines: lines.map(({ productId, name, unitPrice, quantity, lineTotal }) => ({ productId, name, unitPrice, quantity, lineTotal })),
  };
}

/**
 * The SQL condition every write of a step holds to: the catalog is at the version the cart
 * was priced at, and the cart holds exactly the lines read (same ids, same quantities).
 * Line ids are never reused, so a line removed and another added is a change too.
 */
function unchangedSince(sessionId: string, stored: StoredLine[], catalogVersion: number) {
  const snapshot = JSON.stringify(stored.map((line) => [line.id, line.quantity]));
  return sql`(
    (SELECT version FROM catalog_meta WHERE id = 1) = ${catalogVersion}
    AND (SELECT count(*) FROM cart_lines WHERE cart_id = ${sessionId}) = ${stored.length}
    AND NOT EXISTS (
      SELECT 1 FROM cart_lines
      WHERE cart_id = ${sessionId}
        AND NOT EXISTS (
          SELECT 1 FROM json_each(${snapshot})
          WHERE json_extract(value, '$[0]') = cart_lines.id AND json_extract(value, '$[1]') = cart_lines.quantity
        )
    )
  )`;
}

/**
 * One value per column of `table`, in the table's column order, as `insert().select()`
 * takes them: plain values are bound as parameters, SQL goes in as written.
 */
function valuesInColumnOrder<T extends SQLiteTable>(table: T, values: { [K in keyof T["$inferInsert"]]-?: unknown }) {
  const row = values as Record<string, unknown>;
  return sql.join(
    Object.keys(getTableColumns(table)).map((key) => (is(row[key], SQL) ? (row[key] as SQL) : sql`${row[key]}`)),
    sql`, `,
  );
}

/** An upsert's `SET column = excluded.column` for each of `keys`. */
function fromExcluded<T extends SQLiteTable, K extends keyof T["$inferInsert"] & keyof T["_"]["columns"]>(table: T, keys: K[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key as string]!.name}`)]));
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
    cart: { lines, bundles: offered, totals },
    stored,
    catalogVersion,
    first: [[found], foundLines],
  } = await readPricedCart(deps, sessionId, [orderRow(deps, sessionId, checkoutKey), orderLineRows(deps, sessionId, checkoutKey)] as const);
  // This checkout was placed already (a double submit, a retry, a reload): that order stands.
  if (found?.status === "placed") return { order: toOrder(found, foundLines), wroteNow: false };

  if (lines.length === 0) throw invalidInput(EMPTY_CART);
  const bundleName = new Map(offered.map((b) => [b.id, b.name]));
  const bundles: t.OrderBundle[] = totals.bundles.map((b) => ({ ...b, name: bundleName.get(b.bundleId) ?? "" }));
  const priced = JSON.stringify(lines.map((line) => ({ lineId: line.id, name: line.product.name, unitPrice: line.product.price })));
  const unchanged = unchangedSince(sessionId, stored, catalogVersion);

  const thisOrder = and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey), eq(t.orders.status, status));
  const writes = [
    // The checkout's row: new, or its intent priced again / placed. A placed row is never rewritten.
    db
      .insert(t.orders)
      .select(
        sql`SELECT ${valuesInColumnOrder(t.orders, {
          id: `ord_${randomToken(12)}`,
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
          currency: "usd",
          createdAt: sql`CURRENT_TIMESTAMP`,
          placedAt: status === "placed" ? sql`CURRENT_TIMESTAMP` : null,
        })} WHERE ${unchanged}`,
      )
      .onConflictDoUpdate({
        target: [t.orders.sessionId, t.orders.checkoutKey],
        set: fromExcluded(t.orders, ["status", "email", "shippingAddress", "subtotal", "bundleSavings", "bundles", "tax", "shipping", "total", "placedAt"]),
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
        productId: sql`${t.cartLines.productId}`,
        name: sql`json_extract(priced.value, '$.name')`,
        unitPrice: sql`json_extract(priced.value, '$.unitPrice')`,
        quantity: sql`${t.cartLines.quantity}`,
        lineTotal: sql`${t.cartLines.quantity} * json_extract(priced.value, '$.unitPrice')`,
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
  if (status === "placed") {
    // Placing takes exactly the lines just ordered out of the cart.
    const take = db
      .delete(t.cartLines)
      .where(and(eq(t.cartLines.cartId, sessionId), inArray(t.cartLines.id, lines.map((line) => line.id)), unchanged))
      .returning({ id: t.cartLines.id });
    const [, , , taken, rows, orderLines] = await db.batch([...writes, take, ...readBack]);
    [wroteNow, row, rowLines] = [taken.length > 0, rows[0], orderLines];
  } else {
    // An intent leaves the cart as it is.
    const [written, , , rows, orderLines] = await db.batch([...writes, ...readBack]);
    [wroteNow, row, rowLines] = [written.length > 0, rows[0], orderLines];
  }

  if (wroteNow) {
    if (status === "placed") deps.visitor.cartCount = 0;
    return { order: toOrder(row!, rowLines), wroteNow };
  }
  // Placed meanwhile by the same checkout's other submission: that order stands.
  if (row?.status === "placed") return { order: toOrder(row, rowLines), wroteNow: false };
  return null;
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

const logOrder = (deps: ShopDeps, order: Order) =>
  deps.log("order_recorded", { orderId: order.id, status: order.status, total: order.total, lines: order.lines.length });

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
  return { id: order.id, amount: order.total, currency: order.currency, clientSecret: `${order.id}_secret_${randomToken(12)}` };
}

/**
 * The checkout form: orders the cart with its shipping address and takes those lines out
 * of the cart, in one transaction; a repeated submission answers with the first order.
 * The cardholder name is checked by the form's schema and dropped here: never stored.
 */
export async function placeOrder(deps: ShopDeps, input: CheckoutInput): Promise<Order> {
  const { email, checkoutKey = newCheckoutKey(), cardholderName: _cardholderName, ...shippingAddress } = input;
  const { order, wroteNow } = await checkoutStep(deps, { status: "placed", checkoutKey, email, shippingAddress });
  if (wroteNow) {
    // The one place an order becomes placed: what follows a new order goes here, once per order.
    logOrder(deps, order);
    deps.outbox?.enqueue({ kind: "order_confirmation", orderId: order.id });
  }
  return order;
}
