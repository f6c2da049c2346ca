/**
 * /newsletter/confirm?token=…: where a newsletter confirmation email's link leads (double
 * opt-in, decision 0014). Opening the link changes nothing: mail clients and link scanners
 * open links on their own, so the page asks its visitor to press a button, a plain form
 * post that confirms the address. It works without JavaScript and ships none. The
 * confirmation emails the address its welcome code; the page says it is on its way, and
 * never shows the code (the email is what proves the address).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formAction, type Shop } from "~/components/forms/page-action.server";
import { PageHero } from "~/components/info/InfoPage";
import { getShop } from "~/context.server";
import { seoMeta } from "~/lib/seo";
import { NewsletterConfirmationSchema } from "~/shared/schemas";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/newsletter-confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await getShop(context).applications.newsletterConfirmationState(token);
  // The token goes back into the page only for the form that confirms it.
  return { state, token: state === "ready" ? token : "" };
}

/** What the button did: null when the post could not be read or done. */
type Confirmed = { confirmed: Awaited<ReturnType<Shop["applications"]["confirmNewsletter"]>> | null };

export async function action({ request, context }: Route.ActionArgs) {
  return formAction<typeof NewsletterConfirmationSchema, Confirmed>({
    request,
    context,
    schema: NewsletterConfirmationSchema,
    idle: { confirmed: null },
    failureMessage: "Sorry, we couldn't confirm your email address just now. Please try again.",
    perform: async ({ token }) => ({ confirmed: await getShop(context).applications.confirmNewsletter(token, new URL(request.url).origin) }),
  });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Confirm your email address",
    description: "Confirm your email address for the Raw Dogg newsletter.",
    noindex: true,
  });

/** The page: one band saying where the link stands, and what to do next. */
const Screen = ({ title, lede, children }: { title: string; lede: string; children: ReactNode }) => (
  <main>
    <PageHero eyebrow="The Pound newsletter" title={title} lede={lede}>
      {children}
    </PageHero>
  </main>
);

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.confirmed?.state ?? loaderData.state;
  const failed = actionData?.result.error?.[""]?.[0];
  if (state === "confirmed") {
    const welcomePercent = actionData?.confirmed?.welcomePercent;
    const welcome = welcomePercent ? ` Your welcome code for ${welcomePercent}% off your first order is on its way by email.` : "";
    return (
      <Screen
        title="You're on the list"
        lede={`Your email address is confirmed.${welcome} Watch your inbox for drops, restocks and members-only deals. One email a week, tops.`}
      >
        <Link prefetch="intent" to="/products" className={button.primary}>
          Shop Condoms
        </Link>
      </Screen>
    );
  }
  if (state === "ready") {
    return (
      <Screen title="Confirm your email address" lede={failed ?? "One more step: press the button to start getting the newsletter at this address."}>
        <form method="post" aria-label="Confirm your email address">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={button.primary}>
            CONFIRM MY EMAIL
          </button>
        </form>
      </Screen>
    );
  }
  return (
    <Screen title="This link doesn't work" lede="It may have expired, or a newer email replaced it. Sign up again and we'll email you a fresh link.">
      <Link prefetch="intent" to="/#newsletter" className={button.primary}>
        Sign Up Again
      </Link>
    </Screen>
  );
}
