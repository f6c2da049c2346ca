/** @jsxImportSource hono/jsx */
/**
 * The orders: a list by status (newest first), narrowed to a discount code if asked, the search by number or email address, and a range of days as
 * CSV. One order whole and its moves: ./order.tsx; packed orders shipped from a file:
 * ./shipping.tsx.
 */
import { Hono } from "hono";
import { CODE_PATTERN, normalizeCode } from "../../../app/shared/codes";
import { formatPrice, plainAmount } from "../../../app/shared/money";
import { orderNumberOf } from "../../../app/shared/orders";
import { DateRangeSchema } from "../../../app/shared/schemas";
import { CODE_MESSAGE } from "../../shop/backoffice/code-form";
import { EXPORT_LIMIT, exportOrders, findOrder, findOrdersByEmail, listOrders, type OrderStatus, type OrderSummary } from "../../shop/backoffice/orders";
import type { Page } from "../../shop/backoffice/shared";
import { csvResponse, toCsv } from "../csv";
import { frame, pageNumber, queryChoice, readQuery, type AdminContext, type AdminEnv } from "../http";
import { CodeInput, FieldError, Layout, Pager, Table, when, type Errors, type Frame } from "../views";
import { ORDER_STATUS_LABELS, ORDER_STATUS_NAMES, orderHref } from "./order";

/** The list's tabs, in the order an order goes through them. */
const TABS = ["placed", "packed", "shipped", "delivered", "cancelled", "intent"] as const satisfies readonly OrderStatus[];

/** What each tab holds, and what the owner does with it. */
const TAB_HELP: Record<OrderStatus, string> = {
  placed: "Paid, waiting to be packed. Open an order to mark it packed, or to cancel it.",
  packed: "Packed, waiting for a carrier. Open an order to ship it, or ship many at once from a CSV file.",
  shipped: "On their way. Open an order to mark it delivered when the carrier says so.",
  delivered: "Delivered: nothing more happens to them.",
  cancelled: "Cancelled by the owner (with a reason) or by the shopper: their stock went back on sale.",
  intent: "Checkouts that asked for a payment and were never paid: no orders.",
};

const CSV_COLUMNS = [
  "order",
  "time_utc",
  "status",
  "email",
  "first_name",
  "last_name",
  "address",
  "city",
  "state",
  "zip_code",
  "country",
  "items",
  "subtotal",
  "savings",
  "discount_code",
  "discount",
  "tax",
  "shipping",
  "total",
];

const NOT_A_NUMBER = "That is not an order number or an email address: numbers read like RD-7KQ3-9X2M.";
const NO_SUCH_ORDER = "There is no order with that number.";
const NO_NUMBER = "Please type the order's number (they read like RD-7KQ3-9X2M) or the shopper's email address.";
const NO_ORDER_BY_EMAIL = "There is no order with that email address. The search finds the whole address, in any case.";

/** What the search takes for an email address: something@somewhere, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

type RangeForm = { from: string; to: string; errors: Errors };
/** The search as typed; for an email address, the orders placed with it. */
type SearchForm = { number: string; error?: string | undefined; byEmail?: Page<OrderSummary> };

const statusOf = (c: AdminContext) => queryChoice(c, "status", TABS, "placed");

/** `?code=`: the discount code the list is narrowed to (upper case), null for all; or why what was typed is none. */
type CodeFilter = { code: string | null; typed: string; error?: string };
function codeFilterOf(c: AdminContext): CodeFilter {
  const typed = (c.req.query("code") ?? "").trim().slice(0, 40);
  if (typed === "") return { code: null, typed };
  return CODE_PATTERN.test(typed) ? { code: normalizeCode(typed), typed: normalizeCode(typed) } : { code: null, typed, error: CODE_MESSAGE };
}

/** The query that keeps the code filter on a link. */
const withCode = (filter: CodeFilter) => (filter.code ? `&code=${encodeURIComponent(filter.code)}` : "");

/** This month so far (UTC): the export's first suggestion. */
function thisMonth(): RangeForm {
  const today = new Date().toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today, errors: {} };
}

async function ordersPage(
  c: AdminContext,
  { range = thisMonth(), search = { number: "" } }: { range?: RangeForm; search?: SearchForm },
  status: 200 | 400 | 404 = 200,
) {
  const orderStatus = statusOf(c);
  const filter = codeFilterOf(c);
  const page = await listOrders(c.var.backOffice, orderStatus, pageNumber(c), filter.code);
  return c.html(<OrdersPage {...frame(c)} status={orderStatus} page={page} range={range} search={search} filter={filter} />, filter.error ? 400 : status);
}

