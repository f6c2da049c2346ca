/** @jsxImportSource hono/jsx */
/**
 * The shop's emails: what each one says, read from D1 when it is sent, and the sending
 * through Cloudflare Email Service's `send_email` binding, with a record of each in the
 * `emails` table (sent or failed, when, how many attempts; never the body).
 *
 * Every email has a plain-text part and a simple HTML part. The HTML is built with JSX,
 * which escapes every value; subjects hold only the shop's own words and order numbers.
 *
 * The shop is no relay (contract, "Emails"; decision 0014). A sender chooses the recipient
 * of an order or application email, so the only text of theirs an email carries is a name
 * that passes `nameForEmail`, and an address that has not proven it is its owner's gets at
 * most DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS emails a day (`claimEmail`).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CARRIERS, isCarrier, trackingUrl, type Carrier } from "../../../app/shared/carriers";
import { CANCELLED_BY_SHOPPER, orderPagePath, placedOnText } from "../../../app/shared/orders";
import type { Child } from "hono/jsx";
import { DEMO_ORDER_NOTE, EMAILS } from "../../../app/shared/contact";
import { PROGRAMME_NAMES, REVIEW_TIME, type Programme } from "../../../app/shared/programmes";
import { BRAND_NAME, TAGLINE } from "../../../app/shared/constants";
import { discountLabel, formatPrice } from "../../../app/shared/money";
import { fontStack, palette } from "../../../app/shared/palette";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import type { Log } from "../../../app/shared/log";
import { errorKind } from "../../../app/shared/errors";
import { emailKey, RESEND_MARK, type EmailJob } from "./outbox";
import { retryTransient } from "../../db/retry";
import { CONFIRMATION_LINK_DAYS, confirmationLink } from "../applications";
import { sameTokenHash } from "../tokens";
import { BRACKETS_IN_WORDS, PARTNER_CODE_PERCENT, PAYOUT_DAY, PAYOUT_MINIMUM_CENTS, REFERRAL_DAYS, SIGN_IN_MINUTES } from "../../../app/shared/partners";
import { maskedDetails, PAYOUT_METHOD_NAMES, referralPath } from "../partners/display";
import { signInCodeHash, signInLinkPath, sqlTime } from "../partners/signin";
import { DOWNLOAD_DAYS, downloadPath, expiryText, FORMATS_IN_WORDS, fromSqlTime } from "../../../app/shared/downloads";

export type MailDeps = {
  db: Database;
  /** Cloudflare Email Service's binding (`[[send_email]]` in wrangler.toml). */
  mailer: SendEmail;
  /** The sender address, on a domain onboarded to Email Service (the EMAIL_FROM var). */
  from: string;
  log: Log;
};

/** An email ready to send. */
export type Email = { to: string; subject: string; text: string; html: string };

const CONTACT: Record<Programme, string> = { affiliate: EMAILS.affiliates, creator: EMAILS.creators, vendor: EMAILS.wholesale };

// ---------------------------------------------------------------- what a sender may put in one

const NAME_MAX_LENGTH = 40;
/** Words of letters (any script, with their combining marks), joined by one space, hyphen or apostrophe. */
const NAME_SHAPE = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;
/** Letters by Unicode's count that show nothing (Hangul fillers): padding, never a name. */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0]/u;

/**
 * The name rule: the one way text a sender typed (a first name, an applicant's name) gets
 * into an email. Letters of any script, single spaces, hyphens and apostrophes, at most 40
 * characters: so no URL, digit (a phone number), line break, markup, bidi or invisible
 * control. Stylised look-alikes (fullwidth, mathematical letters and dots) are read as the
 * plain characters they stand for (NFKC) first, so they meet the same rule. Null when the
 * text fails it: the email then greets in the shop's own words.
 */
export function nameForEmail(typed: string | null | undefined): string | null {
  if (typeof typed !== "string") return null;
  const name = typed.normalize("NFKC").trim();
  if ([...name].length > NAME_MAX_LENGTH || INVISIBLE_LETTERS.test(name) || !NAME_SHAPE.test(name)) return null;
  return name;
}

/** "Thanks for your order, Sam!" for a name that passes the rule, else the shop's words alone. */
const greet = (words: string, typedName: string | null, end: string) => {
  const name = nameForEmail(typedName);
  return name ? `${words}, ${name}${end}` : `${words}${end}`;
};

// ---------------------------------------------------------------- what each email says

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
  shippingAddress: t.ShippingAddress | null;
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
export type OrderChange =
  | { status: "packed" | "delivered" }
  | { status: "shipped"; carrier: Carrier; trackingNumber: string }
  | { status: "cancelled"; reason: string | null };

/** `Raw Dogg Performance Tank (Size M · Black)`: a line as the order names it, its size and colour with it. */
const lineName = ({ name, variantLabel }: OrderForEmail["lines"][number]) => (variantLabel ? `${name} (${variantLabel})` : name);

/** What a download link allows, in words: "It works until … (7 days from your order), for 5 downloads in all, in MP3 or FLAC." */
const downloadTerms = (download: Omit<DownloadForEmail, "link">) =>
  `It works until ${expiryText(fromSqlTime(download.expiresAt))} (${DOWNLOAD_DAYS} days from your order), for ${download.maxDownloads} downloads in all, in ${FORMATS_IN_WORDS}.`;

