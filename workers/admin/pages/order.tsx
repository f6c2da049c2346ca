/** @jsxImportSource hono/jsx */
/**
 * One order whole, by its number: what it holds, its timeline, and the owner's next moves as
 * plain forms (packed; shipped with a carrier and a tracking number; delivered; cancelled with
 * a reason), each the lifecycle's one move (workers/shop/orders/lifecycle.ts `moveOrder`). A
 * move that does not fit the order's status any more (another owner was quicker) is answered
 * with the order as it is now and the refusal in words above its forms (409); a bad carrier,
 * tracking number or reason beside its field (400), with what was typed. The order's link
 * token is never read here: it stays out of the back office's HTML.
 */
import { Hono } from "hono";
import { CARRIER_CODES, CARRIERS, carrierOf } from "../../../app/shared/carriers";
import { isShopError, STATUS_OF_KIND } from "../../../app/shared/errors";
import { discountLabel, formatPrice } from "../../../app/shared/money";
import { orderNumberOf, STATUS_WORDS } from "../../../app/shared/orders";
import { CANCEL_REASON_MAX, CancelOrderSchema, ShipOrderSchema } from "../../../app/shared/schemas";
import { lineTitle } from "../../../app/shared/variants";
import { getOrder, type OrderDetail, type OrderEvent, type OrderStatus } from "../../shop/backoffice/orders";
import { moveOrder, type Move, type OwnerMove } from "../../shop/orders/lifecycle";
import { frame, readForm, type AdminContext, type AdminEnv } from "../http";
import { CodeInput, FieldError, FormError, Layout, Table, when, type Errors, type Frame } from "../views";

/** A status as the order's page names it. */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = { ...STATUS_WORDS, intent: "Payment intent (not placed)" };

/** The orders of a status, as the list's tabs name them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed orders",
  packed: "Packed orders",
  shipped: "Shipped orders",
  delivered: "Delivered orders",
  cancelled: "Cancelled orders",
  intent: "Payment intents",
};

/** The address of an order's page in the back office. */
export const orderHref = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;

/** What the move forms show again after a refusal: the fields as typed, and what was wrong. */
type MoveForms = { carrier: string; trackingNumber: string; reason: string; errors: Errors };
const BLANK_FORMS: MoveForms = { carrier: "", trackingNumber: "", reason: "", errors: {} };

/** The order's page, as it is now, with the move forms as given. */
async function orderPage(c: AdminContext, forms: MoveForms = BLANK_FORMS, status: 200 | 400 | 409 = 200) {
  const order = await getOrder(c.var.backOffice, c.req.param("id") ?? "");
  const { nonce, notice } = frame(c);
  return c.html(<OrderPage nonce={nonce} notice={status === 200 ? notice : undefined} order={order} forms={forms} />, status);
}

/**
 * Makes `move` of the order the path names; then back to its page with what happened (303).
 * Refused: the page again, the refusal (409) above the forms or the bad field's message
 * (400) beside it. An unknown number is the back office's 404 page.
 */
async function makeMove(c: AdminContext, move: OwnerMove, typed: Omit<MoveForms, "errors">) {
  const number = c.req.param("id") ?? "";
  try {
    await moveOrder(c.var.backOffice, number, move, new URL(c.req.url).origin);
  } catch (error) {
    if (!isShopError(error) || error.kind === "not_found") throw error;
    const errors: Errors = Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
    if (error.issues.length === 0) errors.moves = error.message;
    return orderPage(c, { ...typed, errors }, STATUS_OF_KIND[error.kind] as 400 | 409);
  }
  // moveOrder found the order, so the number as typed is one.
  return c.redirect(`${orderHref(orderNumberOf(number) ?? number)}?done=${move.to}`, 303);
}

const noFields = { carrier: "", trackingNumber: "", reason: "" };

export const orderDetailPages = new Hono<AdminEnv>()
  .get("/orders/:id", (c) => orderPage(c))
  .post("/orders/:id/pack", (c) => makeMove(c, { to: "packed" }, noFields))
  .post("/orders/:id/ship", async (c) => {
    const form = await readForm(c, ShipOrderSchema);
    if (form.errors)
      return orderPage(c, { ...noFields, carrier: form.typed("carrier"), trackingNumber: form.typed("trackingNumber"), errors: form.errors }, 400);
    return makeMove(c, { to: "shipped", ...form.value }, { ...noFields, ...form.value });
  })
  .post("/orders/:id/deliver", (c) => makeMove(c, { to: "delivered" }, noFields))
  .post("/orders/:id/cancel", async (c) => {
    const form = await readForm(c, CancelOrderSchema);
    if (form.errors) return orderPage(c, { ...noFields, reason: form.typed("reason"), errors: form.errors }, 400);
    return makeMove(c, { to: "cancelled", reason: form.value.reason }, { ...noFields, reason: form.value.reason });
  });

