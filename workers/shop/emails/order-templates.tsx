/** @jsxImportSource hono/jsx */
/**
 * What the emails about an order say: the confirmation (with its downloads) and an update
 * for each move of its status. Each ends with the order as the shopper reads it: number,
 * date, address, lines, totals and the link to its page. Subjects hold only the shop's own
 * words and the order's number.
 */
import type { Tracking } from "../../../app/shared/carriers";
import { BRAND_NAME } from "../../../app/shared/constants";
import { DEMO_ORDER_NOTE, EMAILS } from "../../../app/shared/contact";
import { DOWNLOAD_DAYS, expiryText, FORMATS_IN_WORDS, fromSqlTime } from "../../../app/shared/downloads";
import { discountLabel, formatPrice } from "../../../app/shared/money";
import { CANCELLED_BY_SHOPPER, placedOnText } from "../../../app/shared/orders";
import { lineTitle } from "../../../app/shared/variants";
import type { ShippingAddress } from "../../db/schema";
import { action, cell, document, greet, heading, Letter, notice, type Email } from "./letter";
import { addressForEmail } from "./recipients";

/** A download link in an order's email: the product, its absolute link, and what the link allows. */
export type DownloadForEmail = { name: string; link: string; expiresAt: string; maxDownloads: number };

/** What every email about an order says of it (contract, issue 24's "what a shopper looks for"). */
export type OrderForEmail = {
  number: string;
  to: string;
  /** The first name typed at checkout: it greets only when it passes the name rule. */
  firstName: string | null;
  /** When it was placed (SQLite's UTC text). */
  placedAt: string | null;
  /** Null for an order of downloads only. */
  shippingAddress: ShippingAddress | null;
  /** In the order the cart showed them. */
  lines: { name: string; quantity: number; lineTotal: number; variantLabel?: string }[];
  subtotal: number;
  savings: number;
  /** The bundles whose sets made the savings, by name. */
  bundles: string[];
  /** The code the order used (upper case) and what it took off; null and 0 without one. */
  discountCode: string | null;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  /** The absolute link to the order's own page; null when the job carried no origin. */
  link: string | null;
  downloads?: DownloadForEmail[];
  /**
   * The downloads of an order whose confirmation was composed without their links (a job
   * the outbox kept: it never holds a token): the email sends the shopper to the order's page.
   */
  downloadsOnOrderPage?: Omit<DownloadForEmail, "link">[];
};

/** What changed, for an update: the status reached and what came with it. */
export type OrderChange = { status: "packed" | "delivered" } | { status: "shipped"; tracking: Tracking } | { status: "cancelled"; reason: string | null };

/** What a download link allows, in words: "It works until … (7 days from your order), for 5 downloads in all, in MP3 or FLAC." */
const downloadTerms = (download: Omit<DownloadForEmail, "link">) =>
  `It works until ${expiryText(fromSqlTime(download.expiresAt))} (${DOWNLOAD_DAYS} days from your order), for ${download.maxDownloads} downloads in all, in ${FORMATS_IN_WORDS}.`;

const ADDRESS_NOT_REPEATED = "Shipping to the address you entered at checkout (see it on your order's page).";

/** The rows of an order's totals, the bundles named on their savings line, the code on its discount's (as the cart shows them: "Discount (SAVE10) −$2.60"). */
function totalRows(order: OrderForEmail): [string, string][] {
  const bundles = order.bundles.filter((name) => name !== "");
  return [
    ["Subtotal", formatPrice(order.subtotal)],
    ...(order.savings > 0
      ? ([[bundles.length > 0 ? `Bundle savings (${bundles.join(", ")})` : "Bundle savings", `-${formatPrice(order.savings)}`]] as [string, string][])
      : []),
    ...(order.discountCode && order.discount > 0 ? ([[discountLabel(order.discountCode), `−${formatPrice(order.discount)}`]] as [string, string][]) : []),
    ["Shipping", order.shipping > 0 ? formatPrice(order.shipping) : "Free"],
    ["Tax", formatPrice(order.tax)],
    ["Total", formatPrice(order.total)],
  ];
}

