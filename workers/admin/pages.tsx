/** @jsxImportSource hono/jsx */
/** The back office's pages, one component each: what the owner reads and the forms they post. */
import { formatPrice } from "../../app/shared/money";
import { APPLICATION_STATUSES, type ApplicationStatus, type OrderStatus } from "../db/schema";
import type {
  ApplicationDetail,
  ApplicationSummary,
  AuditEntry,
  CatalogProduct,
  EmailRecord,
  OrderDetail,
  OrderSummary,
  Page,
  Subscriber,
} from "../shop/backoffice";
import { PROGRAMMES, type Programme } from "../../app/shared/programmes";
import { FieldError, Layout, Pager, Table, when } from "./views";

type Errors = Record<string, string | undefined>;
type Frame = { nonce: string | undefined; notice?: string | undefined };

export const PROGRAMME_LABELS: Record<Programme, string> = { affiliate: "Affiliates", creator: "Creators", vendor: "Vendors" };
const STATUS_LABELS: Record<ApplicationStatus, string> = { new: "New", approved: "Approved", declined: "Declined" };
const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { placed: "Placed orders", intent: "Payment intents" };

// ---------------------------------------------------------------- signing in

export function SignInPage({ nonce, notice, error }: Frame & { error?: string | undefined }) {
  return (
    <Layout title="Sign in" nonce={nonce} notice={notice}>
      <form method="post" action="/admin/sign-in" class="panel">
        <label>
          Password
          <input
            type="password"
            name="password"
            autocomplete="current-password"
            required
            autofocus
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "password-error" : undefined}
          />
        </label>
        <FieldError id="password-error" message={error} />
        <button type="submit">Sign in</button>
      </form>
    </Layout>
  );
}

export function MessagePage({ nonce, title, message }: Frame & { title: string; message: string }) {
  return (
    <Layout title={title} nonce={nonce}>
      <p role="alert">{message}</p>
      <p>
        <a href="/admin">Back to the back office</a>
      </p>
    </Layout>
  );
}

// ---------------------------------------------------------------- overview

type Overview = {
  placedOrders: number;
  placedTotal: number;
  newApplications: Record<Programme, number>;
  subscribers: number;
  failedEmails: number;
};

export function OverviewPage({ nonce, notice, overview }: Frame & { overview: Overview }) {
  return (
    <Layout title="Overview" nonce={nonce} notice={notice} section="/admin">
      <ul class="cards">
        <li>
          <a href="/admin/orders">Placed orders</a>
          <b>{overview.placedOrders}</b>
          <span class="muted">{formatPrice(overview.placedTotal)} in all (demo orders)</span>
        </li>
        {PROGRAMMES.map((programme) => (
          <li>
            <a href={`/admin/applications/${programme}`}>New {PROGRAMME_LABELS[programme].toLowerCase()}</a>
            <b>{overview.newApplications[programme]}</b>
            <span class="muted">waiting for a decision</span>
          </li>
        ))}
        <li>
          <a href="/admin/newsletter">Newsletter</a>
          <b>{overview.subscribers}</b>
          <span class="muted">subscribers</span>
        </li>
        <li>
          <a href="/admin/emails">Failed emails</a>
          <b>{overview.failedEmails}</b>
          <span class="muted">the queue retries them</span>
        </li>
      </ul>
      <h2>What each page is for</h2>
      <dl>
        <dt>Orders</dt>
        <dd>Every order, newest first; an order's lines, totals and shipping address; a CSV export of a date range.</dd>
        <dt>Applications</dt>
        <dd>Affiliate, creator and vendor applications by status; approve or decline each with a note, which the applicant gets by email.</dd>
        <dt>Newsletter</dt>
        <dd>The subscribers, a CSV export, and removing an address.</dd>
        <dt>Catalog</dt>
        <dd>A product's price, description and featured flag. Shoppers are charged a new price at once; pages show it within seconds.</dd>
        <dt>Emails</dt>
        <dd>Every email the shop sent or failed to send, and when.</dd>
        <dt>Audit trail</dt>
        <dd>Every change made here: what, when, and from which address.</dd>
      </dl>
    </Layout>
  );
}

// ---------------------------------------------------------------- orders

type RangeForm = { from: string; to: string; errors: Errors };

