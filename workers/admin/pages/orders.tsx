/** @jsxImportSource hono/jsx */
/** The orders: newest first by status, one order whole, and a range of days as CSV. */
import { Hono } from "hono";
import { formatPrice, plainAmount } from "../../../app/shared/money";
import { CancelOrderSchema, DateRangeSchema } from "../../../app/shared/schemas";
import { ORDER_STATUSES, type OrderStatus } from "../../db/schema";
import type { Page } from "../../shop/backoffice/shared";
import { moveOrder } from "../../shop/orders/lifecycle";
import { STATUS_WORDS } from "../../../app/shared/orders";
import { EXPORT_LIMIT, exportOrders, getOrder, listOrders, type OrderDetail, type OrderSummary } from "../../shop/backoffice/orders";
import { csvResponse, toCsv } from "../csv";
import { frame, pageNumber, queryChoice, readForm, readQuery, type AdminContext, type AdminEnv } from "../http";
import { FieldError, FormError, Layout, Pager, Table, when, type Errors, type Frame } from "../views";

const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed orders",
  packed: "Packed orders",
  shipped: "Shipped orders",
  delivered: "Delivered orders",
  intent: "Payment intents",
  cancelled: "Cancelled orders",
};

const CSV_COLUMNS = ["order", "time_utc", "status", "email", "first_name", "last_name", "address", "city", "state", "zip_code", "country", "items", "subtotal", "savings", "tax", "shipping", "total"];

type RangeForm = { from: string; to: string; errors: Errors };

const statusOf = (c: AdminContext) => queryChoice(c, "status", ORDER_STATUSES, "placed");

async function ordersPage(c: AdminContext, range: RangeForm, status: 200 | 400 = 200) {
  const orderStatus = statusOf(c);
  const page = await listOrders(c.var.backOffice, orderStatus, pageNumber(c));
  return c.html(<OrdersPage {...frame(c)} status={orderStatus} page={page} range={range} />, status);
}

export const orderPages = new Hono<AdminEnv>()
  .get("/orders", (c) => {
    const today = new Date().toISOString().slice(0, 10);
    return ordersPage(c, { from: `${today.slice(0, 8)}01`, to: today, errors: {} });
  })
  .get("/orders.csv", async (c) => {
    const range = readQuery(c, DateRangeSchema);
    if (range.errors) return ordersPage(c, { from: range.typed("from"), to: range.typed("to"), errors: range.errors }, 400);
    const { orders, truncated } = await exportOrders(c.var.backOffice, range.value, statusOf(c));
    if (truncated) {
      const errors = { to: `More than ${EXPORT_LIMIT} orders in this range: please export a shorter one.` };
      return ordersPage(c, { ...range.value, errors }, 400);
    }
    const rows = orders.map((order) => {
      const a = order.shippingAddress;
      return [
        order.number,
        order.createdAt,
        order.status,
        order.email,
        a?.firstName ?? "",
        a?.lastName ?? "",
        a?.address ?? "",
        a?.city ?? "",
        a?.state ?? "",
        a?.zipCode ?? "",
        a?.country ?? "",
        order.items,
        plainAmount(order.subtotal),
        plainAmount(order.savings),
        plainAmount(order.tax),
        plainAmount(order.shipping),
        plainAmount(order.total),
      ];
    });
    return csvResponse(toCsv(CSV_COLUMNS, rows), `orders-${range.value.from}-to-${range.value.to}.csv`);
  })
  .get("/orders/:id", async (c) => c.html(<OrderPage {...frame(c)} order={await getOrder(c.var.backOffice, c.req.param("id"))} />))
  .post("/orders/:id/cancel", async (c) => {
    const id = c.req.param("id");
    const form = await readForm(c, CancelOrderSchema);
    if (form.errors) {
      const cancel = { reason: form.typed("reason"), errors: form.errors };
      return c.html(<OrderPage {...frame(c)} notice={undefined} order={await getOrder(c.var.backOffice, id)} cancel={cancel} />, 400);
    }
    await moveOrder(c.var.backOffice, id, { to: "cancelled", reason: form.value.reason }, new URL(c.req.url).origin);
    return c.redirect(`/admin/orders/${encodeURIComponent(id)}?done=cancelled`, 303);
  });