/** The lines every order email ends with, as text: number, date, address, lines, totals, link. */
function orderText(order: OrderForEmail): string[] {
  const address = order.shippingAddress ? addressForEmail(order.shippingAddress) : null;
  return [
    `Order number: ${order.number}`,
    ...(order.placedAt ? [`Placed on ${placedOnText(order.placedAt)}`] : []),
    "",
    ...(order.shippingAddress ? (address ? ["Shipping to:", ...address, ""] : [ADDRESS_NOT_REPEATED, ""]) : []),
    ...order.lines.map((line) => `${line.quantity} x ${lineTitle(line.name, line.variantLabel)}: ${formatPrice(line.lineTotal)}`),
    "",
    ...totalRows(order).map(([label, value]) => `${label}: ${value}`),
    "",
    ...(order.link ? [`Follow your order: ${order.link}`, ""] : []),
  ];
}

/** The same, as HTML. */
function OrderDetails({ order }: { order: OrderForEmail }) {
  const address = order.shippingAddress ? addressForEmail(order.shippingAddress) : null;
  const rows = totalRows(order);
  return (
    <>
      <p>
        Order number: <strong>{order.number}</strong>
        {order.placedAt ? (
          <>
            <br />
            Placed on {placedOnText(order.placedAt)}
          </>
        ) : null}
      </p>
      {order.shippingAddress ? (
        address ? (
          <p>
            Shipping to:
            {address.map((line) => (
              <>
                <br />
                {line}
              </>
            ))}
          </p>
        ) : (
          <p>{ADDRESS_NOT_REPEATED}</p>
        )
      ) : null}
      <table style="width:100%;border-collapse:collapse" role="presentation">
        {order.lines.map((line) => (
          <tr>
            <td style={cell}>
              {line.quantity} x {lineTitle(line.name, line.variantLabel)}
            </td>
            <td style={`${cell};text-align:right`}>{formatPrice(line.lineTotal)}</td>
          </tr>
        ))}
        {rows.map(([label, value]) => (
          <tr>
            <td style={label === "Total" ? `${cell};font-weight:700` : cell}>{label}</td>
            <td style={`${cell};text-align:right${label === "Total" ? ";font-weight:700" : ""}`}>{value}</td>
          </tr>
        ))}
      </table>
      {order.link ? (
        <>
          <p style="margin-top:24px">
            <a href={order.link} style={action}>
              Follow your order
            </a>
          </p>
          <p style="word-break:break-all;font-size:13px">{order.link}</p>
        </>
      ) : null}
    </>
  );
}

/** Where the downloads are when the email carries no link of its own: the order's page. */
const downloadsWhere = (link: string | null) =>
  link
    ? "Your music is ready on your order's page: open it to download each file."
    : `Your music is ready on your order's page, linked from the confirmation shown when you placed your order. Can't find it? Write to ${EMAILS.support} with your order number.`;