const ADDRESS_FIELD_MAX_LENGTH = 60;
/** Letters, digits, spaces and the marks addresses use; no `@`, `:`, `<` or line break. */
const ADDRESS_FIELD_SHAPE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’#/-]*$/u;
/** Something a mail reader would make a link of: `example.com`, `www.`. */
const LOOKS_LIKE_A_DOMAIN = /\p{L}\.\p{L}{2,}|www/iu;

/**
 * The shipping address as an email may carry it. It is text a sender typed, going to an
 * address they chose, so it meets a rule like the name rule (contract, "Emails"): each field
 * short, of letters, digits and an address's punctuation, nothing a mail reader makes a
 * link of. An address with a field that fails is not written out; the email points to the
 * order's page instead (which shows it masked).
 */
export function addressForEmail(address: t.ShippingAddress): string[] | null {
  const name = [nameForEmail(address.firstName), nameForEmail(address.lastName)];
  const fields = [address.address, address.city, address.state, address.zipCode, address.country].map((field) => field.normalize("NFKC").trim());
  const fit = (field: string) => [...field].length <= ADDRESS_FIELD_MAX_LENGTH && ADDRESS_FIELD_SHAPE.test(field) && !LOOKS_LIKE_A_DOMAIN.test(field);
  if (name.some((part) => part === null) || !fields.every(fit)) return null;
  const [street, city, state, zip, country] = fields;
  return [`${name[0]} ${name[1]}`, street!, `${city}, ${state} ${zip}`, country!];
}

const ADDRESS_NOT_REPEATED = "Shipping to the address you entered at checkout (see it on your order's page).";

