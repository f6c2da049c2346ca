/**
 * The checkout page's server side (app/routes/checkout.tsx): what its loader reads and
 * what its action does. The route module and the worker tests' stand-in pages
 * (tests/worker/entry.tsx) both call these.
 *
 * The action is where both paths meet: a form posted without JavaScript, and the same form
 * data sent by the JavaScript flow after its 2 s processing delay, are validated with
 * CheckoutSchema (DigitalCheckoutSchema for a cart of downloads only) and placed as an
 * order (recorded with lines and totals, cart cleared on the server). The form carries the
 * checkout's key, so a repeated submission answers with the order already placed.
 */
import { isPrefetch } from "~/shared/speculative";
import { discountCodeAction, postsDiscountCode } from "~/components/cart/discount-code.server";
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { CHECKOUT_FAILED } from "~/content/toasts";
import { getShop } from "~/context.server";
import * as v from "valibot";
import { CheckoutSchema, DigitalCheckoutSchema } from "~/shared/schemas";
import type { CheckoutOutcome } from "~/components/checkout/action-data";
import { DELIVERY_FIELD, DOWNLOAD_ONLY } from "~/components/checkout/delivery";

/**
 * The cart's lines and the bundles on offer, priced at one catalog version as the order will
 * be; what stands between each line and the order (`problems`: the shop's one readiness rule,
 * workers/shop/readiness.ts, that placeOrder holds to), and what a line's size can be changed to.
 */
export async function loadCheckoutPage(shop: Shop, request?: Request) {
  // A line whose price changed since the shopper last saw it says so, as on the cart page.
  const { lines, bundles, choices, priceChanges, problems, code } = await shop.checkout.checkoutCart(!request || !isPrefetch(request));
  // This checkout's key, carried by the form: submitting it again answers with the same order.
  // The cart's code: its terms price the page's totals and PAY as the order will be, and the
  // form posts it back as `codeShown`, so placing refuses a code changed since.
  return { lines, bundles, choices, priceChanges, code, problems, checkoutKey: crypto.randomUUID() };
}

/**
 * The form of a cart that holds only downloads asks for no address and says so in a field
 * of its own; any other form is the whole checkout. placeOrder still refuses an order
 * without an address for a cart that holds anything shipped (a cart changed in another tab).
 */
const CheckoutFormSchema = v.variant(DELIVERY_FIELD, [
  v.object({ ...DigitalCheckoutSchema.entries, [DELIVERY_FIELD]: v.literal(DOWNLOAD_ONLY) }),
  v.object({ ...CheckoutSchema.entries, [DELIVERY_FIELD]: v.optional(v.string()) }),
]);

const placeOrderAction = ({ request, context }: PageActionArgs) =>
  formAction<typeof CheckoutFormSchema, CheckoutOutcome>({
    request,
    context,
    schema: CheckoutFormSchema,
    idle: { order: null },
    failureMessage: CHECKOUT_FAILED.description,
    perform: async ({ [DELIVERY_FIELD]: _delivery, codeShown, ...form }) => {
      // The page's form always says which code it showed: its hidden field is empty when none
      // (Conform reads an empty field as no value), so placing refuses a code added since in
      // another tab. (The API and UCP post no `codeShown`: they are not checked.)
      const checkout = { ...form, codeShown: codeShown ?? "" };
      // The shop's address as the shopper reached it: the order's email links back to it.
      const order = await getShop(context).checkout.placeOrder(checkout, new URL(request.url).origin);
      // The number a person reads and the link to the order's own page: the internal id never
      // reaches the browser (docs/decisions/0021).
      const placed = {
        id: order.number,
        email: checkout.email,
        ...(order.accessToken ? { token: order.accessToken } : {}),
        // The success screen names the code and what it took off, as the order's page does.
        ...(order.discountCode ? { discountCode: order.discountCode, discount: order.discount } : {}),
      };
      if (!order.downloads) return { order: placed };
      const digital = new Set(order.downloads.map((link) => link.productId));
      const downloadsOnly = order.lines.every((line) => digital.has(line.productId));
      return { order: { ...placed, downloads: order.downloads, ...(downloadsOnly ? { downloadsOnly } : {}) } };
    },
  });

/** The checkout page's action: the discount code's form (the order panel's), or the checkout form. */
export const checkoutAction = async (args: PageActionArgs) => ((await postsDiscountCode(args.request)) ? discountCodeAction(args) : placeOrderAction(args));
