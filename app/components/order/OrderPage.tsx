/**
 * The order's own page (docs/decisions/0021): its number and status, the timeline (placed →
 * packed → shipped with the carrier and a tracking link → delivered, or cancelled with its
 * reason), the shopper's cancel before it is packed, the downloads it bought, where it goes
 * (masked) and the lines and totals. Everything works without JavaScript; with it the page
 * follows the order (live.ts) and the cancel toasts.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SummaryRows, type ShownTotals } from "~/components/cart/OrderSummary";
import * as summaryCss from "~/components/cart/summary.css";
import { useHydrated } from "~/components/catalog/hooks";
import { firstMessage } from "~/components/forms/action-data";
import { FormMessage, ToastBanner } from "~/components/forms/ToastBanner";
import { PageHero } from "~/components/info/InfoPage";
import { notifyError, notifySuccess } from "~/components/toast";
import { CANCEL_FAILED, ORDER_CANCELLED } from "~/content/toasts";
import { EMAILS } from "~/shared/contact";
import { downloadsLeftText, expiryText, FORMATS_IN_WORDS } from "~/shared/downloads";
import { formatPrice } from "~/shared/money";
import { downloadedAlready, placedOnText, STATUS_SEQUENCE, STATUS_WORDS, type PlacedStatus } from "~/shared/orders";
import { button, compactButton, container } from "~/styles/ui.css";
import type { ActionData } from "~/components/forms/action-data";
import type { CancelOutcome, OrderPage } from "~/routes/order.server";
import { useFollowOrder } from "./live";
import * as css from "./order.css";

type Order = Extract<OrderPage, { status: 200 }>["order"];
type Event = Order["timeline"][number];

/** An order delivered or cancelled moves no more (workers/shop/orders/lifecycle.ts MOVES_FROM): nothing to follow. */
const SETTLED: readonly PlacedStatus[] = ["delivered", "cancelled"];

/** What a 404 says: the link, not the shopper, is at fault. */
export const ORDER_NOT_FOUND = {
  title: "We couldn't find this order",
  lede: `This order link doesn't work. Open it again from your order email or the page you saw after paying, and check that nothing was cut off. Need a hand? Write to ${EMAILS.support} with your order number.`,
};

export function OrderNotFound() {
  return (
    <main>
      <PageHero eyebrow="Your order" title={ORDER_NOT_FOUND.title} lede={ORDER_NOT_FOUND.lede}>
        <Link prefetch="intent" to="/products" className={button.primary}>
          Browse Products
        </Link>
      </PageHero>
    </main>
  );
}

type Props = { order: Order; path: string; actionData: ActionData<CancelOutcome> | undefined };

export function OrderScreen({ order, path, actionData }: Props) {
  useFollowOrder(!SETTLED.includes(order.status));
  return (
    <main data-testid="order-page" data-status={order.status}>
      <PageHero
        eyebrow="Your order"
        title={`Order ${order.number}`}
        lede={
          <>
            Placed on {placedOnText(order.placedAt)}
            <span className={css.statusPill[order.status === "cancelled" ? "cancelled" : "live"]} data-testid="order-status">
              {STATUS_WORDS[order.status]}
            </span>
          </>
        }
      />
      <div className={`${container} ${css.layout}`}>
        <div className={css.column}>
          <CancelResult order={order} actionData={actionData} />
          <Timeline order={order} />
          {order.canCancel ? <CancelOrder path={path} asking={actionData?.cancel === "confirm"} consequence={cancelConsequence(order)} /> : null}
          {!order.canCancel && order.status === "placed" ? (
            <p className={css.text} data-testid="order-cancel-closed">
              {downloadedAlready(EMAILS.support)}
            </p>
          ) : null}
          {order.downloads.length > 0 ? <Downloads downloads={order.downloads} /> : null}
          <Delivery order={order} />
        </div>
        <Summary order={order} />
      </div>
    </main>
  );
}

// ------------------------------------------------------------------ timeline

/** The steps as the shopper reads them: the events that happened, then (unless cancelled) what is still to come. */
function stepsOf(order: Order) {
  const happened = (status: PlacedStatus) => order.timeline.filter((event) => event.status === status).at(-1);
  if (order.status === "cancelled") {
    return order.timeline.map((event) => ({ status: event.status as PlacedStatus, event }));
  }
  return STATUS_SEQUENCE.map((status) => ({ status, event: happened(status) }));
}