/** The rows of an order's totals, the bundles named on their savings line, the code on its discount's (as the cart shows them: "Discount (SAVE10) −$2.60"). */
function totalRows(order: OrderForEmail): [string, string][] {
  const bundles = order.bundles.filter((name) => name !== "");
  return [
    ["Subtotal", formatPrice(order.subtotal)],
    ...(order.savings > 0 ? ([[bundles.length > 0 ? `Bundle savings (${bundles.join(", ")})` : "Bundle savings", `-${formatPrice(order.savings)}`]] as [string, string][]) : []),
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
    ...order.lines.map((line) => `${line.quantity} x ${lineName(line)}: ${formatPrice(line.lineTotal)}`),
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
              {line.quantity} x {lineName(line)}
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
  change.status === "shipped"
    ? { words: `${CARRIERS[change.carrier].name} tracking number: ${change.trackingNumber}`, link: trackingUrl(change.carrier, change.trackingNumber) }
    : null;

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

export function applicationReceived({ programme, name, to }: { programme: Programme; name: string; to: string }): Email {
  const lines = [
    greet("Thanks for applying", name, "."),
    `We received your application to the ${BRAND_NAME} ${PROGRAMME_NAMES[programme]}. We review every application ${REVIEW_TIME[programme]} and will write to you at this address.`,
    `Questions in the meantime? Write to ${CONTACT[programme]}.`,
  ];
  return {
    to,
    subject: `We received your ${BRAND_NAME} ${PROGRAMME_NAMES[programme]} application`,
    text: lines.join("\n\n"),
    html: document(
      <Letter title="Application received">
        <h1 style={heading}>{lines[0]}</h1>
        <p>{lines[1]}</p>
        <p>{lines[2]}</p>
      </Letter>,
    ),
  };
}

export function applicationReviewed({
  programme,
  name,
  to,
  approved,
  note,
}: {
  programme: Programme;
  name: string;
  to: string;
  approved: boolean;
  note: string | null;
}): Email {
  const programmeName = `${BRAND_NAME} ${PROGRAMME_NAMES[programme]}`;
  const lines = approved
    ? [greet("Welcome aboard", name, "!"), `Your application to the ${programmeName} was approved. We will be in touch with the next steps.`]
    : [
        greet("Thank you for applying", name, "."),
        `We read your application with care, and we are not able to offer you a place in the ${programmeName} at this time.`,
        "This is no judgement of you or your work: we take on only as many partners as we can support well. You are welcome to apply again later, and nothing changes for you as a customer.",
      ];
  const noteLines = note ? ["A note from the team:", note] : [];
  return {
    to,
    subject: `Your ${programmeName} application was ${approved ? "approved" : "declined"}`,
    text: [...lines, ...noteLines, `Questions? Write to ${CONTACT[programme]}.`].join("\n\n"),
    html: document(
      <Letter title="Your application">
        <h1 style={heading}>{lines[0]}</h1>
        {lines.slice(1).map((line) => (
          <p>{line}</p>
        ))}
        {note ? (
          <>
            <p>A note from the team:</p>
            <blockquote style={quote}>{note}</blockquote>
          </>
        ) : null}
        <p>Questions? Write to {CONTACT[programme]}.</p>
      </Letter>,
    ),
  };
}

export const NEWSLETTER_CONFIRMATION_SUBJECT = `Confirm your ${BRAND_NAME} newsletter signup`;

/** The one email an unconfirmed newsletter address gets: the link to confirm it. */
export function newsletterConfirmation({ to, link }: { to: string; link: string }): Email {
  const lines = [
    "Please confirm your email address.",
    `Someone, we hope you, asked for the ${BRAND_NAME} newsletter at this address. To start getting it, open this link and press the button on the page:`,
    `The link works for ${CONFIRMATION_LINK_DAYS} days.`,
    `Didn't ask for it? Ignore this email: without your confirmation we send no newsletter here. Questions? Write to ${EMAILS.support}.`,
  ];
  return {
    to,
    subject: NEWSLETTER_CONFIRMATION_SUBJECT,
    text: [lines[0], lines[1], link, lines[2], lines[3]].join("\n\n"),
    html: document(
      <Letter title="Confirm your email address">
        <h1 style={heading}>{lines[0]}</h1>
        <p>{lines[1]}</p>
        <p>
          <a href={link} style={action}>
            Confirm my email address
          </a>
        </p>
        <p style="word-break:break-all;font-size:13px">{link}</p>
        <p>{lines[2]}</p>
        <p>{lines[3]}</p>
      </Letter>,
    ),
  };
}

/** "10% off your first Raw Dogg order": the welcome code's email, to an address just confirmed. */
export const welcomeSubject = (percent: number) => `${percent}% off your first ${BRAND_NAME} order`;

/**
 * The newsletter's welcome code, to the address that confirmed it: the code, how to use it,
 * and that it works once, with this address (it is bound to it: the email is its proof).
 */
export function newsletterWelcome({ to, code, percent, shopLink }: { to: string; code: string; percent: number; shopLink: string | null }): Email {
  const lines = [
    `Welcome to The Pound. Here's ${percent}% off your first order.`,
    `Enter it in the Discount code field on your cart or at checkout and press APPLY: ${percent}% comes off your items (after any bundle savings, before tax).`,
    "It works once, with this email address: check out with it to use the code.",
    `Questions? Write to ${EMAILS.support}.`,
  ];
  return {
    to,
    subject: welcomeSubject(percent),
    text: [lines[0], `Your code: ${code}`, lines[1], lines[2], ...(shopLink ? [`Shop now: ${shopLink}`] : []), lines[3]].join("\n\n"),
    html: document(
      <Letter title="Your welcome code">
        <h1 style={heading}>{lines[0]}</h1>
        <p>Your code:</p>
        <p style={codeBox}>{code}</p>
        <p>{lines[1]}</p>
        <p>{lines[2]}</p>
        {shopLink ? (
          <p>
            <a href={shopLink} style={action}>
              Shop now
            </a>
          </p>
        ) : null}
        <p>{lines[3]}</p>
      </Letter>,
    ),
  };
}

// ---------------------------------------------------------------- partners (issue 34)

/** What a partner's welcome says: every part the shop's own words but their greeting's name. */
export type PartnerWelcome = {
  programme: t.PartnerProgramme;
  name: string;
  to: string;
  /** `<origin>/r/<handle>` */
  link: string;
  code: string;
  /** `<origin>/login` */
  signIn: string;
  /** Whether the shop knows how to pay them (a creator's application says; an affiliate tells us). */
  payoutKnown: boolean;
  note: string | null;
};

/** The programme's terms as the welcome states them (app/shared/partners.ts). */
const PARTNER_TERMS = [
  `Commission on your cumulative sales: ${BRACKETS_IN_WORDS}, on each order's items after discounts (before tax and shipping).`,
  `An order's commission becomes payable once the order is delivered. We pay on the ${PAYOUT_DAY}th of each month once ${formatPrice(PAYOUT_MINIMUM_CENTS)} or more is payable; less rolls over to the next month.`,
];

/** The email an approved affiliate or creator gets, in place of the plain approval: their link, their code, and where to sign in. */
export function partnerWelcome(welcome: PartnerWelcome): Email {
  const programmeName = `${BRAND_NAME} ${PROGRAMME_NAMES[welcome.programme]}`;
  const contact = CONTACT[welcome.programme];
  const lines = {
    greeting: greet("Welcome aboard", welcome.name, "!"),
    approved: `Your application to the ${programmeName} was approved. Here is what you share:`,
    link: `Anyone who orders within ${REFERRAL_DAYS} days of clicking your link counts toward your commission.`,
    code: `It gives your audience ${PARTNER_CODE_PERCENT}% off their order, and an order with it counts toward your commission too.`,
    signIn: "Sign in to see your clicks, orders and earnings: no password, we email you a one-time link.",
    payout: welcome.payoutKnown ? null : `Before your first payout, tell us how you would like to be paid (PayPal, bank transfer or crypto): write to ${contact}.`,
  };
  const noteLines = welcome.note ? ["A note from the team:", welcome.note] : [];
  const text = [
    lines.greeting,
    lines.approved,
    `Your link: ${welcome.link}\n${lines.link}`,
    `Your code: ${welcome.code}\n${lines.code}`,
    ...PARTNER_TERMS,
    `${lines.signIn}\n${welcome.signIn}`,
    ...(lines.payout ? [lines.payout] : []),
    ...noteLines,
    `Questions? Write to ${contact}.`,
  ].join("\n\n");
  return {
    to: welcome.to,
    subject: `Welcome to the ${programmeName}: your link and code`,
    text,
    html: document(
      <Letter title="Welcome aboard">
        <h1 style={heading}>{lines.greeting}</h1>
        <p>{lines.approved}</p>
        <p>
          Your link: <strong style="word-break:break-all">{welcome.link}</strong>
          <br />
          {lines.link}
        </p>
        <p>
          Your code: <strong>{welcome.code}</strong>
          <br />
          {lines.code}
        </p>
        {PARTNER_TERMS.map((term) => (
          <p>{term}</p>
        ))}
        <p>{lines.signIn}</p>
        <p>
          <a href={welcome.signIn} style={action}>
            Sign in
          </a>
        </p>
        <p style="word-break:break-all;font-size:13px">{welcome.signIn}</p>
        {lines.payout ? <p>{lines.payout}</p> : null}
        {welcome.note ? (
          <>
            <p>A note from the team:</p>
            <blockquote style={quote}>{welcome.note}</blockquote>
          </>
        ) : null}
        <p>Questions? Write to {contact}.</p>
      </Letter>,
    ),
  };
}

/** What a paid payout's email says. */
export type PayoutForEmail = { programme: t.PartnerProgramme; name: string; to: string; amount: number; runDate: string; method: string | null; details: string | null; signIn: string | null };

/** The email a partner gets when the owner marks their payout paid: how much, for which run, and where it went (masked). */
export function payoutPaid(payout: PayoutForEmail): Email {
  const where = payout.method ? `by ${PAYOUT_METHOD_NAMES[payout.method as keyof typeof PAYOUT_METHOD_NAMES] ?? payout.method}${payout.details ? ` to your account ${maskedDetails(payout.details)}` : ""}` : "";
  const lines = [
    greet("Good news", payout.name, "!"),
    `We paid you ${formatPrice(payout.amount)}${where ? ` ${where}` : ""}: your payout of the ${runDateText(payout.runDate)} run.`,
    "It can take a few business days to show in your account.",
  ];
  const signIn = payout.signIn ? `Your statement is on your page: ${payout.signIn}` : null;
  const contact = CONTACT[payout.programme];
  return {
    to: payout.to,
    subject: `Your ${BRAND_NAME} payout of ${formatPrice(payout.amount)} was paid`,
    text: [...lines, ...(signIn ? [signIn] : []), `Questions? Write to ${contact}.`].join("\n\n"),
    html: document(
      <Letter title="Payout paid">
        <h1 style={heading}>{lines[0]}</h1>
        <p>{lines[1]}</p>
        <p>{lines[2]}</p>
        {payout.signIn ? (
          <p>
            Your statement is on your page: <a href={payout.signIn}>{payout.signIn}</a>
          </p>
        ) : null}
        <p>Questions? Write to {contact}.</p>
      </Letter>,
    ),
  };
}

/** `2026-12-15` as `December 15, 2026`. */
const runDateText = (runDate: string) => new Date(`${runDate}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The email a partner job asks for, from D1 as it is now; null when what it is about is gone. */
async function composePartnerEmail(db: Database, job: Extract<EmailJob, { kind: "partner_welcome" | "payout_paid" }>): Promise<Email | null> {
  const p = t.partners;
  if (job.kind === "partner_welcome") {
    const a = job.programme === "creator" ? t.creatorApplications : t.affiliateApplications;
    const row = await db
      .select({ name: p.name, to: p.email, handle: p.handle, code: t.discountCodes.code, payoutMethod: p.payoutMethod, note: a.reviewNote, status: a.status })
      .from(a)
      .innerJoin(p, eq(p.email, sql`lower(${a.email})`))
      .leftJoin(t.discountCodes, eq(t.discountCodes.id, p.codeId))
      .where(eq(a.id, job.applicationId))
      .get();
    if (!row || row.status !== "approved" || !row.code) return null;
    const { name, to, handle, code, payoutMethod, note } = row;
    return partnerWelcome({ programme: job.programme, name, to, link: `${job.origin}${referralPath(handle)}`, code, signIn: `${job.origin}/login`, payoutKnown: payoutMethod !== null, note });
  }
  const row = await db
    .select({ programme: p.programme, name: p.name, to: p.email, amount: t.partnerPayouts.amount, runDate: t.partnerPayouts.runDate, status: t.partnerPayouts.status, method: p.payoutMethod, details: p.payoutDetails })
    .from(t.partnerPayouts)
    .innerJoin(p, eq(p.id, t.partnerPayouts.partnerId))
    .where(eq(t.partnerPayouts.id, job.payoutId))
    .get();
  if (!row || row.status !== "paid") return null;
  return payoutPaid({ ...row, signIn: job.origin ? `${job.origin}/login` : null });
}

// ---------------------------------------------------------------- end of partners

export const PARTNER_SIGN_IN_SUBJECT = `Sign in to your ${BRAND_NAME} partner page`;

/** A partner's sign-in: the one-time link and the 6-digit code (workers/shop/partners/signin.ts). */
export function partnerSignIn({ to, name, link, code }: { to: string; name: string; link: string; code: string }): Email {
  const lines = [
    greet("Hi", name, "!"),
    `Open this link to sign in to your ${BRAND_NAME} partner page:`,
    `Or type this code on the sign-in page: ${code}`,
    `The link and the code each work once, for ${SIGN_IN_MINUTES} minutes. If you asked more than once, only the newest code works.`,
    `Didn't ask to sign in? Ignore this email: nobody can sign in without it. Questions? Write to ${EMAILS.affiliates}.`,
  ];
  return {
    to,
    subject: PARTNER_SIGN_IN_SUBJECT,
    text: [`${lines[0]} ${lines[1]}`, link, lines[2], lines[3], lines[4]].join("\n\n"),
    html: document(
      <Letter title="Sign in to your partner page">
        <h1 style={heading}>Sign in to your partner page</h1>
        <p>
          {lines[0]} {lines[1]}
        </p>
        <p>
          <a href={link} style={action}>
            Sign in
          </a>
        </p>
        <p style="word-break:break-all;font-size:13px">{link}</p>
        <p>
          Or type this code on the sign-in page: <strong style="font-size:20px;letter-spacing:0.2em">{code}</strong>
        </p>
        <p>{lines[3]}</p>
        <p>{lines[4]}</p>
      </Letter>,
    ),
  };
}

const heading = `font-size:22px;margin:0 0 16px;color:${palette.page}`;
const cell = `padding:6px 0;border-bottom:1px solid #e4e0da`;
const notice = `padding:12px;background:#fff4f9;border-left:4px solid ${palette.accent}`;
const action = `display:inline-block;padding:12px 20px;background:${palette.accent};color:#ffffff;font-weight:700;text-decoration:none;border-radius:8px`;
const codeBox = `display:inline-block;margin:0 0 16px;padding:10px 16px;border:2px dashed ${palette.accent};font-size:20px;font-weight:800;letter-spacing:0.04em;white-space:nowrap`;
const quote = `margin:0 0 16px;padding:8px 12px;border-left:4px solid ${palette.gold};white-space:pre-wrap`;

/** The frame every email shares: the brand on top, the message, the tagline below. */
function Letter({ title, children }: { title: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={`margin:0;padding:24px;background:#f7f5f2;color:#1b1b22;font-family:${fontStack.body};line-height:1.5`}>
        <div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:12px">
          <p style={`margin:0 0 16px;font-weight:800;letter-spacing:0.08em;color:${palette.accent}`}>{BRAND_NAME.toUpperCase()}</p>
          {children}
          <p style="margin:24px 0 0;color:#6b6760;font-size:13px">{TAGLINE}.</p>
        </div>
      </body>
    </html>
  );
}

const document = (html: Child) => `<!doctype html>${String(html)}`;

// ---------------------------------------------------------------- reading what to say

/**
 * Where an email read back in the back office had a secret link (an order's page, a download,
 * a newsletter confirmation): the owner reads what it says, never the shopper's keys.
 */
export const LINK_LEFT_OUT = "[link left out]";

/**
 * The email a job asks for, from D1 as it is now; null when what it is about no longer exists.
 * `linksLeftOut`: as the back office reads an email again, each secret link in its place
 * shown as LINK_LEFT_OUT (the shop keeps download and confirmation links only as hashes).
 */
export async function composeEmail(db: Database, job: EmailJob, { linksLeftOut = false } = {}): Promise<Email | null> {
  if (job.kind === "order_confirmation" || job.kind === "order_update") {
    const g = t.downloadGrants;
    const [orders, lines, grants, events] = await db.batch([
      db.select().from(t.orders).where(eq(t.orders.id, job.orderId)),
      db.select().from(t.orderLines).where(eq(t.orderLines.orderId, job.orderId)).orderBy(asc(t.orderLines.position), asc(t.orderLines.id)),
      db
        .select({ productId: g.productId, name: t.products.name, tokenHash: g.tokenHash, expiresAt: g.expiresAt, maxDownloads: g.maxDownloads })
        .from(g)
        .innerJoin(t.products, eq(t.products.id, g.productId))
        .where(eq(g.orderId, job.orderId)),
      db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, job.orderId)),
    ]);
    const order = orders[0];
    if (!order || order.status === "intent") return null;
    const forEmail: OrderForEmail = {
      number: order.number,
      to: order.email,
      firstName: order.shippingAddress?.firstName ?? null,
      placedAt: order.placedAt,
      shippingAddress: order.shippingAddress,
      lines,
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      bundles: order.bundles.map((bundle) => bundle.name),
      discountCode: order.discountCode,
      discount: order.discount,
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
      // Only with the order's own token in the job: a forged job gets no link (see outbox.ts ORDER_TOKEN).
      link: linksLeftOut ? LINK_LEFT_OUT : job.origin && job.token && order.accessToken === job.token ? `${job.origin}${orderPagePath(job.token)}` : null,
    };
    if (job.kind === "order_confirmation") {
      const downloads = linksLeftOut ? grants.map(({ name, expiresAt, maxDownloads }) => ({ name, link: LINK_LEFT_OUT, expiresAt, maxDownloads })) : await downloadsForEmail(job, grants);
      // A job the outbox kept carries no token: the email sends the shopper to the order's page for the files.
      const downloadsOnOrderPage = job.downloads === undefined ? grants.map(({ name, expiresAt, maxDownloads }) => ({ name, expiresAt, maxDownloads })) : [];
      return orderConfirmation({ ...forEmail, downloads, downloadsOnOrderPage });
    }
    const event = events.find((candidate) => candidate.status === job.status);
    // The move this job tells of never happened (or was undone): nothing to say.
    if (!event) return null;
    const carrier = event.carrier && isCarrier(event.carrier) ? event.carrier : null;
    const change: OrderChange | null =
      job.status === "shipped"
        ? carrier && event.trackingNumber
          ? { status: "shipped", carrier, trackingNumber: event.trackingNumber }
          : null
        : job.status === "cancelled"
          ? { status: "cancelled", reason: event.actor === "shopper" ? null : event.reason }
          : { status: job.status };
    return change ? orderUpdate(forEmail, change) : null;
  }
  if (job.kind === "newsletter_confirmation") {
    const s = t.newsletterSignups;
    const signup = await db.select({ email: s.email, confirmedAt: s.confirmedAt, tokenHash: s.tokenHash }).from(s).where(eq(s.id, job.signupId)).get();
    // Confirmed since, or asked for again (a newer token): this link would not work.
    if (!signup || signup.confirmedAt) return null;
    if (linksLeftOut) return newsletterConfirmation({ to: signup.email, link: LINK_LEFT_OUT });
    if (!(await sameTokenHash(job.token, signup.tokenHash))) return null;
    return newsletterConfirmation({ to: signup.email, link: confirmationLink(job.origin, job.token) });
  }
  if (job.kind === "newsletter_welcome") {
    const c = t.discountCodes;
    const welcome = await db
      .select({ code: c.code, percent: c.value, to: c.email })
      .from(c)
      .where(and(eq(c.id, job.codeId), eq(c.source, "newsletter"), eq(c.kind, "percent")))
      .get();
    if (!welcome?.to) return null;
    return newsletterWelcome({ to: welcome.to, code: welcome.code, percent: welcome.percent, shopLink: job.origin ? `${job.origin}/products` : null });
  }
  if (job.kind === "partner_welcome" || job.kind === "payout_paid") return composePartnerEmail(db, job);
  if (job.kind === "partner_sign_in") return partnerSignInEmail(db, job, linksLeftOut);
  const applicant = await readApplicant(db, job.programme, job.applicationId);
  if (!applicant) return null;
  if (job.kind === "application_received") return applicationReceived({ programme: job.programme, ...applicant });
  if (applicant.status === "new") return null;
  return applicationReviewed({ programme: job.programme, ...applicant, approved: applicant.status === "approved", note: applicant.reviewNote });
}

