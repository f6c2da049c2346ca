/**
 * Privacy policy (linked from the footer): what the shop really stores and sends, in plain
 * words. Kept in step with the server: the cookies of workers/edge/session.ts and the referral
 * cookie of workers/edge/referral.ts (docs/decisions/0026), the tables of
 * workers/db/schema/, the emails of workers/shop/emails/ and the insights of
 * workers/insights (docs/decisions/0022; tests/browser/insights.spec.ts holds the beacon to it).
 */
import { Link } from "react-router";
import { EMAILS } from "~/shared/contact";
import { Prose, TextPage } from "~/components/info/InfoPage";
import { BRAND_NAME } from "~/shared/constants";
import { REFERRAL_DAYS } from "~/shared/partners";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Privacy",
    description: `What ${BRAND_NAME} stores and why: five small cookies, a partner's link, your cart, reactions, applications, newsletter emails, demo orders and the emails we send. Card numbers are never sent or stored.`,
  });

/** The visitor's cookies (workers/edge/session.ts, workers/edge/referral.ts): name, what it holds, how long it lasts. */
const COOKIES: readonly { name: string; holds: string; lasts: string }[] = [
  {
    name: "rd_session",
    holds:
      "a random identifier and nothing else. It is created only when you first do something that needs it, such as adding to your cart or reacting to a product.",
    lasts: "one year",
  },
  {
    name: "rd_cart",
    holds:
      "the number of items in your cart, rewritten on every cart change, so the cart count in the header shows on pages we serve from our cache. It is only ever displayed: prices and totals are always read from your cart on our side.",
    lasts: "one year",
  },
  {
    name: "rd_d1",
    holds: "a database bookmark after you change something, so the next page shows your own change at once.",
    lasts: "one hour",
  },
  {
    name: "rd_reacted",
    holds: "the fact that you just reacted, set only on that product's page, so your next view of it counts your reaction.",
    lasts: "one minute",
  },
  {
    name: "rd_ref",
    holds:
      "the handle of the affiliate or creator whose link brought you here and when you clicked it, set only when you follow such a link (see Partner links below).",
    lasts: `${REFERRAL_DAYS} days`,
  },
];

