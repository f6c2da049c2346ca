/** Shipping (linked from the footer): always free, always discreet, and how long it takes. */
import { Link } from "react-router";
import { DEMO_ORDER_NOTE, EMAILS } from "~/shared/contact";
import * as css from "~/components/info/info.css";
import { Callout, Prose, TextPage } from "~/components/info/InfoPage";
import { seoMeta } from "~/lib/seo";
import { businessDays, DELIVERY, SAME_DAY_CUTOFF, US_DELIVERY_DAYS, WHOLESALE_WEEKS } from "~/shared/policies";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Shipping",
    description: `Raw Dogg shipping is always free and always discreet: plain packaging, a neutral return address, and delivery in ${businessDays(US_DELIVERY_DAYS)} across the US.`,
  });

export default function Shipping() {
  return (
    <TextPage
      eyebrow="Customer service"
      title="Shipping"
      lede="Shipping is always free, on every order, with no minimum spend. And nobody but you needs to know what's inside."
      intro={
        <Callout title="Demo orders">
          <p>{DEMO_ORDER_NOTE}</p>
        </Callout>
      }
      sections={[
        {
          id: "free",
          title: "Always free",
          content: (
            <Prose>
              <p>
                <strong>Shipping is always free.</strong> No minimum order, no surcharge for condoms or apparel, no catch. Your cart and checkout show shipping
                as Free, and the total you see is the total you pay: the subtotal plus sales tax.
              </p>
            </Prose>
          ),
        },
        {
          id: "discreet",
          title: "Discreet packaging",
          content: (
            <Prose>
              <ul>
                <li>A plain, unbranded mailer or box: no logo, no product names, no see-through windows.</li>
                <li>A neutral return address and a neutral packing slip.</li>
                <li>A neutral merchant name on your card or bank statement.</li>
              </ul>
            </Prose>
          ),
        },
        {
          id: "times",
          title: "Delivery times",
          content: (
            <>
              <Prose>
                <p>Orders placed before {SAME_DAY_CUTOFF} on a business day are packed the same day; later orders go out the next business day. Then:</p>
              </Prose>
              <div className={css.tableWrap}>
                <table className={css.table}>
                  <caption className={css.tableCaption}>Delivery after dispatch</caption>
                  <thead>
                    <tr>
                      <th scope="col">Destination</th>
                      <th scope="col">Delivery time</th>
                    </tr>
                  </thead>
                  <tbody>
                    {DELIVERY.map((row) => (
                      <tr key={row.region}>
                        <th scope="row">{row.region}</th>
                        <td>{businessDays(row.days)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Prose>
                <p>
                  Outside the United States, local duties or import taxes may apply and are charged by your country's customs, not by us. Wholesale orders
                  follow their own timeline of {WHOLESALE_WEEKS.min}-{WHOLESALE_WEEKS.max} weeks; see the{" "}
                  <Link prefetch="intent" to="/vendor-application">
                    vendor programme
                  </Link>
                  .
                </p>
              </Prose>
            </>
          ),
        },
        {
          id: "tracking",
          title: "Tracking and problems",
          content: (
            <Prose>
              <p>
                Every order gets a tracking link by email as soon as it ships. If a parcel is late, lost or arrives damaged, email{" "}
                <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a> with your order email and we'll send a replacement at no cost. Need to send something
                back? See{" "}
                <Link prefetch="intent" to="/returns">
                  returns
                </Link>
                .
              </p>
            </Prose>
          ),
        },
      ]}
    />
  );
}
