/**
 * /partner: a signed-in partner's own page (issue 34, item 6). Only for the partner a session
 * names (anyone else is sent to /login), read for them alone; private, never kept, never
 * indexed. Its loader and action: partner.server.ts.
 */
import { loadPartnerPage, partnerPageAction } from "~/routes/partner.server";
import { PartnerScreen } from "~/components/partners/PartnerPage";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/partner";

export const loader = ({ request, context }: Route.LoaderArgs) => loadPartnerPage({ request, context });

export const action = ({ request, context }: Route.ActionArgs) => partnerPageAction({ request, context });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Your partner page",
    description: "Your Raw Dogg partner link, code, orders, commission and payouts.",
    noindex: true,
    canonical: false,
  });

export default function Partner({ loaderData, actionData }: Route.ComponentProps) {
  return <PartnerScreen partner={loaderData} actionData={actionData} />;
}