/**
 * A partner's sign-in email, sent only while its sign-in can still be used and the job's
 * link and code are its own (a message is data: both must match the hashes D1 keeps).
 */
async function partnerSignInEmail(db: Database, job: Extract<EmailJob, { kind: "partner_sign_in" }>, linksLeftOut: boolean): Promise<Email | null> {
  const s = t.partnerSignIns;
  const row = await db
    .select({ linkHash: s.linkHash, codeHash: s.codeHash, expiresAt: s.expiresAt, usedAt: s.usedAt, to: t.partners.email, name: t.partners.name })
    .from(s)
    .innerJoin(t.partners, eq(t.partners.id, s.partnerId))
    .where(eq(s.id, job.signInId))
    .get();
  if (!row) return null;
  if (linksLeftOut) return partnerSignIn({ to: row.to, name: row.name, link: LINK_LEFT_OUT, code: "[code left out]" });
  if (row.usedAt !== null || row.expiresAt <= sqlTime(new Date())) return null;
  if (!(await sameTokenHash(job.token, row.linkHash)) || (await signInCodeHash(row.linkHash, job.code)) !== row.codeHash) return null;
  return partnerSignIn({ to: row.to, name: row.name, link: `${job.origin}${signInLinkPath(job.token)}`, code: job.code });
}

