/** @jsxImportSource hono/jsx */
/**
 * The partners' payouts: those due (drafted on the 15th), the payment run's CSV, and marking
 * each paid, which is audited, makes its entries paid and emails the partner.
 */
import { Hono } from "hono";
import { isShopError } from "../../../app/shared/errors";
import { formatPrice } from "../../../app/shared/money";
import { PAYOUT_MINIMUM_CENTS } from "../../../app/shared/partners";
import { recordEvent } from "../../shop/backoffice/shared";
import { PAYOUT_METHOD_NAMES } from "../../shop/partners/display";
import { listPayouts, markPayoutPaid, PAYOUT_CSV_COLUMNS, payoutCsvRows, type PayoutRow } from "../../shop/partners/payouts";
import { csvResponse, toCsv } from "../csv";
import { frame, idParam, notFoundPage, type AdminContext, type AdminEnv } from "../http";
import { FormError, Layout, Table, when, type Frame } from "../views";

async function payoutsPage(c: AdminContext, error?: string) {
  const payouts = await listPayouts(c.var.backOffice);
  return c.html(<PayoutsPage {...frame(c)} {...payouts} error={error} />, error ? 400 : 200);
}

export const payoutPages = new Hono<AdminEnv>()
  .get("/payouts", (c) => payoutsPage(c))
  .get("/payouts.csv", async (c) => {
    const rows = await payoutCsvRows(c.var.backOffice);
    await recordEvent(c.var.backOffice, "export.payouts", "payouts", `${rows.length} ${rows.length === 1 ? "payout" : "payouts"} due`);
    return csvResponse(toCsv(PAYOUT_CSV_COLUMNS, rows), `payouts-due-${new Date().toISOString().slice(0, 10)}.csv`);
  })
  .post("/payouts/:id/paid", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    try {
      await markPayoutPaid(c.var.backOffice, id, new URL(c.req.url).origin);
    } catch (error) {
      if (isShopError(error) && error.kind === "invalid") return payoutsPage(c, error.message);
      throw error;
    }
    return c.redirect("/admin/payouts?done=payout-paid", 303);
  });

/** Where a payout goes, masked: "PayPal, account •••• .com". */
const destination = (payout: PayoutRow) =>
  payout.method ? `${PAYOUT_METHOD_NAMES[payout.method]}${payout.account ? `, account ${payout.account}` : ""}` : "not given yet: ask the partner";

function PayoutsPage({ nonce, notice, due, paid, error }: Frame & { due: PayoutRow[]; paid: PayoutRow[]; error?: string | undefined }) {
  const total = due.reduce((sum, payout) => sum + payout.amount, 0);
  return (
    <Layout title="Payouts" nonce={nonce} notice={notice} section="/admin/partners">
      <p>
        <a href="/admin/partners">Back to the partners</a>
      </p>
      <p>
        On the 15th of each month a payout is drafted for every partner with {formatPrice(PAYOUT_MINIMUM_CENTS)} or more payable (commission on delivered
        orders); less rolls over to the next month. Pay each one, then mark it paid: the partner is emailed.
      </p>
      <FormError message={error} />
      <h2>Due</h2>
      {due.length === 0 ? (
        <p>No payouts due.</p>
      ) : (
        <>
          <p>
            {due.length} {due.length === 1 ? "payout" : "payouts"}, {formatPrice(total)} in all. <a href="/admin/payouts.csv">Download the payment run (CSV)</a>{" "}
            <span class="muted">(account details masked but for their last 4 characters)</span>
          </p>
          <Table label="Payouts due" columns={["Partner", { label: "Amount", numeric: true }, { label: "Action", muted: true }, "Paid by", "Run"]}>
            {/* The amount and its button first: on a phone the table scrolls sideways from the left. */}
            {due.map((payout) => (
              <tr>
                <td>
                  <a href={`/admin/partners/${payout.partnerId}`}>{payout.name}</a>
                  <br />
                  <span class="muted">{payout.email}</span>
                </td>
                <td class="num">{formatPrice(payout.amount)}</td>
                <td>
                  <form method="post" action={`/admin/payouts/${payout.id}/paid`} class="inline">
                    <button type="submit" aria-label={`Mark ${formatPrice(payout.amount)} to ${payout.name} paid`}>
                      Mark paid
                    </button>
                  </form>
                </td>
                <td>{destination(payout)}</td>
                <td class="nowrap">{payout.runDate}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
      <h2>Paid lately</h2>
      {paid.length === 0 ? (
        <p>No payouts paid yet.</p>
      ) : (
        <Table label="Payouts paid lately" columns={["Partner", { label: "Amount", numeric: true }, "Paid", "Paid by", "Run"]}>
          {paid.map((payout) => (
            <tr>
              <td>
                <a href={`/admin/partners/${payout.partnerId}`}>{payout.name}</a>
              </td>
              <td class="num">{formatPrice(payout.amount)}</td>
              <td class="nowrap">{when(payout.paidAt)}</td>
              <td>{destination(payout)}</td>
              <td class="nowrap">{payout.runDate}</td>
            </tr>
          ))}
        </Table>
      )}
    </Layout>
  );
}
