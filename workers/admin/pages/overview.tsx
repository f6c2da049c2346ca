/** @jsxImportSource hono/jsx */
/** The Overview: what waits for the owner, what each page is for, and how the shop's emails fare. */
import { Hono } from "hono";
import { formatPrice } from "../../../app/shared/money";
import { AFFILIATE_REVIEW_HOURS, PROGRAMMES } from "../../../app/shared/programmes";
import { LOW_STOCK_THRESHOLD } from "../../../app/shared/variants";
import { overview, type Overview } from "../../shop/backoffice/overview";
import { WHEN_A_WEBHOOK_KEEPS_FAILING } from "../../shop/agents/webhooks";
import { WHEN_AN_EMAIL_KEEPS_FAILING } from "../../shop/emails/outbox";
import { frame, type AdminEnv } from "../http";
import { emailStatusLabel, Layout, Table, when, type Frame } from "../views";
import { PROGRAMME_LABELS } from "./applications";
import { VariantCells } from "./stock";

export const overviewPages = new Hono<AdminEnv>().get("/", async (c) => c.html(<OverviewPage {...frame(c)} overview={await overview(c.var.backOffice)} />));

function OverviewPage({ nonce, notice, overview }: Frame & { overview: Overview }) {
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
          <a href="/admin/payouts">Payouts due</a>
          <b>{overview.payoutsDue.count}</b>
          <span class="muted">{formatPrice(overview.payoutsDue.total)} to partners, drafted on the 15th</span>
        </li>
        <li>
          <a href="/admin/newsletter">Newsletter</a>
          <b>{overview.subscribers.confirmed}</b>
          <span class="muted">
            confirmed {overview.subscribers.confirmed === 1 ? "subscriber" : "subscribers"}, {overview.subscribers.all} signed up
          </span>
        </li>
      </ul>
      <OverdueApplications overdue={overview.overdue} />
      <h2>Low stock</h2>
      {overview.lowStock.length === 0 ? (
        <p>Every counted variant has more than {LOW_STOCK_THRESHOLD} left.</p>
      ) : (
        <>
          <p>Variants with {LOW_STOCK_THRESHOLD} or fewer left, sold out first. Each links to where its stock is set.</p>
          <Table label="Low stock" columns={["SKU", "Variant", { label: "Left", numeric: true }]}>
            {overview.lowStock.map((row) => (
              <tr>
                <VariantCells row={row} />
                <td class="num">{row.stock === 0 ? <strong>Sold out</strong> : row.stock}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
      <p>
        <a href="/admin/stock">Every variant's stock, the CSV download and import</a>
      </p>
      <h2>Emails</h2>
      <p>{WHEN_AN_EMAIL_KEEPS_FAILING}</p>
      {overview.emails.length === 0 ? (
        <p>No emails yet.</p>
      ) : (
        <Table label="Emails by status" columns={["Status", { label: "Emails", numeric: true }]}>
          {overview.emails.map(({ status, count }) => (
            <tr>
              <td>{emailStatusLabel(status)}</td>
              <td class="num">{count}</td>
            </tr>
          ))}
        </Table>
      )}
      <p>
        <a href="/admin/emails">Every email, newest first</a>
      </p>
      {overview.deadWebhooks > 0 && (
        <>
          <h2>Order events to agents</h2>
          <p>
            <strong>
              {overview.deadWebhooks} order {overview.deadWebhooks === 1 ? "event was" : "events were"} given up on.
            </strong>{" "}
            {WHEN_A_WEBHOOK_KEEPS_FAILING}
          </p>
        </>
      )}
      <h2>What each page is for</h2>
      <dl>
        <dt>Orders</dt>
        <dd>
          Every order by status, newest first, and found by its number; an order's lines, totals, address and timeline; marking it packed, shipped (carrier and
          tracking number), delivered or cancelled (with a reason), each emailed to the shopper; shipping many packed orders from a CSV file; a CSV export of a
          date range.
        </dd>
        <dt>Applications</dt>
        <dd>
          Affiliate, creator and vendor applications by status; approve or decline each with a note, which the applicant gets by email. Approving an affiliate
          or creator makes them a partner with a link and a code.
        </dd>
        <dt>Partners</dt>
        <dd>
          Every approved affiliate and creator with their net sales, commission, tier and waiting payout; pausing or resuming one (their link and code with
          them); a partner's orders and ledger; the payouts due on the 15th, their CSV for the payment run, and marking each paid, which emails the partner.
        </dd>
        <dt>Newsletter</dt>
        <dd>
          The addresses signed up and whether each has confirmed it (the shop sends nothing else to an address until it has), a CSV export, and removing an
          address.
        </dd>
        <dt>Catalog</dt>
        <dd>A product's price, description and featured flag. Shoppers are charged a new price at once; pages show it within seconds.</dd>
        <dt>Stock</dt>
        <dd>Every variant's stock by SKU, set one at a time or from a CSV file (each line reported); a CSV download to start from.</dd>
        <dt>Emails</dt>
        <dd>Every email the shop sent or failed to send, and when.</dd>
        <dt>Audit trail</dt>
        <dd>Every change made here, every sign-in (failed and refused ones too) and every export: what, when, and from which address.</dd>
      </dl>
    </Layout>
  );
}

/** "2 days 5 hours", "50 hours" reads worse: days and hours, as the owner says it. */
export const waitedText = (hours: number) => {
  const [days, rest] = [Math.floor(hours / 24), hours % 24];
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return days === 0 ? part(rest, "hour") : rest === 0 ? part(days, "day") : `${part(days, "day")} ${part(rest, "hour")}`;
};

/** The applications waiting longer than the pages promise, each with how long: answer these first. */
function OverdueApplications({ overdue }: { overdue: Overview["overdue"] }) {
  if (overdue.length === 0) return null;
  return (
    <>
      <h2>Waiting longer than {AFFILIATE_REVIEW_HOURS} hours</h2>
      <p class="notice" role="note">
        The affiliate and creator pages promise an answer within {AFFILIATE_REVIEW_HOURS} hours.{" "}
        {overdue.length === 1 ? "This application has" : `These ${overdue.length} applications have`} waited longer.
      </p>
      <Table
        label={`Applications waiting longer than ${AFFILIATE_REVIEW_HOURS} hours`}
        columns={["Applicant", { label: "Waiting", numeric: true }, "Programme", "Received"]}
      >
        {overdue.map((application) => (
          <tr>
            <td>
              <a href={`/admin/applications/${application.programme}/${application.id}`}>{application.name}</a>
            </td>
            <td class="num">
              <strong>{waitedText(application.hours)}</strong>
            </td>
            <td>{PROGRAMME_LABELS[application.programme]}</td>
            <td class="nowrap">{when(application.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
