/**
 * A signed-in partner's page (issue 34, item 6): their link and code to copy, their clicks and
 * attributed orders, their tier and what is left to the next, what they have earned (pending,
 * payable, paid), the next payout date and their payouts, and how they are paid. Every part
 * works without JavaScript: the copy buttons appear only with it (the text is selectable
 * without), and the two forms (payout method, sign out) are plain posts.
 */
import { Form } from "react-router";
import type { ActionData } from "~/components/forms/action-data";
import * as forms from "~/components/forms/forms.css";
import { FormMessage } from "~/components/forms/ToastBanner";
import { PageHero, Section } from "~/components/info/InfoPage";
import { PAYMENT_METHODS } from "~/shared/constants";
import { formatPrice } from "~/shared/money";
import { placedOnText } from "~/shared/orders";
import { BRACKETS_IN_WORDS, COMMISSION_BRACKETS, PAYOUT_MINIMUM_CENTS, REFERRAL_DAYS } from "~/shared/partners";
import { button, container } from "~/styles/ui.css";
import type { PartnerPageData, PartnerPageOutcome } from "~/routes/partner.server";
import { CopyField } from "./CopyField";
import { formError, PlainField, typedValue } from "./PlainField";
import * as info from "~/components/info/info.css";
import * as css from "./partners.css";
import { PAYOUT_SAVED } from "./words";

const METHOD_WORDS = { paypal: "PayPal", bank: "Bank transfer", crypto: "Crypto" } as const;

/** A ledger entry's status in words. */
const ENTRY_WORDS = {
  pending: "Pending (until delivered)",
  payable: "Payable",
  paid: "Paid",
  void: "Void (order cancelled)",
} as const;

/** `2026-12-15` -> `December 15, 2026`. */
const dayText = (day: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={css.figure}>
      <dt className={css.figureLabel}>{label}</dt>
      <dd className={css.figureValue}>{value}</dd>
    </div>
  );
}

export function PartnerScreen({ partner, actionData }: { partner: PartnerPageData; actionData: ActionData<PartnerPageOutcome> | undefined }) {
  const programme = partner.programme === "creator" ? "Content creator" : "Affiliate";
  return (
    <main>
      <PageHero
        eyebrow="Partner page"
        title={`Hi, ${partner.name}`}
        lede={`${programme}${partner.status === "paused" ? " · Paused: your link and code attribute no new orders for now" : ""}. Everything you earn, as it stands.`}
      >
        <Form method="post" aria-label="Sign out">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className={button.secondary}>
            Sign Out
          </button>
        </Form>
      </PageHero>
      <div className={`${container} ${info.body}`}>
        <LinkAndCode partner={partner} />
        <Earnings partner={partner} />
        <Orders partner={partner} />
        <Payouts partner={partner} />
        <PayoutMethod partner={partner} actionData={actionData} />
      </div>
    </main>
  );
}

function LinkAndCode({ partner }: { partner: PartnerPageData }) {
  return (
    <Section id="link-and-code" title="Your link and code">
      <div className={css.panels}>
        <div className={css.panel}>
          <h3 className={css.panelTitle}>Your link</h3>
          <CopyField label="Link" value={partner.link} />
          <p className={css.fine}>A shopper who follows it is yours for {REFERRAL_DAYS} days (the last partner link they followed counts).</p>
        </div>
        <div className={css.panel}>
          <h3 className={css.panelTitle}>Your code</h3>
          {partner.code ? (
            <>
              <CopyField label="Code" value={partner.code} />
              <p className={css.fine}>
                {partner.codePercent ? `${partner.codePercent}% off for your shoppers. ` : ""}An order placed with it is yours, even over another partner's
                link.
              </p>
            </>
          ) : (
            <p className={css.empty}>Your code is being set up: it shows here once it is ready.</p>
          )}
        </div>
      </div>
      <dl className={css.figures}>
        <Figure label={`Clicks, last ${partner.clicks.recentDays} days`} value={partner.clicks.recent.toLocaleString("en-US")} />
        <Figure label="Clicks, all time" value={partner.clicks.all.toLocaleString("en-US")} />
        <Figure label="Orders" value={String(partner.orders.filter((order) => order.status !== "void").length)} />
        <Figure label="Net sales" value={formatPrice(partner.netSales)} />
      </dl>
    </Section>
  );
}

function Earnings({ partner }: { partner: PartnerPageData }) {
  const { tier } = partner;
  const bracket = COMMISSION_BRACKETS.find((candidate) => candidate.percent === tier.percent)!;
  const into = partner.netSales - bracket.from;
  const width = Number.isFinite(bracket.to) ? bracket.to - bracket.from : 0;
  return (
    <Section id="earnings" title="Your tier and earnings">
      <div className={css.panels}>
        <div className={css.panel}>
          <h3 className={css.panelTitle}>Tier: {tier.percent}% commission</h3>
          {tier.leftToNext !== null && tier.nextPercent !== null ? (
            <>
              <p className={css.fine}>
                {formatPrice(tier.leftToNext)} more in net sales and you earn {tier.nextPercent}% on every sale past it.
              </p>
              <progress className={css.meter} max={width} value={into} aria-label={`Progress to ${tier.nextPercent}%`}>
                {formatPrice(into)} of {formatPrice(width)}
              </progress>
            </>
          ) : (
            <p className={css.fine}>The top tier: you earn {tier.percent}% on every further sale.</p>
          )}
          <p className={css.fine}>
            Commission is by your net sales in all (after bundle savings and codes, before tax and shipping, cancelled orders left out): {BRACKETS_IN_WORDS}.
          </p>
        </div>
        <div className={css.panel}>
          <h3 className={css.panelTitle}>Next payout: {dayText(partner.nextPayoutDate)}</h3>
          <p className={css.fine}>
            Commission is pending until its order is delivered, then payable. On the 15th we pay a payable balance of {formatPrice(PAYOUT_MINIMUM_CENTS)} or
            more; less rolls over to the next month.
          </p>
        </div>
      </div>
      <dl className={css.figures}>
        <Figure label="Pending" value={formatPrice(partner.balances.pending)} />
        <Figure label="Payable" value={formatPrice(partner.balances.payable)} />
        <Figure label="Paid" value={formatPrice(partner.balances.paid)} />
      </dl>
    </Section>
  );
}

