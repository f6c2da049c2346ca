/** Returns (linked from the footer): what can come back, how, and how refunds work. */
import { Link } from "react-router";
import { DEMO_ORDER_NOTE, EMAILS } from "~/shared/contact";
import { Callout, Prose, TextPage } from "~/components/info/InfoPage";
import { seoMeta } from "~/lib/seo";
import { BANK_REFUND_DAYS, businessDays, RETURN_CHECK_BUSINESS_DAYS, RETURN_WINDOW_DAYS } from "~/shared/policies";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Returns",
    description: `Raw Dogg returns: unopened condoms and unworn apparel within ${RETURN_WINDOW_DAYS} days, free return shipping, and faulty products replaced any time.`,
  });

export default function Returns() {
  return (
    <TextPage
      eyebrow="Customer service"
      title="Returns"
      lede={`Changed your mind or got the wrong size? Send it back within ${RETURN_WINDOW_DAYS} days. Return shipping is on us.`}
      intro={
        <Callout title="Demo orders">
          <p>{DEMO_ORDER_NOTE} So there is nothing to return from this site; this is the policy for real Raw Dogg orders.</p>
        </Callout>
      }
      sections={[
        {
          id: "condoms",
          title: "Condoms",
          content: (
            <Prose>
              <p>
                <strong>Unopened boxes</strong> can be returned within {RETURN_WINDOW_DAYS} days of delivery for a full refund. For hygiene and safety reasons,
                we can't take back a box once it has been opened.
              </p>
              <p>
                <strong>Faulty products</strong> are different: if a foil arrives torn, a box is past its expiry date, or anything is wrong with a condom, email
                us a photo and we'll replace it straight away, opened or not, with no time limit.
              </p>
            </Prose>
          ),
        },
        {
          id: "apparel",
          title: "Apparel",
          content: (
            <Prose>
              <p>
                Tees, tanks, joggers and caps can be returned or exchanged within {RETURN_WINDOW_DAYS} days of delivery if they are unworn, unwashed and have
                their tags attached. Size exchanges are free and ship as soon as we receive your return.
              </p>
            </Prose>
          ),
        },
        {
          id: "music",
          title: "Music",
          content: (
            <Prose>
              <p>
                Digital downloads such as the single{" "}
                <Link prefetch="intent" to="/products/welcome-to-the-pound">
                  Welcome to the Pound
                </Link>{" "}
                can't be returned once downloaded. If a file won't play or download, tell us and we'll fix it or refund you.
              </p>
            </Prose>
          ),
        },
        {
          id: "how",
          title: "How to return",
          content: (
            <Prose>
              <ol>
                <li>
                  Email <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a> with your order email and what you're sending back.
                </li>
                <li>We reply within one business day with a prepaid, discreet return label.</li>
                <li>Pack the items, attach the label and drop the parcel at any post office.</li>
              </ol>
            </Prose>
          ),
        },
        {
          id: "refunds",
          title: "Refunds",
          content: (
            <Prose>
              <p>
                Once your return arrives, we check it within {RETURN_CHECK_BUSINESS_DAYS} business days and refund the full price, tax included, to your
                original payment method. Your bank may take another {businessDays(BANK_REFUND_DAYS)} to show it. Shipping was free, so there is nothing to
                deduct.
              </p>
            </Prose>
          ),
        },
      ]}
    />
  );
}
