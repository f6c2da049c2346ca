/**
 * /newsletter: the action behind the home page's newsletter block (spec section 2; the
 * contract stores the email, once). The address is stored unconfirmed and sent a link to
 * confirm it (/newsletter/confirm; double opt-in). A plain form post that succeeds goes back to
 * `/?newsletter=subscribed#newsletter`; one that fails re-renders the block here with the
 * message beside the field. The block's JavaScript path asks with `?inline` and gets the
 * answer as data. Nothing lives at GET /newsletter: it goes to the block on the home page.
 */
import { redirect } from "react-router";
import { newsletterPageIntro } from "~/components/forms/forms.css";
import { NewsletterSignup } from "~/components/forms/NewsletterSignup";
import { storeFormAction } from "~/components/forms/page-action.server";
import { NEWSLETTER_FAILED } from "~/content/toasts";
import { NewsletterSchema } from "~/shared/schemas";
import { seoMeta } from "~/lib/seo";
import { container, displayHeading } from "~/styles/ui.css";
import type { Route } from "./+types/newsletter";

const NEWSLETTER_ANCHOR = "/#newsletter";
const NEWSLETTER_SUBSCRIBED_URL = "/?newsletter=subscribed#newsletter";

/** Only posts are handled here; a visit (any other method) is sent to the block itself. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => {
    if (request.method !== "POST") throw redirect(NEWSLETTER_ANCHOR);
  },
];

export async function action(args: Route.ActionArgs) {
  const inline = new URL(args.request.url).searchParams.has("inline");
  return storeFormAction(
    args,
    NewsletterSchema,
    NEWSLETTER_FAILED.description,
    // The confirmation link leads back to the shop as the visitor reached it.
    (shop, signup) => shop.applications.subscribeToNewsletter(signup, new URL(args.request.url).origin),
    () => (inline ? { submitted: true } : redirect(NEWSLETTER_SUBSCRIBED_URL)),
  );
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Newsletter",
    description: "Sign up for the Raw Dogg newsletter: drops, restocks and members-only deals.",
    noindex: true,
  });

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <header className={`${container} ${newsletterPageIntro}`}>
        <h1 className={displayHeading}>Almost there</h1>
        <p>Check your email address below and try again.</p>
      </header>
      <NewsletterSignup lastResult={actionData?.result} />
    </main>
  );
}
