/**
 * /checkout (spec section 2): the demo checkout. The action is where both paths meet:
 * a form posted without JavaScript, and the same form data sent by the JavaScript flow
 * after its 2 s processing delay, are validated with CheckoutSchema and placed as an
 * order (recorded with lines and totals, cart cleared on the server). The form carries the
 * checkout's key, so a repeated submission answers with the order already placed.
 */
import { useCart } from "~/components/cart/cart-context";
import type { CheckoutOutcome } from "~/components/checkout/action-data";
import { CheckoutScreen } from "~/components/checkout/Checkout";
import { formAction } from "~/components/forms/page-action.server";
import { ToastBanner } from "~/components/forms/ToastBanner";
import { CHECKOUT_FAILED, PAYMENT_SUCCESSFUL } from "~/content/toasts";
import { getShop } from "~/context.server";
import { BRAND_NAME } from "~/shared/constants";
import { CheckoutSchema } from "~/shared/schemas";
import { seoMeta } from "~/lib/seo";
import { container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/checkout";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShop(context);
  // The cart first: its read carries the current catalog, whose bundles then price it.
  const lines = await shop.cart.listCart();
  const bundles = await shop.catalog.listBundles();
  // This checkout's key, carried by the form: submitting it again answers with the same order.
  return { lines, bundles, checkoutKey: crypto.randomUUID() };
}

/** The page is this visitor's cart and order: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction<typeof CheckoutSchema, CheckoutOutcome>({
    request,
    context,
    schema: CheckoutSchema,
    idle: { order: null },
    failureMessage: CHECKOUT_FAILED.description,
    perform: async (checkout) => {
      const order = await getShop(context).checkout.placeOrder(checkout);
      return { order: { id: order.id, email: checkout.email } };
    },
  });

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
      {actionData?.order ? <ToastBanner toast={PAYMENT_SUCCESSFUL} /> : null}
      <CheckoutScreen lines={lines} serverLines={loaderData.lines} bundles={loaderData.bundles} checkoutKey={loaderData.checkoutKey} actionData={actionData} />
    </main>
  );
}