export function orderConfirmation(order: OrderForEmail): Email {
  const greeting = greet("Thanks for your order", order.firstName, "!");
  const downloads = order.downloads ?? [];
  const onPage = downloads.length > 0 ? [] : (order.downloadsOnOrderPage ?? []);
  const text = [
    greeting,
    "",
    ...orderText(order),
    ...(downloads.length > 0
      ? ["Download your music", ...downloads.flatMap((download) => [`${download.name}: ${download.link}`, downloadTerms(download)]), ""]
      : []),
    ...(onPage.length > 0
      ? [
          "Download your music",
          downloadsWhere(order.link),
          ...(order.link ? [`Your order's page: ${order.link}`] : []),
          ...onPage.flatMap((download) => [`${download.name}: ${downloadTerms(download)}`]),
          "",
        ]
      : []),
    DEMO_ORDER_NOTE,
    "",
    `Questions? Write to ${EMAILS.support}.`,
  ].join("\n");
  const html = (
    <Letter title={`Order ${order.number}`}>
      <h1 style={heading}>{greeting}</h1>
      <OrderDetails order={order} />
      {downloads.length > 0 ? (
        <>
          <h2 style={`${heading};font-size:18px;margin-top:24px`}>Download your music</h2>
          {downloads.map((download) => (
            <>
              <p>
                <a href={download.link} style={action}>
                  Download {download.name}
                </a>
              </p>
              <p style="word-break:break-all;font-size:13px">{download.link}</p>
              <p>{downloadTerms(download)}</p>
            </>
          ))}
        </>
      ) : null}
      {onPage.length > 0 ? (
        <>
          <h2 style={`${heading};font-size:18px;margin-top:24px`}>Download your music</h2>
          <p>{downloadsWhere(order.link)}</p>
          {order.link ? (
            <p>
              <a href={order.link} style={action}>
                Go to your downloads
              </a>
            </p>
          ) : null}
          {onPage.map((download) => (
            <p>
              <strong>{download.name}</strong>: {downloadTerms(download)}
            </p>
          ))}
        </>
      ) : null}
      <p style={notice}>{DEMO_ORDER_NOTE}</p>
      <p>Questions? Write to {EMAILS.support}.</p>
    </Letter>
  );
  return { to: order.to, subject: `Your ${BRAND_NAME} order ${order.number}`, text, html: document(html) };
}

/** What an update says first: its subject's end and its heading. */
const UPDATE_WORDS: Record<OrderChange["status"], { subject: string; heading: string }> = {
  packed: { subject: "is packed", heading: "Your order is packed and will ship soon." },
  shipped: { subject: "has shipped", heading: "Your order is on its way." },
  delivered: { subject: "was delivered", heading: "Your order was delivered. Enjoy!" },
  cancelled: { subject: "was cancelled", heading: "Your order was cancelled." },
};

/** The tracking of a shipped order, in words and its link. */
const trackingOf = (change: OrderChange) =>
  change.status === "shipped" ? { words: `${change.tracking.carrier} tracking number: ${change.tracking.number}`, link: change.tracking.url } : null;

/** Why it was cancelled: the owner's reason as they wrote it (one line of plain text), or the shopper's own cancel. */
const cancelledWhy = (change: OrderChange) =>
  change.status !== "cancelled" ? null : change.reason === null ? CANCELLED_BY_SHOPPER : `Reason: ${change.reason}`;

/** An email for each change of a placed order's status. */
export function orderUpdate(order: OrderForEmail, change: OrderChange): Email {
  const words = UPDATE_WORDS[change.status];
  const tracking = trackingOf(change);
  const why = cancelledWhy(change);
  const cancelNote = change.status === "cancelled" ? ["Nothing was charged: the checkout takes no payment."] : [];
  const text = [
    words.heading,
    "",
    ...(tracking ? [tracking.words, `Track it: ${tracking.link}`, ""] : []),
    ...(why ? [why, ...cancelNote, ""] : []),
    ...orderText(order),
    `Questions? Write to ${EMAILS.support}.`,
  ].join("\n");
  const html = (
    <Letter title={`Order ${order.number}`}>
      <h1 style={heading}>{words.heading}</h1>
      {tracking ? (
        <>
          <p>{tracking.words}</p>
          <p>
            <a href={tracking.link} style={action}>
              Track your parcel
            </a>
          </p>
        </>
      ) : null}
      {why ? (
        <>
          <p>{why}</p>
          {cancelNote.map((note) => (
            <p>{note}</p>
          ))}
        </>
      ) : null}
      <OrderDetails order={order} />
      <p>Questions? Write to {EMAILS.support}.</p>
    </Letter>
  );
  return { to: order.to, subject: `Your ${BRAND_NAME} order ${order.number} ${words.subject}`, text, html: document(html) };
}