export function OrdersPage({ nonce, status, page, range }: Frame & { status: OrderStatus; page: Page<OrderSummary>; range: RangeForm }) {
  return (
    <Layout title="Orders" nonce={nonce} section="/admin/orders">
      <ul class="tabs">
        {(["placed", "intent"] as const).map((tab) => (
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
        <Table
          label={ORDER_STATUS_LABELS[status]}
          columns={["Order", "Time", "Email", { label: "Items", numeric: true }, { label: "Total", numeric: true }]}
        >
          {page.rows.map((order) => (
            <tr>
              <td>
                <a href={`/admin/orders/${order.id}`}>{order.id}</a>
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

export function OrderPage({ nonce, order }: Frame & { order: OrderDetail }) {
  const address = order.shippingAddress;
  return (
    <Layout title={`Order ${order.id}`} nonce={nonce} section="/admin/orders">
      <dl>
        <dt>Status</dt>
        <dd>{order.status === "placed" ? "Placed" : "Payment intent (not placed)"}</dd>
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
      <Table
        label="Lines"
        columns={["Product", { label: "Price", numeric: true }, { label: "Quantity", numeric: true }, { label: "Line total", numeric: true }]}
      >
        {order.lines.map((line) => (
          <tr>
            <td>{line.name}</td>
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
    </Layout>
  );
}

// ---------------------------------------------------------------- applications

function ProgrammeTabs({ programme }: { programme: Programme }) {
  return (
    <ul class="tabs" aria-label="Programmes">
      {PROGRAMMES.map((tab) => (
        <li>
          <a href={`/admin/applications/${tab}`} aria-current={tab === programme ? "page" : undefined}>
            {PROGRAMME_LABELS[tab]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ApplicationsPage({
  nonce,
  programme,
  status,
  counts,
  page,
}: Frame & { programme: Programme; status: ApplicationStatus; counts: Record<ApplicationStatus, number>; page: Page<ApplicationSummary> }) {
  return (
    <Layout title={`${PROGRAMME_LABELS[programme]}: applications`} nonce={nonce} section="/admin/applications/affiliate">
      <ProgrammeTabs programme={programme} />
      <ul class="tabs" aria-label="Status">
        {APPLICATION_STATUSES.map((tab) => (
          <li>
            <a href={`/admin/applications/${programme}?status=${tab}`} aria-current={tab === status ? "page" : undefined}>
              {STATUS_LABELS[tab]} ({counts[tab]})
            </a>
          </li>
        ))}
      </ul>
      {page.rows.length === 0 ? (
        <p>No {STATUS_LABELS[status].toLowerCase()} applications.</p>
      ) : (
        <Table
          label={`${STATUS_LABELS[status]} applications`}
          columns={["Applicant", "Email", "Received"]}
        >
          {page.rows.map((application) => (
            <tr>
              <td>
                <a href={`/admin/applications/${programme}/${application.id}`}>{application.name}</a>
              </td>
              <td>{application.email}</td>
              <td>{when(application.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/applications/${programme}?status=${status}&page=${n}`} />
    </Layout>
  );
}

type ReviewForm = { decision: string; note: string; publish: boolean; errors: Errors };

export function ApplicationPage({ nonce, notice, application, review }: Frame & { application: ApplicationDetail; review: ReviewForm }) {
  const base = `/admin/applications/${application.programme}/${application.id}`;
  return (
    <Layout title={`${PROGRAMME_LABELS[application.programme]}: ${application.name}`} nonce={nonce} notice={notice} section="/admin/applications/affiliate">
      <p>
        <a href={`/admin/applications/${application.programme}?status=${application.status}`}>Back to the list</a>
      </p>
      <dl>
        <dt>Status</dt>
        <dd>
          <strong>{STATUS_LABELS[application.status]}</strong>
          {application.reviewedAt ? ` on ${when(application.reviewedAt)}` : ""}
        </dd>
        {application.reviewNote ? (
          <>
            <dt>Note sent</dt>
            <dd class="pre">{application.reviewNote}</dd>
          </>
        ) : null}
        <dt>Received</dt>
        <dd>{when(application.createdAt)}</dd>
        {application.fields.map(([label, value]) => (
          <>
            <dt>{label}</dt>
            <dd class="pre">{value}</dd>
          </>
        ))}
      </dl>

      {review.errors.form ? (
        <p class="error" role="alert">
          {review.errors.form}
        </p>
      ) : null}
      {application.status === "new" ? (
        <>
          <h2>Decision</h2>
          <form method="post" action={`${base}/review`} class="panel">
            <fieldset aria-describedby="decision-error">
              <legend>Decision</legend>
              <label class="check">
                <input type="radio" name="decision" value="approved" checked={review.decision === "approved"} required />
                Approve
              </label>
              <label class="check">
                <input type="radio" name="decision" value="declined" checked={review.decision === "declined"} />
                Decline
              </label>
            </fieldset>
            <FieldError id="decision-error" message={review.errors.decision} />
            <label>
              Note for the applicant (optional, sent in the email)
              <textarea name="note" maxlength={1000} aria-describedby="note-error">
                {review.note}
              </textarea>
            </label>
            <FieldError id="note-error" message={review.errors.note} />
            {application.programme === "creator" ? (
              <label class="check">
                <input type="checkbox" name="publish" checked={review.publish} />
                When approving, show them among the featured creators on /creators (name, bio, social links, portfolio)
              </label>
            ) : null}
            <button type="submit">Save the decision</button>
          </form>
        </>
      ) : null}

      {application.programme === "creator" && application.status === "approved" ? (
        <>
          <h2>On /creators</h2>
          <p>{application.published ? "Shown among the featured creators." : "Not shown on /creators."}</p>
          <form method="post" action={`${base}/publish`}>
            <input type="hidden" name="published" value={application.published ? "false" : "true"} />
            <button type="submit" class={application.published ? "quiet" : undefined}>
              {application.published ? "Hide from /creators" : "Show on /creators"}
            </button>
          </form>
        </>
      ) : null}
    </Layout>
  );
}

// ---------------------------------------------------------------- newsletter

export function NewsletterPage({ nonce, notice, count, page }: Frame & { count: number; page: Page<Subscriber> }) {
  return (
    <Layout title="Newsletter" nonce={nonce} notice={notice} section="/admin/newsletter">
      <p>
        <strong>{count}</strong> {count === 1 ? "subscriber" : "subscribers"}. <a href="/admin/newsletter.csv">Download them as CSV</a>
      </p>
      {page.rows.length === 0 ? null : (
        <Table
          label="Subscribers"
          columns={["Email", "Signed up", { label: "Remove", muted: true }]}
        >
          {page.rows.map((subscriber) => (
            <tr>
              <td>{subscriber.email}</td>
              <td>{when(subscriber.createdAt)}</td>
              <td>
                <form method="post" action={`/admin/newsletter/${subscriber.id}/remove`} class="inline">
                  <button type="submit" class="quiet" aria-label={`Remove ${subscriber.email}`}>
                    Remove
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/newsletter?page=${n}`} />
    </Layout>
  );
}

// ---------------------------------------------------------------- catalog

export function CatalogPage({ nonce, notice, products }: Frame & { products: CatalogProduct[] }) {
  return (
    <Layout title="Catalog" nonce={nonce} notice={notice} section="/admin/products">
      <Table
        label="Products"
        columns={["Product", "Category", { label: "Price", numeric: true }, "Featured"]}
      >
        {products.map((product) => (
          <tr>
            <td>
              <a href={`/admin/products/${product.id}`}>{product.name}</a>
            </td>
            <td>{product.category}</td>
            <td class="num">{formatPrice(product.price)}</td>
            <td>{product.featured ? "Yes" : "No"}</td>
          </tr>
        ))}
      </Table>
    </Layout>
  );
}

type ProductForm = { price: string; description: string; featured: boolean; errors: Errors };

/** Cents as the price field shows them: `12.99`. */

export function ProductPage({ nonce, notice, product, form }: Frame & { product: CatalogProduct; form: ProductForm }) {
  return (
    <Layout title={product.name} nonce={nonce} notice={notice} section="/admin/products">
      <p>
        <a href="/admin/products">Back to the catalog</a> · <a href={`/products/${product.slug}`}>See it in the shop</a>
      </p>
      <form method="post" action={`/admin/products/${product.id}`} class="panel">
        <label>
          Price in dollars
          <input
            name="price"
            inputmode="decimal"
            value={form.price}
            required
            aria-invalid={form.errors.price ? "true" : undefined}
            aria-describedby="price-error"
          />
        </label>
        <FieldError id="price-error" message={form.errors.price} />
        <label>
          Description
          <textarea name="description" required maxlength={2000} aria-invalid={form.errors.description ? "true" : undefined} aria-describedby="description-error">
            {form.description}
          </textarea>
        </label>
        <FieldError id="description-error" message={form.errors.description} />
        <label class="check">
          <input type="checkbox" name="featured" checked={form.featured} />
          Featured (on the home page and as "you might also like")
        </label>
        <p class="muted">Checkout charges a new price at once; the shop's pages show it within a few seconds.</p>
        <button type="submit">Save</button>
      </form>
    </Layout>
  );
}

// ---------------------------------------------------------------- what happened

export function EmailsPage({ nonce, page }: Frame & { page: Page<EmailRecord> }) {
  return (
    <Layout title="Emails" nonce={nonce} section="/admin/emails">
      <p class="muted">What the shop sent or failed to send through Cloudflare Email Service. A failed email is retried by the queue.</p>
      {page.rows.length === 0 ? (
        <p>No emails yet.</p>
      ) : (
        <Table
          label="Emails"
          columns={["Last attempt", "Status", "To", "Subject", { label: "Attempts", numeric: true }, "Error"]}
        >
          {page.rows.map((email) => (
            <tr>
              <td>{when(email.updatedAt)}</td>
              <td>{email.status === "sent" ? "Sent" : "Failed"}</td>
              <td>{email.recipient}</td>
              <td>{email.subject}</td>
              <td class="num">{email.attempts}</td>
              <td class="muted">{email.error ?? ""}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/emails?page=${n}`} />
    </Layout>
  );
}

export function AuditPage({ nonce, page }: Frame & { page: Page<AuditEntry> }) {
  return (
    <Layout title="Audit trail" nonce={nonce} section="/admin/audit">
      <p class="muted">Every change made in the back office, newest first.</p>
      {page.rows.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <Table
          label="Audit trail"
          columns={["Time", "What", "Of", "Change", "From"]}
        >
          {page.rows.map((entry) => (
            <tr>
              <td>{when(entry.createdAt)}</td>
              <td>{entry.action}</td>
              <td>{entry.subject}</td>
              <td class="pre">{entry.detail}</td>
              <td>{entry.address}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/audit?page=${n}`} />
    </Layout>
  );
}
