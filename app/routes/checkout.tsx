/**
 * /checkout (spec section 2): the demo checkout. The action is where both paths meet:
 * a form posted without JavaScript, and the same form data sent by the JavaScript flow
 * after its 2 s processing delay, are validated with CheckoutSchema and placed as an
 * order (recorded with lines and totals, cart cleared on the server).
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { CheckoutScreen, type CheckoutActionData } from "~/components/checkout/Checkout";
import { getShop } from "~/context";
import { BRAND_NAME } from "~/lib/constants";
import { isShopError, STATUS_OF_KIND } from "~/lib/errors";
import { CheckoutSchema } from "~/lib/schemas";
import { seoMeta } from "~/lib/seo";
import { container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/checkout";

export async function loader({ context }: Route.LoaderArgs) {
  return { lines: await getShop(context).cart.listCart() };
}

/** The page is this visitor's cart and order: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (a hand-made request) is treated as an empty form: 400.
  const formData = (await request.formData().catch(() => null)) ?? new FormData();
  const submission = parseWithValibot(formData, { schema: CheckoutSchema });
  if (submission.status !== "success") {
    return data<CheckoutActionData>({ result: submission.reply(), order: null }, { status: 400 });
  }
  try {
    const order = await getShop(context).checkout.placeOrder(submission.value);
    return data<CheckoutActionData>({ result: submission.reply({ resetForm: true }), order: { id: order.id, email: submission.value.email } });
  } catch (error) {
    if (isShopError(error)) {
      return data<CheckoutActionData>({ result: submission.reply({ formErrors: [error.message] }), order: null }, { status: STATUS_OF_KIND[error.kind] });
    }
    throw error;
  }
}

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
      <CheckoutScreen lines={lines} actionData={actionData} />
    </main>
  );
}