type Grant = { productId: number; name: string; tokenHash: string; expiresAt: string; maxDownloads: number };

/**
 * The links a job carries that are this order's own (a message is data: a token must match
 * the hash its grant keeps), made absolute with the shop's address as the shopper reached it.
 */
async function downloadsForEmail(job: Extract<EmailJob, { kind: "order_confirmation" }>, grants: Grant[]): Promise<DownloadForEmail[]> {
  if (!job.downloads || !job.origin) return [];
  const links: DownloadForEmail[] = [];
  for (const { productId, token } of job.downloads) {
    const grant = grants.find((candidate) => candidate.productId === productId);
    if (grant && (await sameTokenHash(token, grant.tokenHash)))
      links.push({ name: grant.name, link: `${job.origin}${downloadPath(token)}`, expiresAt: grant.expiresAt, maxDownloads: grant.maxDownloads });
  }
  return links;
}

type Applicant = { name: string; to: string; status: t.ApplicationStatus; reviewNote: string | null };

async function readApplicant(db: Database, programme: Programme, id: number): Promise<Applicant | undefined> {
  switch (programme) {
    case "affiliate": {
      const a = t.affiliateApplications;
      return db.select({ name: a.name, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
    case "creator": {
      const a = t.creatorApplications;
      return db.select({ name: a.name, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
    case "vendor": {
      const a = t.vendorApplications;
      return db.select({ name: a.contactName, to: a.email, status: a.status, reviewNote: a.reviewNote }).from(a).where(eq(a.id, id)).get();
    }
  }
}

// ---------------------------------------------------------------- the daily cap

/** Emails a day, of any kind, to an address that has not proven it is its owner's. */
export const DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS = 3;

/** Why an email over the cap was not sent, as its record says (the back office's Emails page). */
export const WITHHELD_OVER_THE_DAILY_CAP = `Not sent: an address that has not confirmed it is its owner's gets at most ${DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS} emails a day.`;

/** Why an order's update was not sent: its confirmation was withheld, so the order's updates are too. */
export const WITHHELD_WITH_ITS_CONFIRMATION = "Not sent: this order's confirmation was withheld by the daily cap, so its updates are too.";

/**
 * An address as the daily cap counts it, so that the variants of one mailbox a sender types
 * to get around the cap count as one: lower case; no `+tag` (most providers deliver
 * `sam+anything@` to `sam@`); at Gmail (googlemail.com is the same mailboxes) no dots in the
 * local part. The shop's email rule admits ASCII addresses only: no Unicode look-alikes.
 */
export function recipientKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * Emails bounded on their own, which go out without the cap and do not count against it: the
 * owner's approval sends one welcome per partner, marking a payout paid one email per payout,
 * and a partner's sign-in goes only to a partner, a few an hour (workers/shop/partners/signin.ts).
 */
const BOUNDED_KINDS = ["partner_welcome", "payout_paid", "partner_sign_in"] as const satisfies EmailJob["kind"][];

/**
 * Whether one more email may go to this recipient, as SQL: its address was confirmed through
 * the newsletter's link (the only proof the shop takes: an order or an application proves
 * nothing, anyone can type any address), or it got fewer than the cap in the last 24 hours
 * (every email sent, being sent, failed or dead counts; withheld ones do not).
 *
 * An order's update (packed, shipped, delivered, cancelled) goes out unless the order's own
 * confirmation was withheld, and does not count against the cap: a sender cannot cause more
 * than the cap's confirmations a day, and each such order at most three updates, so what one
 * address receives stays bounded, while a shopper who orders twice in a day still hears
 * that each order shipped (docs/decisions/0021).
 */
function mayWriteTo(to: string, key: string, job: EmailJob) {
  // An owner's resend is one more email to the address: it meets the cap, whatever its kind.
  if (job.kind === "order_update" && job.resend === undefined) {
    return sql`NOT EXISTS (SELECT 1 FROM emails WHERE key = ${`order_confirmation:${job.orderId}`} AND status = 'withheld')`;
  }
  // A partner's welcome and payout emails: sent only by the owner's own decision, once per partner and per payout.
  if ((job.kind === "partner_welcome" || job.kind === "payout_paid") && job.resend === undefined) return sql`1`;
  // A partner's sign-in goes only to a partner's address, at most SIGN_IN_EMAILS_PER_HOUR and
  // _PER_DAY (workers/shop/partners/signin.ts): bounded on its own, it neither meets the cap nor counts toward it.
  if (job.kind === "partner_sign_in") return sql`1`;
  return sql`(
    EXISTS (SELECT 1 FROM newsletter_signups WHERE email = ${to.trim().toLowerCase()} AND confirmed_at IS NOT NULL)
    OR (
      SELECT count(*) FROM emails
      WHERE recipient_key = ${recipientKey(to)} AND key <> ${key} AND (kind NOT IN ('order_update', ${sql.join(BOUNDED_KINDS.map((kind) => sql`${kind}`), sql`, `)}) OR instr(key, ${RESEND_MARK}) > 0)
        AND status <> 'withheld' AND created_at > datetime('now', '-1 day')
    ) < ${DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS}
  )`;
}

// ---------------------------------------------------------------- sending

/** How long a `sending` claim holds: past it, its consumer is taken to have died mid-send (the outbox's sweep queues its job again). */
export const CLAIM_HOLDS = "-5 minutes";

/**
 * Claims the job's email for this consumer in one statement, which only one consumer can
 * win (D1 runs one write at a time): a new record, or a failed one, or one whose claim is
 * stale, becomes `sending` under `claim`. A new record is written only while its recipient
 * may be written to (`mayWriteTo`); a failed one already holds its place under the cap.
 * True when this consumer won. The same claim sent again (after a transient error) wins
 * again, so the statement is safe to retry.
 */
async function claimEmail(db: Database, key: string, job: EmailJob, email: Email, attempt: number, claim: string): Promise<boolean> {
  const won = await db.all(sql`
    INSERT INTO emails (key, kind, recipient, recipient_key, subject, status, attempts, claim, claimed_at)
    SELECT ${key}, ${job.kind}, ${email.to}, ${recipientKey(email.to)}, ${email.subject}, 'sending', ${attempt}, ${claim}, CURRENT_TIMESTAMP
    WHERE ${mayWriteTo(email.to, key, job)}
    ON CONFLICT (key) DO UPDATE SET
      status = 'sending', attempts = excluded.attempts, claim = excluded.claim, claimed_at = excluded.claimed_at,
      recipient = excluded.recipient, recipient_key = excluded.recipient_key, subject = excluded.subject, updated_at = CURRENT_TIMESTAMP
    WHERE emails.status = 'failed' OR (emails.status = 'sending' AND emails.claimed_at <= datetime('now', ${CLAIM_HOLDS})) OR emails.claim = excluded.claim
    RETURNING claim`);
  return won.length === 1;
}

/** Records an email kept back by the daily cap: not sent, not retried, the reason on its record. */
function withhold(db: Database, key: string, job: EmailJob, email: Email) {
  const error = job.kind === "order_update" ? WITHHELD_WITH_ITS_CONFIRMATION : WITHHELD_OVER_THE_DAILY_CAP;
  const reason = { status: "withheld" as const, error, claim: null, claimedAt: null };
  return db
    .insert(t.emails)
    .values({ key, kind: job.kind, recipient: email.to, recipientKey: recipientKey(email.to), subject: email.subject, attempts: 0, ...reason })
    .onConflictDoUpdate({ target: t.emails.key, set: { ...reason, updatedAt: sql`CURRENT_TIMESTAMP` }, setWhere: eq(t.emails.status, "failed") });
}

export type Delivery = "sent" | "already_sent" | "nothing_to_send" | "withheld" | "dead" | "claimed_elsewhere";

/** What the record of an email this consumer may not claim says of it. */
const settled = (status: Exclude<t.EmailStatus, "failed">): Delivery =>
  status === "sending" ? "claimed_elsewhere" : status === "sent" ? "already_sent" : status;

/**
 * Sends the email a job asks for, at most once: the consumer claims its record first
 * (`claimEmail`), sends, then records the outcome. A job whose email another consumer is
 * sending right now answers `claimed_elsewhere`, for the queue to try again later; one that
 * was sent, withheld or is dead is not sent again. A failed send is recorded and thrown,
 * for the queue to retry.
 */
export async function deliverEmail(deps: MailDeps, job: EmailJob, attempt: number): Promise<Delivery> {
  const { db, log } = deps;
  const key = await emailKey(job);
  const email = await composeEmail(db, job);
  if (!email) {
    log("email_not_sent", { kind: job.kind, key, reason: "nothing to send" });
    // Nor will there be: the outbox's copy goes, or the sweep would queue it again and again.
    await retryTransient(() => db.delete(t.outbox).where(eq(t.outbox.key, key)));
    return "nothing_to_send";
  }
  const claim = crypto.randomUUID();
  if (!(await retryTransient(() => claimEmail(db, key, job, email, attempt, claim)))) {
    const record = await db.select({ status: t.emails.status }).from(t.emails).where(eq(t.emails.key, key)).get();
    if (!record || record.status === "failed") {
      await withhold(db, key, job, email);
      log("email_withheld", { kind: job.kind, key, reason: "daily cap" });
      return "withheld";
    }
    return settled(record.status);
  }
  const ours = and(eq(t.emails.key, key), eq(t.emails.claim, claim));
  const released = { claim: null, claimedAt: null, attempts: attempt, updatedAt: sql`CURRENT_TIMESTAMP` };
  let messageId: string;
  try {
    ({ messageId } = await deps.mailer.send({
      from: { email: deps.from, name: BRAND_NAME },
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    }));
  } catch (error) {
    const reason = sendError(error);
    await retryTransient(() => db.update(t.emails).set({ status: "failed", error: reason, ...released }).where(ours));
    log("email_failed", { kind: job.kind, key, attempt, error: reason });
    throw error;
  }
  try {
    // Sent is the truth, whoever holds the claim by now. Tried again on a transient error: a record
    // left `sending` would be taken over once its claim lapses, and the email sent twice.
    await retryTransient(() => db.update(t.emails).set({ status: "sent", error: null, messageId, ...released }).where(eq(t.emails.key, key)));
  } catch (error) {
    // Acknowledged all the same: a retry would send it again. Its record stays `sending`.
    log("email_sent_unrecorded", { kind: job.kind, key, ...errorKind(error) });
    return "sent";
  }
  log("email_sent", { kind: job.kind, key, attempt });
  return "sent";
}

/** What a dead record says when the email never got as far as a send. */
const NEVER_SENT = "Never sent: every attempt failed before the email could be sent.";

/**
 * The end of a job that reached the dead-letter queue (the email queue gave up on it): its
 * record is marked dead, and it is never sent. A job that never got a record gets a dead
 * one, so that the back office shows it; one that was sent or withheld stays so.
 */
export async function markDead(deps: MailDeps, job: EmailJob): Promise<Delivery> {
  const { db, log } = deps;
  const key = await emailKey(job);
  const dead = { status: "dead" as const, claim: null, claimedAt: null, updatedAt: sql`CURRENT_TIMESTAMP` };
  const marked = await db
    .update(t.emails)
    .set(dead)
    .where(and(eq(t.emails.key, key), inArray(t.emails.status, ["failed", "sending"])))
    .returning({ id: t.emails.id });
  if (marked.length === 0) {
    const record = await db.select({ status: t.emails.status }).from(t.emails).where(eq(t.emails.key, key)).get();
    // Failed again between the two reads: the dead-letter queue retries this message.
    if (record?.status === "failed") throw new Error("the email's record changed while it was being marked dead");
    if (record) return settled(record.status);
    const email = await composeEmail(db, job);
    if (!email) return "nothing_to_send";
    await db
      .insert(t.emails)
      .values({ key, kind: job.kind, recipient: email.to, recipientKey: recipientKey(email.to), subject: email.subject, attempts: 0, error: NEVER_SENT, ...dead })
      .onConflictDoNothing();
  }
  log("email_dead", { kind: job.kind, key });
  return "dead";
}

/** Why a send failed, short, with any address in it left out (logs never carry one). */
export const sendError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]").slice(0, 200);
