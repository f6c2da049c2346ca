/** Terms of service (linked from the footer): the rules of using the shop, in plain words. */
import { Link } from "react-router";
import { EMAILS } from "~/shared/contact";
import { Prose, TextPage } from "~/components/info/InfoPage";
import { BRAND_NAME, TAX_RATE_PERCENT } from "~/shared/constants";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Terms",
    description: `The terms of using the ${BRAND_NAME} shop: the demo checkout, prices, shipping, returns, partner programmes and the community.`,
  });

export default function Terms() {
  return (
    <TextPage
      eyebrow="Legal"
      title="Terms of Service"
      lede={`The rules for using the ${BRAND_NAME} shop. By browsing, adding to your cart or applying to a programme, you agree to them.`}
      sections={[
        {
          id: "age",
          title: "Who can use the shop",
          content: (
            <Prose>
              <p>
                You must be 18 or older, or the age of majority where you live, to buy from {BRAND_NAME}, sign up for the newsletter or apply to a partner
                programme.
              </p>
            </Prose>
          ),
        },
        {
          id: "demo",
          title: "The demo checkout",
          content: (
            <Prose>
              <p>
                Checkout on this site is a demonstration. No payment is processed, no card is charged and no goods are shipped, even when an order is shown as
                successful. Don't enter a real card number: any number works, and card details are never sent to us.
              </p>
            </Prose>
          ),
        },
        {
          id: "prices",
          title: "Prices and orders",
          content: (
            <Prose>
              <ul>
                <li>Prices are in US dollars. Sales tax of {TAX_RATE_PERCENT}% of the subtotal is added at checkout.</li>
                <li>
                  Shipping is always free: see{" "}
                  <Link prefetch="intent" to="/shipping">
                    shipping
                  </Link>
                  .
                </li>
                <li>A cart holds up to 99 of each product.</li>
                <li>We may correct a price or description that is plainly wrong, and will tell you before anything is charged.</li>
              </ul>
            </Prose>
          ),
        },
        {
          id: "returns",
          title: "Returns",
          content: (
            <Prose>
              <p>
                Our{" "}
                <Link prefetch="intent" to="/returns">
                  returns policy
                </Link>{" "}
                is part of these terms. It doesn't limit any rights you have under consumer law.
              </p>
            </Prose>
          ),
        },
        {
          id: "health",
          title: "Health information",
          content: (
            <Prose>
              <p>
                Our safety advice is general information, not medical advice. Condoms greatly reduce but don't eliminate the risk of pregnancy and sexually
                transmitted infections. Follow the instructions in every box and read our{" "}
                <Link prefetch="intent" to="/about#safety">
                  safety guidance
                </Link>
                ; for anything personal, talk to a doctor or pharmacist.
              </p>
            </Prose>
          ),
        },
        {
          id: "programmes",
          title: "Partner programmes",
          content: (
            <Prose>
              <p>
                Applying to the{" "}
                <Link prefetch="intent" to="/affiliate">
                  affiliate
                </Link>
                ,{" "}
                <Link prefetch="intent" to="/creators">
                  content creator
                </Link>{" "}
                or{" "}
                <Link prefetch="intent" to="/vendor-application">
                  wholesale vendor
                </Link>{" "}
                programme doesn't guarantee a place. Each programme's page sets out its commission, payment schedule and requirements, and an approved partner
                signs a separate agreement.
              </p>
            </Prose>
          ),
        },
        {
          id: "crypto",
          title: "The RAW token",
          content: (
            <Prose>
              <p>
                The RAW community token on the Solana chain is traded on a third-party launchpad platform, not sold by {BRAND_NAME}. Crypto assets are volatile
                and you can lose everything you put in. Nothing on this site is financial advice.
              </p>
            </Prose>
          ),
        },
        {
          id: "community",
          title: "Community and content",
          content: (
            <Prose>
              <p>
                Be respectful in the{" "}
                <Link prefetch="intent" to="/community">
                  community
                </Link>
                : no harassment, hate, explicit images or spam. The names, logo, music, videos and artwork on this site belong to {BRAND_NAME}; don't reuse them
                without permission.
              </p>
            </Prose>
          ),
        },
        {
          id: "contact",
          title: "Changes and contact",
          content: (
            <Prose>
              <p>
                We may update these terms; the version on this page is the one that applies. Questions? Email{" "}
                <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a>. Read how we handle data in our{" "}
                <Link prefetch="intent" to="/privacy">
                  privacy policy
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
