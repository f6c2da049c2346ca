/**
 * The cart page's server side (app/routes/cart.tsx): what its loader reads and what its
 * action does. The route module and the worker tests' stand-in pages (tests/worker/entry.tsx)
 * both call these, so a test's request reads and writes as the real page does.
 *
 * Every cart button in the app is a real form posting here; the action is the
 * no-JavaScript path (Post/Redirect/Get).
 */
import { redirect } from "react-router";
import * as v from "valibot";
import { discountCodeAction, postsDiscountCode } from "~/components/cart/discount-code.server";
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { getShop } from "~/context.server";
import { CART, type ToastWords } from "~/content/cart-toasts";
import { CART_INTENT, CART_RETURN_PAGES } from "~/lib/cart-intents";
import { AddToCartSchema, UpdateCartLineSchema } from "~/shared/schemas";
import { isPrefetch } from "~/shared/speculative";
import { CHOOSE_A_SIZE } from "~/shared/variants";
import { CART_DONE, DONE_PARAM } from "~/components/cart/cart-done";

// ---------------------------------------------------------------- form fields

const wholeId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31, message));

/** A missing number reads as 0, which its own rule refuses with its own message. */
const required = <S extends v.GenericSchema<unknown, number>>(schema: S) => v.optional(schema, 0);

const lineId = required(wholeId("Please choose an item in your cart."));

/**
 * Where a line's form sends the shopper once done, when not back to the cart: checkout fixes
 * a line there (a size to choose, fewer left). Only pages named here, never a posted URL.
 */
const back = v.optional(v.picklist(CART_RETURN_PAGES, "Sorry, we couldn't tell which page to take you back to. Please try again."));

/** A line's quantity, as `PATCH /api/cart/{id}` takes it. */
const CART_QUANTITY = v.unwrap(UpdateCartLineSchema.pipe[0].entries.quantity);

/** Every cart form on the site, told apart by its intent (spec section 4's cart actions). */
const CartFormSchema = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal(CART_INTENT.add),
      ...AddToCartSchema.entries,
      productId: required(AddToCartSchema.entries.productId),
    }),
    v.object({ intent: v.literal(CART_INTENT.update), lineId, quantity: required(CART_QUANTITY), back }),
    v.object({ intent: v.literal(CART_INTENT.variant), lineId, variantId: required(wholeId(CHOOSE_A_SIZE)), back }),
    v.object({ intent: v.literal(CART_INTENT.remove), lineId, back }),
    v.object({ intent: v.literal(CART_INTENT.clear) }),
    v.object({ intent: v.literal(CART_INTENT.addBundle), bundleId: required(wholeId("Please choose a bundle to add.")) }),
  ],
  "Sorry, we couldn't tell what to do with your cart. Please try again.",
);

type CartForm = v.InferOutput<typeof CartFormSchema>;

/** What the page says when the shop fails to do it: the spec's cart toasts (section 8). */
const CART_FAILED: Record<CartForm["intent"], ToastWords> = {
  [CART_INTENT.add]: CART.addFailed,
  [CART_INTENT.update]: CART.updateFailed,
  [CART_INTENT.remove]: CART.removeFailed,
  [CART_INTENT.clear]: CART.clearFailed,
  [CART_INTENT.addBundle]: CART.bundleFailed,
  [CART_INTENT.variant]: CART.updateFailed,
};

// ---------------------------------------------------------------- loader, action

/**
 * The cart's lines and the bundles on offer, priced at one catalog version (the page works
 * out its totals from them), and the lines whose price changed since the shopper last saw
 * it: shown now, so seen from now on (docs/decisions/0023), unless `request` is a prefetch.
 */
export async function loadCartPage(shop: Shop, request?: Request) {
  const { lines, bundles, choices, priceChanges, code } = await shop.cart.pricedAsShown(!request || !isPrefetch(request));
  // The cart's code: its terms price the page's own optimistic totals as the server does.
  return { lines, bundles, choices, priceChanges, code };
}

/** Does what a cart form asks. */
function changeCart(cart: Shop["cart"], form: CartForm): Promise<unknown> {
  switch (form.intent) {
    case CART_INTENT.add:
      return cart.addToCart(form.productId, form.quantity, form.variantId);
    case CART_INTENT.update:
      return cart.setLineQuantity(form.lineId, form.quantity);
    case CART_INTENT.remove:
      return cart.removeLine(form.lineId);
    case CART_INTENT.clear:
      return cart.clearCart();
    case CART_INTENT.addBundle:
      return cart.addBundleToCart(form.bundleId);
    case CART_INTENT.variant:
      return cart.setLineVariant(form.lineId, form.variantId);
  }
}

const cartFormAction = ({ request, context }: PageActionArgs) =>
  formAction({
    request,
    context,
    schema: CartFormSchema,
    idle: {},
    failureMessage: (form) => CART_FAILED[form.intent].description,
    perform: async (form) => {
      await changeCart(getShop(context).cart, form);
      // Post/Redirect/Get: a reload of the cart page never repeats the change.
      if ("back" in form && form.back) return redirect(form.back, 303);
      return redirect(CART_DONE.has(form.intent) ? `/cart?${DONE_PARAM}=${form.intent}` : "/cart", 303);
    },
  });

/** The cart page's action: the discount code's form, or any other cart form. */
export const cartAction = async (args: PageActionArgs) => ((await postsDiscountCode(args.request)) ? discountCodeAction(args) : cartFormAction(args));
