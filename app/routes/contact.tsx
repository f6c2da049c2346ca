/**
 * Contact (linked from the footer): who to email about what, and when we answer. No form:
 * each address is a mailto link, so nothing is collected on this page.
 */
import { Link } from "react-router";
import { DEMO_ORDER_NOTE, EMAILS, SUPPORT_HOURS, SUPPORT_REPLY_TIME } from "~/shared/contact";
import * as css from "~/components/info/info.css";
import { Callout, Card, InfoPage, Section } from "~/components/info/InfoPage";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Contact",
    description: `Contact Raw Dogg customer care at ${EMAILS.support}, ${SUPPORT_HOURS}. Partner, wholesale, press and careers contacts.`,
  });

const CHANNELS = [
  { title: "Customer care", email: EMAILS.support, text: "Products, sizing, your cart, shipping and returns." },
  { title: "Affiliates", email: EMAILS.affiliates, text: "Commission, payouts and your affiliate link." },
  { title: "Content creators", email: EMAILS.creators, text: "Briefs, collaborations and creator payments." },
  { title: "Wholesale", email: EMAILS.wholesale, text: "Bulk orders, pre-orders and stocking Raw Dogg." },
  { title: "Press", email: EMAILS.press, text: "Interviews, samples and brand assets." },
  { title: "Careers and HR", email: EMAILS.hr, text: "Jobs, benefits and anything for our people team." },
];

export default function Contact() {
  return (
    <InfoPage
      eyebrow="Customer service"
      title="Contact Us"
      lede="Real people, straight answers, zero judgement. Email the team that fits your question and we'll get back to you fast."
    >
      <Section id="hours" title="Customer care">
        <div className={css.introCard}>
          <div className={css.prose}>
            <p>
              Email <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a> and a member of our customer care team replies {SUPPORT_REPLY_TIME}.
            </p>
            <p>
              <strong>Hours:</strong> {SUPPORT_HOURS}. Messages sent outside these hours are answered the next business day.
            </p>
            <p>
              Many answers are already in the{" "}
              <Link prefetch="intent" to="/faq">
                FAQ
              </Link>
              , and on the{" "}
              <Link prefetch="intent" to="/shipping">
                shipping
              </Link>{" "}
              and{" "}
              <Link prefetch="intent" to="/returns">
                returns
              </Link>{" "}
              pages.
            </p>
          </div>
          <Callout title="About orders">
            <p>{DEMO_ORDER_NOTE}</p>
            <p>
              Every order has its own page: follow the link on the confirmation screen or in the order's emails to see where it is, its tracking link once
              shipped, and to cancel it before it is packed. Write to {EMAILS.support} with your order number (it looks like RD-7KQ3-9X2M) for anything else.
            </p>
          </Callout>
        </div>
      </Section>

      <Section id="teams" title="Who to email">
        <ul className={css.gridWide}>
          {CHANNELS.map((channel) => (
            <Card key={channel.email} title={channel.title} text={channel.text}>
              <p className={css.prose}>
                <a href={`mailto:${channel.email}`}>{channel.email}</a>
              </p>
            </Card>
          ))}
        </ul>
      </Section>
    </InfoPage>
  );
}
