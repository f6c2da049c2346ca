/** @jsxImportSource hono/jsx */
/**
 * The partners: every approved affiliate and creator with their figures; one partner whole
 * (details, link, code, attributed orders, ledger); pausing and resuming them. The payouts due
 * on the 15th and their payment run: ./payouts.tsx.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { invalidInput } from "../../../app/shared/errors";
import { formatPrice } from "../../../app/shared/money";
import { COMMISSION_BRACKETS } from "../../../app/shared/partners";
import type { LedgerStatus, PartnerStatus } from "../../shop/partners/owner";
import { PAYOUT_METHOD_NAMES, referralPath } from "../../shop/partners/display";
import { countPartners, getPartner, listPartners, setPartnerStatus, type PartnerDetail, type PartnerSummary } from "../../shop/partners/owner";
import { listPayouts, type PayoutRow } from "../../shop/partners/payouts";
import type { Page } from "../../shop/backoffice/shared";
import { frame, idParam, notFoundPage, pageNumber, readForm, type AdminEnv } from "../http";
import { Layout, Pager, Table, when, type Frame } from "../views";
import { PROGRAMME_LABELS } from "./applications";
import { ORDER_STATUS_NAMES, orderHref } from "./order";

export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = { active: "Active", paused: "Paused" };
export const ENTRY_STATUS_LABELS: Record<LedgerStatus, string> = {
  pending: "Pending (until delivered)",
  payable: "Payable",
  paid: "Paid",
  void: "Void (cancelled)",
};

/** The pause/resume button's form: which way it goes. */
const StatusSchema = v.object({ status: v.picklist(["active", "paused"], "Please choose to pause or to resume the partner.") });

export const partnerPages = new Hono<AdminEnv>()
  .get("/partners", async (c) => {
    const [counts, page] = await Promise.all([countPartners(c.var.backOffice), listPartners(c.var.backOffice, pageNumber(c))]);
    return c.html(<PartnersPage {...frame(c)} counts={counts} page={page} origin={new URL(c.req.url).origin} />);
  })
  .get("/partners/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const partner = await getPartner(c.var.backOffice, id, pageNumber(c));
    const payouts = await listPayouts(c.var.backOffice, { partnerId: id });
    return c.html(<PartnerPage {...frame(c)} partner={partner} payouts={[...payouts.due, ...payouts.paid]} origin={new URL(c.req.url).origin} />);
  })
  .post("/partners/:id/status", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const form = await readForm(c, StatusSchema);
    if (form.errors) throw invalidInput(form.errors.status ?? form.errors.form ?? "");
    const changed = await setPartnerStatus(c.var.backOffice, id, form.value.status);
    return c.redirect(`/admin/partners/${id}?done=${changed ? (form.value.status === "paused" ? "paused" : "resumed") : "unchanged"}`, 303);
  });

/** The partner's name, linked to their page. */
const partnerLink = (partner: { id: number; name: string }) => <a href={`/admin/partners/${partner.id}`}>{partner.name}</a>;

