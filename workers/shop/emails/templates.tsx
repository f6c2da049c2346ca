/** @jsxImportSource hono/jsx */
/**
 * What the shop's other emails say: an application received and reviewed, the newsletter's
 * confirmation and welcome code, and a partner's welcome, paid payout and sign-in (the
 * orders' are order-templates.tsx). Every email has a plain-text part and a simple HTML
 * part; subjects hold only the shop's own words. Text a sender typed greets only through
 * the name rule (recipients.ts).
 */
import { BRAND_NAME } from "../../../app/shared/constants";
import { EMAILS } from "../../../app/shared/contact";
import { formatPrice } from "../../../app/shared/money";
import { BRACKETS_IN_WORDS, PARTNER_CODE_PERCENT, PAYOUT_DAY, PAYOUT_MINIMUM_CENTS, REFERRAL_DAYS, SIGN_IN_MINUTES } from "../../../app/shared/partners";
import { PROGRAMME_NAMES, REVIEW_TIME, type Programme } from "../../../app/shared/programmes";
import type { PartnerProgramme } from "../../db/schema";
import { CONFIRMATION_LINK_DAYS } from "../applications";
import { maskedDetails, PAYOUT_METHOD_NAMES } from "../partners/display";
import { action, codeBox, CONTACT, document, greet, heading, Letter, quote, type Email } from "./letter";

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
  programme: PartnerProgramme;
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
    payout: welcome.payoutKnown
      ? null
      : `Before your first payout, tell us how you would like to be paid (PayPal, bank transfer or crypto): write to ${contact}.`,
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
export type PayoutForEmail = {
  programme: PartnerProgramme;
  name: string;
  to: string;
  amount: number;
  runDate: string;
  method: string | null;
  details: string | null;
  signIn: string | null;
};

/** The email a partner gets when the owner marks their payout paid: how much, for which run, and where it went (masked). */
export function payoutPaid(payout: PayoutForEmail): Email {
  const where = payout.method
    ? `by ${PAYOUT_METHOD_NAMES[payout.method as keyof typeof PAYOUT_METHOD_NAMES] ?? payout.method}${payout.details ? ` to your account ${maskedDetails(payout.details)}` : ""}`
    : "";
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
const runDateText = (runDate: string) =>
  new Date(`${runDate}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

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
