/**
 * The checkout page's server side (app/routes/checkout.tsx): what its loader reads and
 * what its action does. The route module and the worker tests' stand-in pages
 * (tests/worker/entry.tsx) both call these.
 *
 * The action is where both paths meet: a form posted without JavaScript, and the same form
 * data sent by the JavaScript flow after its 2 s processing delay, are validated with
 * CheckoutSchema and placed as an order (recorded with lines and totals, cart cleared on
 * the server). The form carries the checkout's key, so a repeated submission answers with
 * the order already placed.
 */
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { CHECKOUT_FAILED } from "~/content/toasts";
import { getShop } from "~/context.server";
import { CheckoutSchema } from "~/shared/schemas";
import { lineProblems } from "~/shared/variants";
import type { CheckoutOutcome } from "./action-data";

/**
 * The cart's lines and the bundles on offer, priced at one catalog version as the order will
 * be; what stands between each line and the order (`problems`: the very check placeOrder
 * makes, so the page and the refusal say the same), and what a line's size can be changed to.
 */
export async function loadCheckoutPage(shop: Shop) {
  const { lines, bundles, choices } = await shop.cart.priced();
  // This checkout's key, carried by the form: submitting it again answers with the same order.
  return { lines, bundles, choices, problems: lineProblems(lines), checkoutKey: crypto.randomUUID() };
}

export const checkoutAction = ({ request, context }: PageActionArgs) =>
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