function PartnersPage({ nonce, notice, counts, page, origin }: Frame & { counts: Record<PartnerStatus, number>; page: Page<PartnerSummary>; origin: string }) {
  return (
    <Layout title="Partners" nonce={nonce} notice={notice} section="/admin/partners">
      <p>
        {counts.active} active, {counts.paused} paused. Approving an affiliate or creator application makes them a partner.{" "}
        <a href="/admin/payouts">Payouts due</a>
      </p>
      <p class="muted">
        Net sales: the items of their orders that stand, after bundle savings and codes, before tax and shipping. Commission: what those orders earned, pending
        and paid included. Tier: {COMMISSION_BRACKETS.map((b) => `${b.percent}%`).join(", then ")} as their net sales pass $1,000 and $5,000.
      </p>
      {page.rows.length === 0 ? (
        <p>No partners yet.</p>
      ) : (
        <Table
          label="Partners"
          columns={[
            "Partner",
            "Status",
            { label: "Net sales", numeric: true },
            { label: "Commission", numeric: true },
            { label: "Tier", numeric: true },
            { label: "Waiting payout", numeric: true },
            "Link and code",
          ]}
        >
          {/* The figures first, the long link last: on a phone the table scrolls sideways from the left. */}
          {page.rows.map((partner) => (
            <tr>
              <td>
                {partnerLink(partner)}
                <br />
                <span class="muted">{PROGRAMME_LABELS[partner.programme].replace(/s$/, "")}</span>
              </td>
              <td>{partner.status === "paused" ? <strong>Paused</strong> : "Active"}</td>
              <td class="num">{formatPrice(partner.netSales)}</td>
              <td class="num">{formatPrice(partner.earned)}</td>
              <td class="num">{partner.tier}%</td>
              <td class="num">{partner.waiting > 0 ? formatPrice(partner.waiting) : "none"}</td>
              <td class="nowrap">
                {`${origin}${referralPath(partner.handle)}`}
                <br />
                <code>{partner.code ?? "no code"}</code>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/partners?page=${n}`} />
    </Layout>
  );
}

function PartnerPage({ nonce, notice, partner, payouts, origin }: Frame & { partner: PartnerDetail; payouts: PayoutRow[]; origin: string }) {
  const link = `${origin}${referralPath(partner.handle)}`;
  const paused = partner.status === "paused";
  return (
    <Layout title={`Partner: ${partner.name}`} nonce={nonce} notice={notice} section="/admin/partners">
      <p>
        <a href="/admin/partners">Back to the partners</a>
      </p>
      <dl>
        <dt>Status</dt>
        <dd>
          <strong>{PARTNER_STATUS_LABELS[partner.status]}</strong>
          {paused ? ": their link and code attribute nothing, and their code takes nothing off." : ""}
        </dd>
        <dt>Programme</dt>
        <dd>
          {PROGRAMME_LABELS[partner.programme].replace(/s$/, "")} since {when(partner.createdAt)} (
          <a href={`/admin/applications/${partner.programme}/${partner.applicationId}`}>their application</a>)
        </dd>
        <dt>Email</dt>
        <dd>{partner.email}</dd>
        <dt>Link</dt>
        <dd class="pre">{link}</dd>
        <dt>Code</dt>
        <dd>
          {partner.code ? (
            <>
              <code>{partner.code.code}</code>: {partner.code.percent}% off, {partner.code.status === "paused" ? "paused" : "active"}, used {partner.code.uses}{" "}
              {partner.code.uses === 1 ? "time" : "times"}
            </>
          ) : (
            "none"
          )}
        </dd>
        <dt>Clicks on the link</dt>
        <dd>{partner.clicks}</dd>
        <dt>Paid by</dt>
        <dd>
          {partner.payoutMethod ? PAYOUT_METHOD_NAMES[partner.payoutMethod] : "not given yet"}
          {partner.payoutAccount ? `, account ${partner.payoutAccount}` : ""}
        </dd>
        <dt>Net sales</dt>
        <dd>{formatPrice(partner.netSales)}</dd>
        <dt>Tier</dt>
        <dd>
          {partner.tier.percent}%
          {partner.tier.leftToNext !== null
            ? `; ${formatPrice(partner.tier.leftToNext)} more in sales to reach ${partner.tier.nextPercent}%`
            : " (the top tier)"}
        </dd>
      </dl>
      <form method="post" action={`/admin/partners/${partner.id}/status`}>
        <input type="hidden" name="status" value={paused ? "active" : "paused"} />
        <p>
          <button type="submit" class={paused ? undefined : "quiet"}>
            {paused ? "Resume this partner" : "Pause this partner"}
          </button>{" "}
          <span class="muted">
            {paused ? "Their link and code count again." : "Their link and code stop counting, and their code stops taking anything off."}
          </span>
        </p>
      </form>

      <h2>Ledger</h2>
      <ul class="cards">
        <li>
          <span>Pending</span>
          <b>{formatPrice(partner.balances.pending)}</b>
          <span class="muted">until their orders are delivered</span>
        </li>
        <li>
          <span>Payable</span>
          <b>{formatPrice(partner.balances.payable)}</b>
          <span class="muted">paid on the 15th from $50, drafted or waiting</span>
        </li>
        <li>
          <span>Paid</span>
          <b>{formatPrice(partner.balances.paid)}</b>
          <span class="muted">in payouts marked paid</span>
        </li>
      </ul>

      <h2>Orders attributed</h2>
      {partner.orders.rows.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <Table
          label="Orders attributed"
          columns={[
            "Order",
            { label: "Net sales", numeric: true },
            { label: "Commission", numeric: true },
            "Commission status",
            "Order status",
            "Placed",
            "By",
          ]}
        >
          {/* The figures first: on a phone the table scrolls sideways from the left. */}
          {partner.orders.rows.map((order) => (
            <tr>
              <td class="nowrap">
                <a href={orderHref(order.number)}>{order.number}</a>
              </td>
              <td class="num">{formatPrice(order.netSales)}</td>
              <td class="num">
                {order.commission !== null ? formatPrice(order.commission) : order.status === "cancelled" ? formatPrice(0) : "not settled yet"}
              </td>
              <td>
                {ENTRY_STATUS_LABELS[order.entryStatus ?? (order.status === "cancelled" ? "void" : "pending")]}
                {order.payoutRunDate ? ` (payout of ${order.payoutRunDate})` : ""}
              </td>
              <td>{ORDER_STATUS_NAMES[order.status]}</td>
              <td class="nowrap">{when(order.placedAt)}</td>
              <td>{order.attribution === "code" ? "code" : "link"}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={partner.orders} href={(n) => `/admin/partners/${partner.id}?page=${n}`} />

      {partner.adjustments.length > 0 ? (
        <>
          <h3>Adjustments</h3>
          <p class="muted">
            When a cancel moves the tiers under commission a payout already holds, one adjustment brings the total back to what the orders that stand earn.
          </p>
          <Table label="Adjustments" columns={["Made", { label: "Amount", numeric: true }, "Status"]}>
            {partner.adjustments.map((entry) => (
              <tr>
                <td class="nowrap">{when(entry.createdAt)}</td>
                <td class="num">{formatPrice(entry.commission)}</td>
                <td>
                  {ENTRY_STATUS_LABELS[entry.status]}
                  {entry.payoutRunDate ? ` (payout of ${entry.payoutRunDate})` : ""}
                </td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}

      <h2>Payouts</h2>
      {payouts.length === 0 ? (
        <p>No payouts yet: one is drafted on the 15th once $50 or more is payable.</p>
      ) : (
        <Table label="Payouts" columns={["Run", { label: "Amount", numeric: true }, "Status"]}>
          {payouts.map((payout) => (
            <tr>
              <td class="nowrap">{payout.runDate}</td>
              <td class="num">{formatPrice(payout.amount)}</td>
              <td>{payout.status === "paid" ? `Paid ${when(payout.paidAt)}` : <a href="/admin/payouts">Due</a>}</td>
            </tr>
          ))}
        </Table>
      )}
    </Layout>
  );
}
