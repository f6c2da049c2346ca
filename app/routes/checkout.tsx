/**
 * /checkout (spec section 2): the demo checkout. Its loader and its action (where the form
 * posted without JavaScript and the JavaScript flow meet) are in checkout.server.ts.
 */
import { useCart } from "~/components/cart/cart-context";
import { CheckoutScreen } from "~/components/checkout/Checkout";
import { checkoutAction, loadCheckoutPage } from "~/routes/checkout.server";
import { ToastBanner } from "~/components/forms/ToastBanner";
import { PAYMENT_SUCCESSFUL } from "~/content/toasts";
import { getShop } from "~/context.server";
import { BRAND_NAME } from "~/shared/constants";
import { seoMeta } from "~/lib/seo";
import { container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/checkout";

export const loader = ({ request, context }: Route.LoaderArgs) => loadCheckoutPage(getShop(context), request);

/** The page is this visitor's cart and order: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = (args: Route.ActionArgs) => checkoutAction(args);

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Checkout",
    description: `Check out your ${BRAND_NAME} order. A demo checkout: no real payment is processed.`,
  });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  // The browser's cart once it has loaded; before that, and without JavaScript, the server's.
  const lines = cart.ready ? cart.items : loaderData.lines;
  return (
    <main className={`${container} ${pageMain}`}>
      {/* The route's own answer is the form posted without JavaScript (with it, a fetcher places the order and toasts). */}
      {actionData && "order" in actionData && actionData.order ? <ToastBanner toast={PAYMENT_SUCCESSFUL} /> : null}
      <CheckoutScreen
        lines={lines}
        serverLines={loaderData.lines}
        bundles={loaderData.bundles}
        code={loaderData.code}
        checkoutKey={loaderData.checkoutKey}
        problems={loaderData.problems}
        choices={loaderData.choices}
        priceChanges={loaderData.priceChanges}
        actionData={actionData}
      />
    </main>
  );
}
