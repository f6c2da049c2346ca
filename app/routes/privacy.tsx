/**
 * Privacy policy (linked from the footer): what the shop really stores, in plain words. Kept
 * in step with the server: the visitor cookie of workers/shop/visitor.ts and the tables of
 * workers/db/schema.ts.
 */
import { Link } from "react-router";
import { EMAILS } from "~/content/contact";
import { Prose, TextPage } from "~/components/info/InfoPage";
import { BRAND_NAME } from "~/lib/constants";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Privacy",
    description:
      `What ${BRAND_NAME} stores and why: one visitor cookie, your cart, reactions, applications, newsletter emails and demo orders. Card numbers are never sent or stored.`,
  });

const SESSION_COOKIE = "rd_session";

export default function Privacy() {
  return (
    <TextPage
      eyebrow="Legal"
      title="Privacy Policy"
      lede="Short version: we keep only what the shop needs to work, we never see your card number, and we never sell your data."
      sections={[
        {
          id: "cookie",
          title: "The visitor cookie",
          content: (
            <Prose>
              <p>
                The shop sets one cookie, <code>{SESSION_COOKIE}</code>. It holds a random identifier and nothing else: no name, no email,
                nothing about what you browse. It is created only when you first do something that needs it, such as adding to your cart or
                reacting to a product, so just browsing leaves no cookie behind.
              </p>
              <ul>
                <li>
                  It is <strong>HttpOnly</strong>: scripts on the page can't read it.
                </li>
                <li>It is sent only to this site (SameSite=Lax), and only over HTTPS on the live site.</li>
                <li>
                  It lasts <strong>one year</strong>, then expires. Deleting your cookies ends it sooner.
                </li>
              </ul>
              <p>We don't use advertising or analytics cookies, and we load no third-party trackers.</p>
            </Prose>
          ),
        },
        {
          id: "what-we-store",
          title: "What we store",
          content: (
            <Prose>
              <p>Linked to that random identifier, and to nothing that names you:</p>
              <ul>
                <li>
                  <strong>Your cart:</strong> which products are in it and how many. Your browser also keeps a copy in local storage so the
                  cart shows at once when a page loads.
                </li>
                <li>
                  <strong>Your reactions:</strong> which emoji you tapped on which product, so each counts once. A reaction from a
                  browser we don't know yet also keeps a one-way fingerprint of your network (never the address itself), so reactions
                  from one network without a cookie count once.
                </li>
                <li>
                  <strong>Recommendation views:</strong> which product recommendations you have seen and clicked, so we don't show the same
                  one again.
                </li>
              </ul>
              <p>And only when you send them to us:</p>
              <ul>
                <li>
                  <strong>Applications:</strong> what you enter in the affiliate, content creator or wholesale vendor application, including
                  your contact details and, for creators, your payment details. Applications are private and never shown on the site.
                </li>
                <li>
                  <strong>Newsletter emails:</strong> the address you sign up with.
                </li>
                <li>
                  <strong>Demo orders:</strong> the email and shipping address from the checkout, the products, any bundle savings and
                  the totals. The cardholder name is checked when you pay and never stored. The checkout is a demo, so no payment is
                  taken.
                </li>
              </ul>
              <p>
                The community forum's search, join box and rating widget work entirely in your browser: nothing you type there is sent to
                us.
              </p>
            </Prose>
          ),
        },
        {
          id: "cards",
          title: "Card numbers",
          content: (
            <Prose>
              <p>
                <strong>Card numbers are never sent to our server or stored.</strong> The card number, expiry date and security code fields
                at checkout stay in your browser; they are not part of what the checkout sends, and no payment is processed. The
                cardholder name is sent with the form so it can be checked, and is dropped before anything is stored.
              </p>
            </Prose>
          ),
        },
        {
          id: "use",
          title: "How we use it",
          content: (
            <Prose>
              <ul>
                <li>To run the shop: keep your cart, count reactions and pick recommendations.</li>
                <li>To review applications and reply to applicants.</li>
                <li>To send the newsletter you asked for; every email has an unsubscribe link.</li>
                <li>
                  To keep the site safe: form submissions and cart changes are rate-limited per network address over a short window. Those
                  counters are not kept with your data.
                </li>
              </ul>
              <p>We don't sell, rent or trade personal data, and we don't share it except with the hosting that runs the site.</p>
            </Prose>
          ),
        },
        {
          id: "choices",
          title: "Your choices",
          content: (
            <Prose>
              <p>
                Clear your cookies and local storage to unlink your cart, reactions and recommendation views from this browser. To see,
                correct or delete an application, a newsletter signup or an order, email{" "}
                <a href={`mailto:${EMAILS.privacy}`}>{EMAILS.privacy}</a> from the address you used; we answer within 30 days.
              </p>
              <p>
                Questions about this policy go to the same address. See also our <Link prefetch="intent" to="/terms">terms</Link>.
              </p>
            </Prose>
          ),
        },
      ]}
    />
  );
}