function OrderPage({ nonce, notice, order, forms }: Frame & { order: OrderDetail; forms: MoveForms }) {
  const address = order.shippingAddress;
  return (
    <Layout title={`Order ${order.number}`} nonce={nonce} notice={notice} section="/admin/orders">
      <p>
        <a href={`/admin/orders?status=${order.status}`}>Back to {ORDER_STATUS_LABELS[order.status].toLowerCase()}</a>
      </p>
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
            : order.status === "intent"
              ? "No address (a payment intent)"
              : "Nothing to ship: downloads only"}
        </dd>
      </dl>

      <h2 id="timeline">Timeline</h2>
      {order.events.length === 0 ? (
        <p>Nothing yet: a payment intent becomes an order when it is paid.</p>
      ) : (
        <ol class="timeline" aria-labelledby="timeline">
          {order.events.map((event) => (
            <TimelineStep event={event} />
          ))}
        </ol>
      )}

      <h2 id="moves">Next</h2>
      <FormError message={forms.errors.moves ?? forms.errors.form} />
      {order.moves.length === 0 ? <p>{NO_MOVES[order.status] ?? ""}</p> : <MoveForms number={order.number} moves={order.moves} forms={forms} />}

      <h2>Lines</h2>
      <Table
        label="Lines"
        columns={[
          "Product",
          "SKU",
          { label: "Price", numeric: true },
          { label: "Quantity", numeric: true },
          { label: "Line total", numeric: true },
          ...(order.discountCode ? [{ label: "Discount share", numeric: true }] : []),
        ]}
      >
        {order.lines.map((line) => (
          <tr>
            <td>{lineTitle(line.name, line.variantLabel)}</td>
            <td>{line.sku}</td>
            <td class="num">{formatPrice(line.unitPrice)}</td>
            <td class="num">{line.quantity}</td>
            <td class="num">{formatPrice(line.lineTotal)}</td>
            {order.discountCode ? <td class="num">{line.discount > 0 ? `−${formatPrice(line.discount)}` : formatPrice(0)}</td> : null}
          </tr>
        ))}
      </Table>
      <h2>Totals</h2>
      <dl>
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>Bundle savings</dt>
        <dd>{order.savings > 0 ? `-${formatPrice(order.savings)}` : formatPrice(0)}</dd>
        {order.discountCode ? (
          <>
            <dt>{discountLabel(order.discountCode)}</dt>
            <dd>−{formatPrice(order.discount)}</dd>
          </>
        ) : null}
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
    </Layout>
  );
}

/** Why an order offers no move. */
const NO_MOVES: Partial<Record<OrderStatus, string>> = {
  intent: "A payment intent is no order: nothing can be done with it until it is paid.",
  delivered: "Delivered: nothing more happens to this order.",
  cancelled: "Cancelled: nothing more happens to this order.",
};

const BY: Record<OrderEvent["actor"], string> = { owner: "by the owner", shopper: "by the shopper", shop: "at checkout" };

function TimelineStep({ event }: { event: OrderEvent }) {
  return (
    <li>
      <strong>{ORDER_STATUS_NAMES[event.status]}</strong> <span class="muted">{`${when(event.at)}, ${BY[event.actor]}`}</span>
      {event.tracking ? (
        <p>
          {`${event.tracking.carrier} ${event.tracking.number} `}
          <a href={event.tracking.url} rel="noreferrer">
            Track the parcel
          </a>
        </p>
      ) : null}
      {event.status === "cancelled" ? <p>{event.reason ? `Reason: ${event.reason}` : "The shopper cancelled it from the order's page."}</p> : null}
    </li>
  );
}

/** A move that needs nothing but the owner's say-so: one button. */
const PlainMove = ({ action, when, button }: { action: string; when: string; button: string }) => (
  <form method="post" action={action} class="panel">
    <p>{`${when} The shopper is emailed.`}</p>
    <button type="submit">{button}</button>
  </form>
);

/** The moves the order's status allows, one form each, in the order they come. */
function MoveForms({ number, moves, forms }: { number: string; moves: Move[]; forms: MoveForms }) {
  const action = (verb: string) => `${orderHref(number)}/${verb}`;
  const { errors } = forms;
  const chosen = carrierOf(forms.carrier);
  return (
    <div class="moves">
      {moves.includes("packed") ? <PlainMove action={action("pack")} when="When the parcel is packed and ready for a carrier." button="Mark packed" /> : null}
      {moves.includes("shipped") ? (
        <form method="post" action={action("ship")} class="panel">
          <label>
            Carrier
            <select name="carrier" aria-invalid={errors.carrier ? "true" : undefined} aria-describedby="carrier-error">
              <option value="">Choose a carrier</option>
              {CARRIER_CODES.map((code) => (
                <option value={code} selected={code === chosen}>
                  {CARRIERS[code].name}
                </option>
              ))}
            </select>
          </label>
          <FieldError id="carrier-error" message={errors.carrier} />
          <label>
            Tracking number
            <CodeInput name="trackingNumber" value={forms.trackingNumber} error={errors.trackingNumber} describedBy="trackingNumber-error tracking-help" />
          </label>
          <FieldError id="trackingNumber-error" message={errors.trackingNumber} />
          <ul class="muted formats" id="tracking-help">
            {CARRIER_CODES.map((code) => (
              <li>{`${CARRIERS[code].name}: ${CARRIERS[code].format}.`}</li>
            ))}
          </ul>
          <p class="muted">The shopper is emailed the carrier, the number and the tracking link.</p>
          <button type="submit">Mark shipped</button>
        </form>
      ) : null}
      {moves.includes("delivered") ? (
        <PlainMove action={action("deliver")} when="When the carrier says the parcel was delivered." button="Mark delivered" />
      ) : null}
      {moves.includes("cancelled") ? (
        <form method="post" action={action("cancel")} class="panel">
          <label>
            Reason for cancelling
            <input
              name="reason"
              value={forms.reason}
              maxlength={CANCEL_REASON_MAX}
              autocomplete="off"
              aria-invalid={errors.reason ? "true" : undefined}
              aria-describedby="reason-error reason-help"
            />
          </label>
          <FieldError id="reason-error" message={errors.reason} />
          <p class="muted" id="reason-help">
            One line, at most {CANCEL_REASON_MAX} characters: the shopper reads it as you write it, in their email and on the order's page. Cancelling puts the
            order's stock back on sale and stops its download links. It cannot be undone.
          </p>
          {/* Quiet beside the moves forward: the one move that cannot be undone is never the obvious button. */}
          <button type="submit" class="quiet">
            Cancel order
          </button>
        </form>
      ) : null}
    </div>
  );
}