function Orders({ partner }: { partner: PartnerPageData }) {
  if (partner.orders.length === 0 && partner.adjustments.length === 0) {
    return (
      <Section id="orders" title="Your orders">
        <p className={css.empty}>No orders yet. Share your link or code: orders through them show here.</p>
      </Section>
    );
  }
  return (
    <Section id="orders" title="Your orders">
      <div className={css.tableWrap} tabIndex={0} role="region" aria-labelledby="orders-caption">
        <table className={css.table}>
          <caption id="orders-caption" className={css.caption}>
            Orders through your link or code, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Net sales
              </th>
              <th scope="col" className="num">
                Commission
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {partner.orders.map((order) => (
              <tr key={order.number + (order.placedAt ?? "")}>
                <td data-label="Order">{order.number}</td>
                <td data-label="Date">{order.placedAt ? placedOnText(order.placedAt) : ""}</td>
                <td data-label="Net sales" className="num">
                  {formatPrice(order.netSales)}
                </td>
                <td data-label="Commission" className="num">
                  {order.commission === null ? "Being worked out" : formatPrice(order.commission)}
                </td>
                <td data-label="Status">{ENTRY_WORDS[order.status]}</td>
              </tr>
            ))}
            {partner.adjustments.map((adjustment, index) => (
              <tr key={`adjustment-${index}`}>
                <td data-label="Order">Adjustment (a cancelled order moved your tier)</td>
                <td data-label="Date">{placedOnText(adjustment.createdAt)}</td>
                <td data-label="Net sales" className="num">
                  —
                </td>
                <td data-label="Commission" className="num">
                  {formatPrice(adjustment.commission)}
                </td>
                <td data-label="Status">{ENTRY_WORDS[adjustment.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function Payouts({ partner }: { partner: PartnerPageData }) {
  return (
    <Section id="payouts" title="Your payouts">
      {partner.payouts.length === 0 ? (
        <p className={css.empty}>No payouts yet. The first is drafted on the 15th once {formatPrice(PAYOUT_MINIMUM_CENTS)} is payable.</p>
      ) : (
        <div className={css.tableWrap} tabIndex={0} role="region" aria-labelledby="payouts-caption">
          <table className={css.table}>
            <caption id="payouts-caption" className={css.caption}>
              Payouts, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {partner.payouts.map((payout) => (
                <tr key={payout.runDate}>
                  <td data-label="Run">{dayText(payout.runDate)}</td>
                  <td data-label="Amount" className="num">
                    {formatPrice(payout.amount)}
                  </td>
                  <td data-label="Status">
                    {payout.status === "paid" ? `Paid${payout.paidAt ? ` on ${placedOnText(payout.paidAt)}` : ""}` : "Due: being paid"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function PayoutMethod({ partner, actionData }: { partner: PartnerPageData; actionData: ActionData<PartnerPageOutcome> | undefined }) {
  // A refused form keeps what was typed; a saved one starts again from what is on file.
  const result = actionData?.saved ? undefined : actionData?.result;
  const id = "partner-payout";
  const method = typedValue(result, "method") ?? partner.payout?.method ?? "paypal";
  return (
    <Section id="payout-method" title="How you're paid">
      <div className={css.panels}>
        <div className={css.panel}>
          <h3 className={css.panelTitle}>On file</h3>
          {partner.payout ? (
            <p className={css.fine} data-testid="payout-on-file">
              {METHOD_WORDS[partner.payout.method]}: {partner.payout.details}
            </p>
          ) : (
            <p className={css.fine} data-testid="payout-on-file">
              Nothing yet: add how you'd like to be paid, or we can't pay what you earn.
            </p>
          )}
          <p className={css.fine}>We show your account details only masked, here and to our team.</p>
        </div>
        <Form method="post" preventScrollReset id={id} className={`${css.panel} ${forms.form}`} aria-label="Payout method" noValidate>
          {actionData?.saved ? (
            <p className={forms.successBanner} role="status">
              {PAYOUT_SAVED}
            </p>
          ) : null}
          <FormMessage message={formError(result)} />
          <input type="hidden" name="intent" value="payout" />
          <PlainField form={id} name="method" label="Payout method" result={result}>
            {(props) => (
              <select {...props} key={method} defaultValue={method} className={forms.select}>
                {PAYMENT_METHODS.map((value) => (
                  <option key={value} value={value}>
                    {METHOD_WORDS[value]}
                  </option>
                ))}
              </select>
            )}
          </PlainField>
          <PlainField form={id} name="details" label="Account details" hint="PayPal email, bank account or wallet address." result={result}>
            {(props) => (
              <input
                {...props}
                key={actionData?.saved ? partner.payout?.details : "typing"}
                type="text"
                autoComplete="off"
                required
                defaultValue={typedValue(result, "details")}
                className={forms.input}
              />
            )}
          </PlainField>
          <div className={forms.actions}>
            <button type="submit" className={button.primary}>
              Save Payout Method
            </button>
          </div>
        </Form>
      </div>
    </Section>
  );
}
