/**
 * FAQ (linked from the footer): answers grouped by topic, each group a single-open accordion.
 * The numbers are the spec's constants (section 9): free shipping, 8% tax, the demo checkout,
 * the affiliate, creator and vendor programmes.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DEMO_ORDER_NOTE, EMAILS } from "~/shared/contact";
import * as css from "~/components/info/info.css";
import { InfoPage, Section } from "~/components/info/InfoPage";
import { Accordion, type AccordionItem } from "~/components/ui/Accordion";
import { MAX_LINE_QUANTITY, TAX_RATE_PERCENT } from "~/shared/constants";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "FAQ",
    description: "Raw Dogg FAQ: free, discreet shipping, the demo checkout, returns, condom safety, and our affiliate, creator and wholesale programmes.",
  });

const answer = (...paragraphs: ReactNode[]) => (
  <div className={css.prose}>
    {paragraphs.map((paragraph, index) => (
      <p key={index}>{paragraph}</p>
    ))}
  </div>
);

const ORDERS: AccordionItem[] = [
  {
    id: "shipping-cost",
    title: "How much is shipping?",
    content: answer(
      <>
        Nothing. Shipping is always free, on every order, with no minimum. See{" "}
        <Link prefetch="intent" to="/shipping">
          shipping
        </Link>{" "}
        for delivery times.
      </>,
    ),
  },
  {
    id: "discreet",
    title: "Is the packaging discreet?",
    content: answer(
      "Always. Orders ship in a plain, unbranded mailer with a neutral return address, and your bank statement shows a neutral merchant name, not the product.",
    ),
  },
  {
    id: "demo-checkout",
    title: "Will my card be charged?",
    content: answer(
      <>{DEMO_ORDER_NOTE}</>,
      "The checkout is a demo: you can type any card number to try it. Card numbers, expiry dates and security codes are never sent to our server or stored.",
    ),
  },
  {
    id: "tax",
    title: "Is tax included in the price?",
    content: answer(`Prices are shown before tax. At checkout we add ${TAX_RATE_PERCENT}% sales tax on the subtotal; shipping stays free.`),
  },
  {
    id: "account",
    title: "Do I need an account?",
    content: answer(
      <>
        No. Your cart stays with this browser, and checkout needs no sign-in. More on the{" "}
        <Link prefetch="intent" to="/login">
          login page
        </Link>
        .
      </>,
    ),
  },
  {
    id: "quantity",
    title: "Is there a limit on how many I can order?",
    content: answer(
      <>
        You can add up to {MAX_LINE_QUANTITY} of each product to your cart. Buying for a store or an event? Our{" "}
        <Link prefetch="intent" to="/vendor-application">
          wholesale programme
        </Link>{" "}
        is made for that.
      </>,
    ),
  },
  {
    id: "returns",
    title: "Can I return something?",
    content: answer(
      <>
        Yes: unopened products and unworn apparel within 30 days, and faulty products at any time. The details are on our{" "}
        <Link prefetch="intent" to="/returns">
          returns
        </Link>{" "}
        page.
      </>,
    ),
  },
];

const PRODUCTS: AccordionItem[] = [
  {
    id: "material",
    title: "What are Raw Dogg condoms made of?",
    content: answer("Premium natural rubber latex. Every condom is electronically tested, and used correctly they are 99.9% effective."),
  },
  {
    id: "latex-allergy",
    title: "I'm allergic to latex. Can I use them?",
    content: answer(
      <>
        No: all our condoms are latex. Choose a polyisoprene or polyurethane condom instead, and talk to a doctor or pharmacist. Read more in{" "}
        <Link prefetch="intent" to="/about#safety">
          Safety
        </Link>
        .
      </>,
    ),
  },
  {
    id: "size",
    title: "Which size is right for me?",
    content: answer(
      <>
        Most people fit our standard condoms such as{" "}
        <Link prefetch="intent" to="/products/plain-jane">
          Plain Jane
        </Link>
        . If standard condoms feel tight, try the magnum-size{" "}
        <Link prefetch="intent" to="/products/24k-gold">
          24k Gold
        </Link>
        . A condom should fit snugly without pinching or slipping.
      </>,
    ),
  },
  {
    id: "storage",
    title: "How should I store condoms, and do they expire?",
    content: answer(
      "Keep them cool and dry, out of sunlight and not in a wallet for long. Every foil shows an expiry date: never use a condom past it or with a damaged wrapper.",
    ),
  },
];

const PARTNERS: AccordionItem[] = [
  {
    id: "affiliate",
    title: "How does the affiliate programme pay?",
    content: answer(
      "You earn commission on the sales you refer, by your cumulative sales: 15% from $0 to $1,000, 20% from $1,001 to $5,000, and 25% from $5,001 up. Your referral cookie lasts 30 days.",
      "Payouts go out monthly on the 15th by direct deposit, PayPal or crypto, once you have earned at least $50; smaller balances roll over to the next month. Applications are reviewed within 48 hours.",
      <>
        <Link prefetch="intent" to="/affiliate">
          Apply to the affiliate programme
        </Link>
        .
      </>,
    ),
  },
  {
    id: "creators",
    title: "How do content creators get paid?",
    content: answer(
      "Creator applications are reviewed within 48 hours. Once you're in, retained creators are paid bi-weekly, project work net-15 (within 15 days of an approved delivery), royalties monthly and performance bonuses quarterly.",
      <>
        <Link prefetch="intent" to="/creators">
          Apply as a creator
        </Link>
        , or see{" "}
        <Link prefetch="intent" to="/employee-benefits?tab=payouts">
          creator payouts
        </Link>{" "}
        for the details.
      </>,
    ),
  },
  {
    id: "wholesale",
    title: "What do I need to sell Raw Dogg in my store?",
    content: answer(
      "At least 1 year in business. The minimum order is 1,000 units per product, or a mixed order of 2,500 units in total with at least 500 per product type. Custom branding is available on orders over 10,000 units.",
      "We review applications within 3-5 business days, deliver in 4-6 weeks, and our retail partners earn margins up to 60%.",
      <>
        <Link prefetch="intent" to="/vendor-application">
          Apply as a vendor
        </Link>{" "}
        or email <a href={`mailto:${EMAILS.wholesale}`}>{EMAILS.wholesale}</a>.
      </>,
    ),
  },
];

const GROUPS = [
  { id: "orders", title: "Orders & Shipping", items: ORDERS },
  { id: "products", title: "Products & Safety", items: PRODUCTS },
  { id: "partners", title: "Partner Programmes", items: PARTNERS },
];

export default function Faq() {
  return (
    <InfoPage
      eyebrow="Customer service"
      title="FAQ"
      lede={
        <>
          Quick answers to what the pound asks most. Can't find yours? Email <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a>.
        </>
      }
    >
      {GROUPS.map((group) => (
        <Section key={group.id} id={group.id} title={group.title}>
          <Accordion id={`faq-${group.id}`} items={group.items} defaultOpenId={null} />
        </Section>
      ))}
    </InfoPage>
  );
}