export const orderPages = new Hono<AdminEnv>()
  .get("/orders", async (c) => {
    const typed = c.req.query("number");
    if (typed === undefined) return ordersPage(c, {});
    if (EMAIL_SHAPE.test(typed.trim())) {
      // An email address: every order placed with it, listed above the tabs.
      const byEmail = await findOrdersByEmail(c.var.backOffice, typed, pageNumber(c));
      if (byEmail.rows.length > 0 || byEmail.page > 1) return ordersPage(c, { search: { number: typed.trim().slice(0, 254), byEmail } });
      return ordersPage(c, { search: { number: typed.trim().slice(0, 254), error: NO_ORDER_BY_EMAIL } }, 404);
    }
    // The search: straight to the order its number names, else the list with why beside the field.
    const found = await findOrder(c.var.backOffice, typed);
    if (found) return c.redirect(orderHref(found.number), 303);
    const search = { number: typed.slice(0, 40), error: typed.trim() === "" ? NO_NUMBER : orderNumberOf(typed) ? NO_SUCH_ORDER : NOT_A_NUMBER };
    return ordersPage(c, { search }, search.error === NO_SUCH_ORDER ? 404 : 400);
  })
  .get("/orders.csv", async (c) => {
    const range = readQuery(c, DateRangeSchema);
    if (range.errors) return ordersPage(c, { range: { from: range.typed("from"), to: range.typed("to"), errors: range.errors } }, 400);
    const filter = codeFilterOf(c);
    if (filter.error) return ordersPage(c, {}, 400);
    const { orders, truncated } = await exportOrders(c.var.backOffice, range.value, statusOf(c), filter.code);
    if (truncated) {
      const errors = { to: `More than ${EXPORT_LIMIT} orders in this range: please export a shorter one.` };
      return ordersPage(c, { range: { ...range.value, errors } }, 400);
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
        order.discountCode,
        plainAmount(order.discount),
        plainAmount(order.tax),
        plainAmount(order.shipping),
        plainAmount(order.total),
      ];
    });
    return csvResponse(toCsv(CSV_COLUMNS, rows), `orders-${range.value.from}-to-${range.value.to}.csv`);
  });

function OrdersPage({
  nonce,
  notice,
  status,
  page,
  range,
  search,
  filter,
}: Frame & { status: OrderStatus; page: Page<OrderSummary>; range: RangeForm; search: SearchForm; filter: CodeFilter }) {
  return (
    <Layout title="Orders" nonce={nonce} notice={notice} section="/admin/orders">
      <form method="get" action="/admin/orders" role="search" class="panel" aria-label="Find an order">
        <label>
          Order number or email address
          <CodeInput name="number" value={search.number} error={search.error} placeholder="RD-7KQ3-9X2M or sam@example.com" maxlength={254} />
        </label>
        <FieldError id="number-error" message={search.error} />
        <button type="submit">Find the order</button>
      </form>

      {search.byEmail ? (
        <section aria-labelledby="by-email">
          <h2 id="by-email">Orders placed with {search.number}</h2>
          <OrderTable label={`Orders placed with ${search.number}`} orders={search.byEmail.rows} />
          <Pager page={search.byEmail} href={(n) => `/admin/orders?number=${encodeURIComponent(search.number)}&page=${n}`} />
        </section>
      ) : null}

      <h2 id="by-status">By status</h2>
      <ul class="tabs" aria-labelledby="by-status">
        {TABS.map((tab) => (
          <li>
            <a href={`/admin/orders?status=${tab}${withCode(filter)}`} aria-current={tab === status ? "page" : undefined}>
              {ORDER_STATUS_LABELS[tab]}
            </a>
          </li>
        ))}
      </ul>
      <p>
        {TAB_HELP[status]}
        {status === "packed" ? (
          <>
            {" "}
            <a href="/admin/shipping">Ship packed orders from a CSV file</a>
          </>
        ) : null}
      </p>
      <form method="get" action="/admin/orders" class="panel" aria-label="Orders with a discount code">
        <input type="hidden" name="status" value={status} />
        <label>
          Discount code
          <CodeInput name="code" value={filter.typed} error={filter.error} placeholder="SAVE10" maxlength={24} />
        </label>
        <FieldError id="code-error" message={filter.error} />
        <p class="muted">
          Only the orders that used this code, in each tab.{filter.code ? " " : ""}
          {filter.code ? <a href={`/admin/orders?status=${status}`}>Show every order</a> : null}
        </p>
        <button type="submit">Show orders with this code</button>
      </form>
      {page.rows.length === 0 ? (
        <p>
          No {ORDER_STATUS_LABELS[status].toLowerCase()}
          {filter.code ? ` with the code ${filter.code}` : ""} yet.
        </p>
      ) : (
        <OrderTable label={`${ORDER_STATUS_LABELS[status]}${filter.code ? ` with the code ${filter.code}` : ""}`} orders={page.rows} />
      )}
      <Pager page={page} href={(n) => `/admin/orders?status=${status}${withCode(filter)}&page=${n}`} />

      <h2>Export</h2>
      <form method="get" action="/admin/orders.csv" class="panel" novalidate>
        <input type="hidden" name="status" value={status} />
        {filter.code ? <input type="hidden" name="code" value={filter.code} /> : null}
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
        <p class="muted">Days are UTC, both included. The file is CSV, one order a line{filter.code ? `, only those with the code ${filter.code}` : ""}.</p>
        <button type="submit">Download CSV</button>
      </form>
    </Layout>
  );
}

/** Orders as the list shows them, each number a link to the whole order. */
function OrderTable({ label, orders }: { label: string; orders: OrderSummary[] }) {
  return (
    <Table label={label} columns={["Order", "Status", "Time", "Email", "Code", { label: "Items", numeric: true }, { label: "Total", numeric: true }]}>
      {orders.map((order) => (
        <tr>
          <td class="nowrap">
            <a href={orderHref(order.number)}>{order.number}</a>
          </td>
          <td>{ORDER_STATUS_NAMES[order.status]}</td>
          <td>{when(order.createdAt)}</td>
          <td>{order.email}</td>
          <td class="nowrap">{order.discountCode ?? <span class="muted">None</span>}</td>
          <td class="num">{order.items}</td>
          <td class="num">{formatPrice(order.total)}</td>
        </tr>
      ))}
    </Table>
  );
}
