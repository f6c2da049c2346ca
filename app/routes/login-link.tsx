/**
 * /login/<token>: where a partner's emailed sign-in link leads (issue 34). Opening it changes
 * nothing (mail clients and link scanners open links on their own and would use it up): the
 * page offers one button, a plain form post, that signs in and goes to /partner. A link that
 * is used, older than 15 minutes or locked says so and leads back to /login. The token is a
 * secret: the Worker makes every answer under /login/ private, no-store, noindex and without
 * referrer (workers/downloads.ts `privateLinks`), and the path is logged without it.
 */
import { Link } from "react-router";
import { PageHero } from "~/components/info/InfoPage";
import { loadSignInLink, signInLinkAction } from "~/components/partners/sign-in.server";
import { SIGN_IN_PAGE } from "~/components/partners/words";
import { FormMessage } from "~/components/forms/ToastBanner";
import { firstMessage } from "~/components/forms/action-data";
import { getShop } from "~/context.server";
import { seoMeta } from "~/lib/seo";
import { SIGN_IN_MINUTES } from "~/shared/partners";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/login-link";

export const loader = ({ params, context }: Route.LoaderArgs) => loadSignInLink(getShop(context), params.token);

export const action = ({ request, context, params }: Route.ActionArgs) => signInLinkAction({ request, context, token: params.token });

export const meta: Route.MetaFunction = (args) => [
  ...seoMeta(args, { title: "Partner sign-in", description: "Sign in to your Raw Dogg partner page.", noindex: true, canonical: false }),
  { name: "referrer", content: "no-referrer" },
];

export default function LoginLink({ loaderData, actionData }: Route.ComponentProps) {
  const spent = actionData?.state === "spent" || loaderData.state === "spent";
  if (spent) {
    return (
      <main>
        <PageHero
          eyebrow="Partner sign-in"
          title="This link doesn't work"
          lede={`A sign-in link works once, for ${SIGN_IN_MINUTES} minutes. Ask for a new one: we'll email a fresh link and code.`}
        >
          <Link to={`${SIGN_IN_PAGE}#partner-sign-in`} className={button.primary}>
            Get A New Link
          </Link>
        </PageHero>
      </main>
    );
  }
  return (
    <main>
      <PageHero eyebrow="Partner sign-in" title="Sign in to your partner page" lede="One more step: press the button to sign in on this browser.">
        <form method="post" aria-label="Sign in with your link">
          <FormMessage message={firstMessage(actionData?.result)} />
          <input type="hidden" name="intent" value="link" />
          <button type="submit" className={button.primary}>
            Sign In
          </button>
        </form>
      </PageHero>
    </main>
  );
}
