/**
 * Login (linked from the header; the spec leaves its content open). The shop has no customer
 * accounts, so this page says so plainly: shopping and checkout need no account, the cart
 * stays with this browser, and partners apply through the programmes. The community's 'Login
 * To Rate' and 'Sign Up Now' lead here.
 *
 * Partners (approved affiliates and creators) sign in here without a password (issue 34):
 * an emailed one-time link (/login/<token>) or 6-digit code, then their page at /partner.
 * The page is the same for everyone (kept by the page cache, `?step=` chooses the form) and
 * its forms are plain posts: it ships no JavaScript. Its action: app/components/partners/sign-in.server.ts.
 */
import { Link, useSearchParams } from "react-router";
import { PartnerSignIn, SIGN_IN_SECTION, SIGN_IN_STEPS, type SignInStep } from "~/components/partners/PartnerSignIn";
import { signInAction } from "~/components/partners/sign-in.server";
import { EMAILS } from "~/shared/contact";
import * as css from "~/components/info/info.css";
import { InfoPage, LinkCard, Section } from "~/components/info/InfoPage";
import { button } from "~/styles/ui.css";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Login",
    description:
      "You don't need an account to shop Raw Dogg: your cart stays with your browser and checkout takes no sign-in. Partners sign in here with their email.",
  });

export const action = signInAction;

const PROGRAMMES = [
  { to: "/affiliate", title: "Affiliate Program", text: "Earn up to 25% commission on every sale you refer, paid monthly." },
  {
    to: "/creators",
    title: "Content Creators",
    text: "Make content with the brand and get paid for it. Applications reviewed within 48 hours.",
  },
  { to: "/vendor-application", title: "Wholesale Vendors", text: "Stock Raw Dogg in your store, with margins up to 60%." },
];

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("step");
  const step: SignInStep = SIGN_IN_STEPS.find((known) => known === asked) ?? null;
  return (
    <InfoPage
      eyebrow="Login"
      title="No account needed"
      lede="Shoppers don't need an account: Raw Dogg has no customer accounts, so there is no password to remember and nothing to sign in to. Just shop. Partners sign in below with their email."
      actions={
        <>
          <Link prefetch="intent" to="/products" className={button.primary}>
            Shop Condoms
          </Link>
          <Link prefetch="intent" to="/cart" className={button.secondary}>
            View Your Cart
          </Link>
        </>
      }
    >
      <Section id={SIGN_IN_SECTION} title="Partner sign-in">
        <PartnerSignIn actionData={actionData} step={step} />
      </Section>

      <div className={css.grid}>
        <article className={css.card}>
          <h2 className={css.cardTitle}>Shopping and checkout</h2>
          <p className={css.cardText}>
            Browse, add to cart and check out without an account. Checkout asks for an email, a shipping address and the cardholder name, and on this site it is
            a demo: no payment is taken.
          </p>
        </article>
        <article className={css.card}>
          <h2 className={css.cardTitle}>Your cart stays with this browser</h2>
          <p className={css.cardText}>
            Your cart is kept on this device by a cookie, so it's still there when you come back on the same browser. A different device or a private window
            starts a fresh cart. See the{" "}
            <Link prefetch="intent" to="/privacy">
              privacy policy
            </Link>{" "}
            for what the cookie holds.
          </p>
        </article>
        <article className={css.card}>
          <h2 className={css.cardTitle}>Community features</h2>
          <p className={css.cardText}>
            Reading the{" "}
            <Link prefetch="intent" to="/community">
              community forum
            </Link>{" "}
            is open to everyone. Rating, creating a profile and posting topics need a sign-in, which isn't open on this site, so those buttons lead here.
          </p>
        </article>
        <article className={css.card}>
          <h2 className={css.cardTitle}>Staff</h2>
          <p className={css.cardText}>
            The{" "}
            <Link prefetch="intent" to="/staff-portal">
              staff portal
            </Link>{" "}
            and the{" "}
            <Link prefetch="intent" to="/employee-benefits">
              benefits page
            </Link>{" "}
            are open without a login.
          </p>
        </article>
      </div>

      <Section id="partners" title="Not a partner yet? Apply">
        <p className={css.cardText}>Working with Raw Dogg starts with an application, not an account. Pick your programme:</p>
        <ul className={css.grid}>
          {PROGRAMMES.map((programme) => (
            <LinkCard key={programme.to} {...programme} cue="Apply →" />
          ))}
        </ul>
        <p className={css.cardText}>
          Once approved, you get your link, your code and a sign-in link by email. Questions go to{" "}
          <a href={`mailto:${EMAILS.affiliates}`}>{EMAILS.affiliates}</a>.
        </p>
      </Section>
    </InfoPage>
  );
}