export default function Privacy() {
  return (
    <TextPage
      eyebrow="Legal"
      title="Privacy Policy"
      lede="Short version: we keep only what the shop needs to work, we never see your card number, and we never sell your data."
      sections={[
        {
          id: "cookie",
          title: "The visitor cookies",
          content: (
            <Prose>
              <p>
                Just browsing leaves no cookie behind. Once you use the cart or react to a product, or arrive through a partner&apos;s link, the shop sets up to
                five small cookies. None of them holds your name, your email or anything about what you browse:
              </p>
              <ul>
                {COOKIES.map((cookie) => (
                  <li key={cookie.name}>
                    <code>{cookie.name}</code>: {cookie.holds} It lasts <strong>{cookie.lasts}</strong>.
                  </li>
                ))}
              </ul>
              <p>
                Every one of them is <strong>HttpOnly</strong> (scripts on the page can&apos;t read it) and sent only to this site (SameSite=Lax). On the live
                site they are sent only over HTTPS, and their names start with <code>__Host-</code> (or <code>__Secure-</code> for the one set on a single
                page), which tells your browser to accept them from this site alone. Deleting your cookies ends them sooner.
              </p>
              <p>We don't use advertising or analytics cookies, and we load no third-party trackers.</p>
            </Prose>
          ),
        },
        {
          id: "partner-links",
          title: "Partner links",
          content: (
            <Prose>
              <p>
                Our affiliates and creators share links of their own (<code>/r/</code> and their handle) and personal discount codes. Following such a link sets
                the <code>rd_ref</code> cookie: a <strong>first-party</strong> cookie, set by this site and sent only to it, holding that partner&apos;s handle
                and when you clicked. It lasts <strong>{REFERRAL_DAYS} days</strong>, and the <strong>last click wins</strong>: following another partner&apos;s
                link replaces it.
              </p>
              <p>
                If you order within those {REFERRAL_DAYS} days, the order records which partner referred you, so we can pay them their commission. A
                partner&apos;s code used at checkout credits that partner instead, whichever link you came through. A partner ordering with their own email
                earns nothing.
              </p>
              <p>
                <strong>No third party receives anything about you.</strong> The partner sees only a masked order number, its date, its amounts and its status:
                never your name, email, address or what you bought. Clicks on a link are counted as one total per partner and day, with no address, browser
                description or cookie kept, and prefetches and crawlers are not counted.
              </p>
              <p>
                If your browser sends <strong>Global Privacy Control</strong>, a partner&apos;s link still brings you here, but it sets no cookie and your click
                is not counted, and a referral cookie set earlier is ignored: crediting your order to the partner would tell them, a third party, that you
                bought. A partner&apos;s code you type at checkout still credits them, because you chose to.
              </p>
            </Prose>
          ),
        },
        {
          id: "what-we-store",
          title: "What we store",
          content: (
            <Prose>
              <p>
                Linked to the random identifier in <code>rd_session</code>, and to nothing that names you:
              </p>
              <ul>
                <li>
                  <strong>Your cart:</strong> which products are in it and how many. Your browser also keeps a copy in local storage so the cart shows at once
                  when a page loads.
                </li>
                <li>
                  <strong>Your reactions:</strong> which emoji you tapped on which product, so each counts once. A reaction from a browser we don't know yet
                  also keeps a one-way fingerprint of your network (never the address itself), so reactions from one network without a cookie count once.
                </li>
                <li>
                  <strong>Recommendation views:</strong> which product recommendations you have seen and clicked, so we don't show the same one again.
                </li>
              </ul>
              <p>And only when you send them to us:</p>
              <ul>
                <li>
                  <strong>Applications:</strong> what you enter in the affiliate, content creator or wholesale vendor application, including your contact
                  details and, for creators, your payment details. Applications are private: only the shop&apos;s owner reads them. If we approve a content
                  creator application, we may show that creator&apos;s public profile among the featured creators on the creators page: the name, bio, social
                  links and portfolio links from the application, never the contact or payment details. Ask us and we take it down.
                </li>
                <li>
                  <strong>Newsletter emails:</strong> the address you sign up with.
                </li>
                <li>
                  <strong>Demo orders:</strong> the email and shipping address from the checkout, the products, any bundle savings and the totals. The
                  cardholder name is checked when you pay and never stored. The checkout is a demo, so no payment is taken.
                </li>
              </ul>
              <p>
                <strong>Emails we send you:</strong> an order confirmation after checkout, a note that your application arrived, and our decision on it. We keep
                a record of each one (the address it went to, its subject, when, and whether it was delivered), not its text.
              </p>
              <p>The community forum's search, join box and rating widget work entirely in your browser: nothing you type there is sent to us.</p>
            </Prose>
          ),
        },
        {
          id: "measuring",
          title: "What we count, in daily totals only",
          content: (
            <Prose>
              <p>
                To know what sells and how fast the shop really is, we count, with no cookie, no identifier and nothing that could tell one visitor from
                another. All we keep are totals per day:
              </p>
              <ul>
                <li>
                  <strong>Pages viewed</strong>, by the kind of page (&ldquo;a product page&rdquo;, &ldquo;the cart&rdquo;), never the address you typed or what
                  follows its <code>?</code>; and <strong>visits</strong>, a page opened from another site, a link or a bookmark (we can&apos;t tell whether
                  that was you again, so one person may count twice).
                </li>
                <li>
                  <strong>Which products</strong> were viewed and added to a cart, how many checkouts were started and how many orders placed.
                </li>
                <li>
                  <strong>What was searched for</strong>, in lower case and cut to 64 characters, and whether it found anything, once the same search has been
                  made 3 times in a day (until then it is counted only as a fingerprint that cannot be read back), and at most 200 different searches a day. A
                  search that looks like an email address or a phone number is never counted at all. It is the only text we keep from what visitors type, so
                  please don&apos;t put anything personal into the search.
                </li>
                <li>
                  <strong>How fast the pages were</strong>: on pages that run JavaScript, once the page has loaded, a small script sends how long its largest
                  part took to appear (Largest Contentful Paint), how quickly it answered a tap or click (Interaction to Next Paint), how much it moved about
                  (Cumulative Layout Shift) and how soon its first byte arrived (Time to First Byte). Each is kept only as one more in a range of values, such
                  as &ldquo;between 1.2 and 1.3 seconds&rdquo;. Pages that need no JavaScript run none and measure nothing.
                </li>
              </ul>
              <p>
                The script sends only the page&apos;s path and those timings, without cookies. Neither it nor our server keeps your network address, your
                browser&apos;s description or any single visit. If your browser sends <strong>Global Privacy Control</strong>, we count nothing of yours at all,
                and the script is never even loaded. Search engines&apos; crawlers and pages your browser only fetched ahead of time are not counted either.
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
                <strong>Card numbers are never sent to our server or stored.</strong> The card number, expiry date and security code fields at checkout stay in
                your browser; they are not part of what the checkout sends, and no payment is processed. The cardholder name is sent with the form so it can be
                checked, and is dropped before anything is stored.
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
                <li>To confirm your order and to review applications and reply to applicants, by email.</li>
                <li>To pay our affiliates and creators their commission on the orders their link or code brought.</li>
                <li>To send the newsletter you asked for; every email has an unsubscribe link.</li>
                <li>
                  To keep the site safe: form submissions and cart changes are rate-limited per network address over a short window. Those counters are not kept
                  with your data.
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
                Clear your cookies and local storage to unlink your cart, reactions and recommendation views from this browser. To see, correct or delete an
                application, a newsletter signup or an order, email <a href={`mailto:${EMAILS.privacy}`}>{EMAILS.privacy}</a> from the address you used; we
                answer within 30 days.
              </p>
              <p>
                Questions about this policy go to the same address. See also our{" "}
                <Link prefetch="intent" to="/terms">
                  terms
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
