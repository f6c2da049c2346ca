/**
 * /orders/{token}: the order's own page (docs/decisions/0021), reached by the link on the
 * success screen and in every email about the order. A capability URL: no sign-in, so the
 * Worker makes every answer under /orders private, no-store, noindex and without referrer,
 * and limits requests per client address (workers/downloads.ts). Its loader and action are
 * in order.server.ts; a token no placed order holds is a 404.
 */
import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { OrderNotFound, OrderScreen } from "~/components/order/OrderPage";
import { loadOrderPage, orderAction, type OrderPage } from "~/routes/order.server";
import { getShop } from "~/context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/order";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadOrderPage(getShop(context), params.token);
  return data(page, { status: page.status });
}

/**
 * The page as last drawn, per token, in this browser only: what a background refresh that
 * fails (past the page's limit per address, a dropped connection) keeps showing, instead of
 * trading the order for the error screen. The next refresh tries again.
 */
const lastDrawn = new Map<string, OrderPage>();

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs): Promise<OrderPage> {
  try {
    const page = await serverLoader();
    lastDrawn.set(params.token, page);
    return page;
  } catch (error) {
    const last = lastDrawn.get(params.token);
    if (last) return last;
    throw error;
  }
}

export const action = ({ request, context, params }: Route.ActionArgs) => orderAction({ request, context, token: params.token });

export const meta: Route.MetaFunction = (args) => [
  ...seoMeta(args, {
    title: args.loaderData?.status === 200 ? `Order ${args.loaderData.order.number}` : "Your order",
    description: "Where your Raw Dogg order is, what it holds, and its downloads.",
    noindex: true,
    canonical: false,
  }),
  // The header says it too; this keeps a saved copy of the page from sending its address on.
  { name: "referrer", content: "no-referrer" },
];

export default function Order({ loaderData: page, actionData, params }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The server's first answer is the page as drawn too (an effect: never on the server, whose module is shared).
  useEffect(() => {
    lastDrawn.set(params.token, page);
  }, [params.token, page]);
  if (page.status !== 200) return <OrderNotFound />;
  return <OrderScreen order={page.order} path={pathname} actionData={actionData} />;
}