function OrdersPage({ nonce, status, page, range }: Frame & { status: OrderStatus; page: Page<OrderSummary>; range: RangeForm }) {
  return (
    <Layout title="Orders" nonce={nonce} section="/admin/orders">
      <ul class="tabs">
        {ORDER_STATUSES.map((tab) => (
          <li>
            <a href={`/admin/orders?status=${tab}`} aria-current={tab === status ? "page" : undefined}>
              {ORDER_STATUS_LABELS[tab]}
            </a>
          </li>
        ))}
      </ul>
      {page.rows.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <Table label={ORDER_STATUS_LABELS[status]} columns={["Order", "Time", "Email", { label: "Items", numeric: true }, { label: "Total", numeric: true }]}>
          {page.rows.map((order) => (
            <tr>
              <td>
                <a href={`/admin/orders/${order.number}`}>{order.number}</a>
              </td>
              <td>{when(order.createdAt)}</td>
              <td>{order.email}</td>
              <td class="num">{order.items}</td>
              <td class="num">{formatPrice(order.total)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/orders?status=${status}&page=${n}`} />

      <h2>Export</h2>
      <form method="get" action="/admin/orders.csv" class="panel" novalidate>
        <input type="hidden" name="status" value={status} />
        <label>
          First day
          <input type="date" name="from" value={range.from} required aria-describedby="from-error" />
        </label>
        <FieldError id="from-error" message={range.errors.from} />
        <label>
          Last day
          <input type="date" name="to" value={range.to} required aria-describedby="to-error" />
        </label>
        <FieldError id="to-error" message={range.errors.to} />
        <p class="muted">Days are UTC, both included. The file is CSV, one order a line.</p>
        <button type="submit">Download CSV</button>
      </form>
    </Layout>
  );
}

const ORDER_STATUS_NAMES: Record<OrderStatus, string> = { ...STATUS_WORDS, intent: "Payment intent (not placed)" };

function OrderPage({ nonce, notice, order, cancel = { reason: "", errors: {} } }: Frame & { order: OrderDetail; cancel?: { reason: string; errors: Errors } }) {
  const address = order.shippingAddress;
  return (
    <Layout title={`Order ${order.number}`} nonce={nonce} notice={notice} section="/admin/orders">
      <dl>
        <dt>Status</dt>
        <dd>{ORDER_STATUS_NAMES[order.status]}</dd>
        <dt>Time</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt>Email</dt>
        <dd>{order.email}</dd>
        <dt>Ship to</dt>
        <dd class="pre">
          {address
            ? `${address.firstName} ${address.lastName}\n${address.address}\n${address.city}, ${address.state} ${address.zipCode}\n${address.country}`
            : "No address (a payment intent)"}
        </dd>
      </dl>
      <h2>Lines</h2>
      <Table label="Lines" columns={["Product", "SKU", { label: "Price", numeric: true }, { label: "Quantity", numeric: true }, { label: "Line total", numeric: true }]}>
        {order.lines.map((line) => (
          <tr>
            <td>
              {line.name}
              {line.variantLabel ? ` (${line.variantLabel})` : ""}
            </td>
            <td>{line.sku}</td>
            <td class="num">{formatPrice(line.unitPrice)}</td>
            <td class="num">{line.quantity}</td>
            <td class="num">{formatPrice(line.lineTotal)}</td>
          </tr>
        ))}
      </Table>
      <h2>Totals</h2>
      <dl>
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>Bundle savings</dt>
        <dd>{order.savings > 0 ? `-${formatPrice(order.savings)}` : formatPrice(0)}</dd>
        <dt>Shipping</dt>
        <dd>{order.shipping === 0 ? "Free" : formatPrice(order.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{formatPrice(order.tax)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatPrice(order.total)}</strong>
        </dd>
      </dl>
      <p class="muted">A demo order: no payment was taken.</p>
      {order.moves.includes("cancelled") ? <CancelForm orderId={order.number} {...cancel} /> : null}
    </Layout>
  );
}

/** Cancelling a placed order: its stock goes back on sale and its download links stop working. */
function CancelForm({ orderId, reason, errors }: { orderId: string; reason: string; errors: Errors }) {
  return (
    <>
      <h2>Cancel this order</h2>
      <FormError message={errors.form} />
      <form method="post" action={`/admin/orders/${encodeURIComponent(orderId)}/cancel`} class="panel">
        <label>
          Reason
          <textarea name="reason" required minlength={3} maxlength={500} aria-invalid={errors.reason ? "true" : undefined} aria-describedby="reason-error reason-help">
            {reason}
          </textarea>
        </label>
        <FieldError id="reason-error" message={errors.reason} />
        <p class="muted" id="reason-help">
          The reason is kept in the audit trail. Cancelling puts the order's stock back on sale and stops its download links; the shopper is not emailed. It cannot be undone.
        </p>
        <button type="submit">Cancel order</button>
      </form>
    </>
  );
}