function Timeline({ order }: { order: Order }) {
  const steps = stepsOf(order);
  return (
    <section className={css.panel} aria-labelledby="order-timeline-heading">
      <h2 id="order-timeline-heading" className={css.panelHeading}>
        Where it is
      </h2>
      <ol className={css.timeline} data-testid="order-timeline">
        {steps.map(({ status, event }, i) => {
          const kind = status === "cancelled" ? "cancelled" : !event ? "todo" : status === order.status ? "current" : "done";
          return (
            <li
              key={`${status}-${i}`}
              className={css.step[kind]}
              data-step={status}
              data-done={event ? "true" : "false"}
              aria-current={kind === "current" ? "step" : undefined}
            >
              <span className={css.dot[kind]} aria-hidden="true">
                {kind === "todo" ? null : kind === "cancelled" ? "✕" : "✓"}
              </span>
              <div className={css.stepBody}>
                <p className={css.stepTitle}>
                  {STATUS_WORDS[status]}
                  {event ? null : <span className={css.stepMeta}> (not yet)</span>}
                </p>
                {event ? <StepDetail event={event} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function StepDetail({ event }: { event: Event }) {
  return (
    <>
      <p className={css.stepMeta}>{placedOnText(event.at)}</p>
      {event.tracking ? (
        <p className={css.stepMeta} data-testid="order-tracking">
          With {event.tracking.carrier}, tracking number <strong className={css.strong}>{event.tracking.number}</strong>.{" "}
          {/* The carrier's site learns nothing of this page's address (the page sends no referrer either). */}
          <a className={css.tracking} href={event.tracking.url} target="_blank" rel="noopener noreferrer">
            Track your parcel
          </a>
        </p>
      ) : null}
      {event.why ? (
        <p className={css.reason} data-testid="order-cancel-reason">
          {event.why}
        </p>
      ) : null}
    </>
  );
}

// ------------------------------------------------------------------ cancel

/**
 * Before it is packed the shopper may cancel: a first post asks "Cancel this order?", the
 * second cancels. Without JavaScript both are plain form posts; with it, the same forms
 * post through React Router and the answer toasts.
 */
/** What a cancel does to this order, in words: "Nothing will be sent, its downloads stop working, and this can't be undone." */
function cancelConsequence(order: Order) {
  const parts = [order.shippingAddress ? "Nothing will be sent" : null, order.downloads.length > 0 ? "its downloads stop working" : null].filter(
    (part) => part !== null,
  );
  const said = parts.join(", ");
  return said ? `${said[0]!.toUpperCase()}${said.slice(1)}, and this can't be undone.` : "This can't be undone.";
}

function CancelOrder({ path, asking, consequence }: { path: string; asking: boolean; consequence: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking) heading.current?.focus();
  }, [asking]);
  return (
    <section className={css.cancelPanel} aria-labelledby="order-cancel-heading" data-testid="order-cancel">
      <h2 id="order-cancel-heading" className={css.panelHeading}>
        Changed your mind?
      </h2>
      {asking ? (
        <div className={css.confirm} role="group" aria-labelledby="order-cancel-confirm">
          <h3 id="order-cancel-confirm" ref={heading} tabIndex={-1} className={css.confirmHeading}>
            Cancel this order?
          </h3>
          <p className={css.text}>{consequence}</p>
          <div className={css.buttons}>
            <Form method="post" action={path} className={css.form} preventScrollReset>
              <button type="submit" name="step" value="confirm" className={button.primary} disabled={busy}>
                Yes, cancel this order
              </button>
            </Form>
            <Link to={path} className={button.ghost} preventScrollReset replace>
              Keep my order
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className={css.text}>You can cancel this order until we pack it.</p>
          <Form method="post" action={path} className={css.form} preventScrollReset>
            <button type="submit" name="step" value="ask" className={`${button.secondary} ${compactButton}`} disabled={busy}>
              Cancel order
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

/**
 * What the cancel's answer says: with JavaScript a toast (the shop's words); without it the
 * same words on the page. A refusal (packed meanwhile) is the shop's own sentence.
 */
function CancelResult({ order, actionData }: { order: Order; actionData: Props["actionData"] }) {
  const hydrated = useHydrated();
  const cancelled = actionData?.cancel === "cancelled";
  const message = firstMessage(actionData?.result);
  useEffect(() => {
    if (!hydrated || !actionData) return;
    if (actionData.cancel === "cancelled") notifySuccess(ORDER_CANCELLED);
    else if (message) notifyError({ title: CANCEL_FAILED.title, description: message });
    // Once per answer: a new answer is a new object. Not again when hydration or the message change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);
  if (cancelled && order.status === "cancelled") return hydrated ? null : <ToastBanner toast={ORDER_CANCELLED} />;
  return <FormMessage message={message} />;
}

// ------------------------------------------------------------------ downloads, delivery, summary

function Downloads({ downloads }: { downloads: Order["downloads"] }) {
  return (
    <section className={css.panel} aria-labelledby="order-downloads-heading" data-testid="order-downloads">
      <h2 id="order-downloads-heading" className={css.panelHeading}>
        Your downloads
      </h2>
      <ul className={css.downloads}>
        {downloads.map((download) => (
          <li key={download.productId} className={css.download}>
            <p className={css.lineName}>{download.name}</p>
            {download.ready ? (
              <>
                <div className={css.buttons}>
                  {download.files.map((file) => (
                    <a key={file.format} href={file.href} download className={button.gold} data-testid={`order-download-${file.format}`}>
                      Download {file.label}
                    </a>
                  ))}
                </div>
                <p className={css.text}>
                  <strong className={css.strong}>{downloadsLeftText(download.downloadsLeft, download.maxDownloads)}</strong> in {FORMATS_IN_WORDS}, until{" "}
                  {expiryText(new Date(download.expiresAt))}.
                </p>
              </>
            ) : (
              <p className={css.text}>
                {download.downloadsLeft > 0 ? "This download has expired." : "This download has been used up."} Write to {EMAILS.support} with your order number
                and we'll help.
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Delivery({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <section className={css.panel} aria-labelledby="order-delivery-heading" data-testid="order-delivery">
      <h2 id="order-delivery-heading" className={css.panelHeading}>
        {address ? "Where it goes" : "Your details"}
      </h2>
      {address ? (
        <address className={css.address} data-testid="order-address">
          {address.name}
          <br />
          {address.street}
          <br />
          {address.city}, {address.state} {address.zipCode}
          <br />
          {address.country}
        </address>
      ) : (
        <p className={css.text}>Nothing to ship: this order is downloads only.</p>
      )}
      <p className={css.text}>
        Emails about it go to{" "}
        <strong className={css.strong} data-testid="order-email">
          {order.email}
        </strong>
        . Part of the address and email is hidden, so this page tells little to anyone else who opens its link.
      </p>
    </section>
  );
}

function Summary({ order }: { order: Order }) {
  // The order's own figures, in the checkout's rows: its bundles by name, as they were charged.
  const totals: ShownTotals = {
    subtotal: order.subtotal,
    bundleSavings: order.bundleSavings,
    discount: order.discount,
    discountCode: order.discountCode,
    shipping: order.shipping,
    totalBeforeTax: order.subtotal - order.bundleSavings - order.discount + order.shipping,
    tax: order.tax,
    total: order.total,
    bundles: order.bundles.map((bundle, i) => ({ bundleId: i, sets: bundle.sets, savings: bundle.savings })),
  };
  const names = order.bundles.map((bundle, i) => ({ id: i, name: bundle.name }));
  return (
    <aside className={summaryCss.panel} aria-labelledby="order-summary-heading" data-testid="order-summary">
      <h2 id="order-summary-heading" className={summaryCss.panelHeading}>
        Order Summary
      </h2>
      <ul className={css.lines}>
        {order.lines.map((line, i) => (
          <li key={i} className={css.line} data-testid="order-line">
            <span>
              <p className={css.lineName}>{line.name}</p>
              {line.variantLabel ? <p className={css.lineMeta}>{line.variantLabel}</p> : null}
              <p className={css.lineMeta}>
                {line.quantity} × {formatPrice(line.unitPrice)}
              </p>
            </span>
            <span className={css.linePrice}>{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <SummaryRows totals={totals} bundles={names} withTax />
    </aside>
  );
}
