/**
 * /cart (spec section 2): the visitor's lines, the order summary and the 'Smart Savings'
 * bundles. Every cart button in the app is a real form posting here; the action is the
 * no-JavaScript path (Post/Redirect/Get). With JavaScript the same buttons call the cart
 * context instead, which toasts the outcome.
 */
import { Link, redirect, useSearchParams } from "react-router";
import * as v from "valibot";
import { itemCount, useCart } from "~/components/cart/cart-context";
import { CartActionForm } from "~/components/cart/CartActionForm";
import { CartItems } from "~/components/cart/CartItems";
import { SummaryRows } from "~/components/cart/OrderSummary";
import { SmartSavings } from "~/components/cart/SmartSavings";
import * as css from "~/components/cart/cart.css";
import * as pageCss from "~/components/cart/page.css";
import * as summaryCss from "~/components/cart/summary.css";
import { firstMessage } from "~/components/forms/action-data";
import { formAction } from "~/components/forms/page-action.server";
import { FormMessage, ToastBanner } from "~/components/forms/ToastBanner";
import { CartIcon } from "~/components/icons";
import { getLog, getShop } from "~/context.server";
import { CART, type ToastWords } from "~/content/toasts";
import { CART_INTENT } from "~/lib/cart-intents";
import { BRAND_NAME } from "~/shared/constants";
import { priceCart } from "~/shared/money";
import { AddToCartSchema, UpdateCartLineSchema } from "~/shared/schemas";
import { seoMeta } from "~/lib/seo";
import { button, container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/cart";

// ---------------------------------------------------------------- form fields

const wholeId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31, message));

/** A missing number reads as 0, which its own rule refuses with its own message. */
const required = <S extends v.GenericSchema<unknown, number>>(schema: S) => v.optional(schema, 0);

const lineId = required(wholeId("Please choose an item in your cart."));

/** Every cart form on the site, told apart by its intent (spec section 4's cart actions). */
const CartFormSchema = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal(CART_INTENT.add),
      ...AddToCartSchema.entries,
      productId: required(AddToCartSchema.entries.productId),
    }),
    v.object({ intent: v.literal(CART_INTENT.update), lineId, quantity: required(UpdateCartLineSchema.entries.quantity) }),
    v.object({ intent: v.literal(CART_INTENT.remove), lineId }),
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
};

/**
 * What the page says once it is done, as the success toasts do: the action redirects to
 * `/cart?done=<intent>`. A quantity update has no toast (spec section 8), so no banner.
 */
const CART_DONE = new Map<string, ToastWords>([
  [CART_INTENT.add, CART.added],
  [CART_INTENT.remove, CART.removed],
  [CART_INTENT.clear, CART.cleared],
  [CART_INTENT.addBundle, CART.bundleAdded],
]);
const DONE_PARAM = "done";

// ---------------------------------------------------------------- loader, action

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShop(context);
  const [lines, bundles] = await Promise.all([
    shop.cart.listCart(),
    // The bundle block is hidden on error; the cart itself still shows.
    shop.catalog.listBundles().catch((error: unknown) => {
      getLog(context)("bundles_unavailable", { error: error instanceof Error ? error.name : typeof error });
      return [];
    }),
  ]);
  return { lines, bundles };
}

/** The page is this visitor's cart: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Does what a cart form asks. */
function changeCart(cart: ReturnType<typeof getShop>["cart"], form: CartForm): Promise<unknown> {
  switch (form.intent) {
    case CART_INTENT.add:
      return cart.addToCart(form.productId, form.quantity);
    case CART_INTENT.update:
      return cart.setLineQuantity(form.lineId, form.quantity);
    case CART_INTENT.remove:
      return cart.removeLine(form.lineId);
    case CART_INTENT.clear:
      return cart.clearCart();
    case CART_INTENT.addBundle:
      return cart.addBundleToCart(form.bundleId);
  }
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction({
    request,
    context,
    schema: CartFormSchema,
    idle: {},
    failureMessage: (form) => CART_FAILED[form.intent].description,
    perform: async (form) => {
      await changeCart(getShop(context).cart, form);
      // Post/Redirect/Get: a reload of the cart page never repeats the change.
      return redirect(CART_DONE.has(form.intent) ? `/cart?${DONE_PARAM}=${form.intent}` : "/cart", 303);
    },
  });

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Cart",
    description: `Your ${BRAND_NAME} cart: review your items, bundle up with Smart Savings and check out.`,
  });

// ---------------------------------------------------------------- component

function EmptyCart() {
  return (
    <div className={css.empty} data-testid="empty-cart">
      <span className={css.emptyIcon}>
        <CartIcon size={48} />
      </span>
      <h2 className={css.emptyHeading}>Your cart is empty</h2>
      <p className={css.emptyText}>Nothing in here yet. Find your perfect protection, or grab some gear while you're at it.</p>
      <Link prefetch="intent" to="/products" className={button.primary}>
        Shop Premium Condoms
      </Link>
    </div>
  );
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  // The browser's cart once it has loaded (it changes without a page load); before
  // that, and without JavaScript, the lines the server read.
  const lines = cart.ready ? cart.items : loaderData.lines;
  const totals = priceCart(lines, loaderData.bundles);
  const count = itemCount(lines);
  const message = firstMessage(actionData?.result);
  const [searchParams] = useSearchParams();
  const done = actionData ? undefined : CART_DONE.get(searchParams.get(DONE_PARAM) ?? "");

  return (
    <main className={`${container} ${pageMain}`}>
      <p className={pageCss.eyebrow}>{count > 0 ? `${count} ${count === 1 ? "item" : "items"}` : "Your bag"}</p>
      <h1 className={pageCss.pageHeading}>Shopping Cart</h1>

      {(done || message) && (
        <div className={css.notices}>
          {done && <ToastBanner toast={done} />}
          <FormMessage message={message} />
        </div>
      )}

      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className={css.layout}>
          <div>
            <CartItems lines={lines} />
            <div className={css.tableActions}>
              <Link prefetch="intent" to="/products" className={button.secondary}>
                Continue Shopping
              </Link>
              <CartActionForm intent={CART_INTENT.clear} onAction={cart.clear}>
                <button type="submit" className={button.ghost} disabled={cart.loading}>
                  Clear Cart
                </button>
              </CartActionForm>
            </div>
          </div>
          <aside className={summaryCss.panel} aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading" className={summaryCss.panelHeading}>
              Order Summary
            </h2>
            {/* The cart page's total is before tax: tax is added at checkout. */}
            <SummaryRows totals={totals} bundles={loaderData.bundles} />
            <div className={css.summaryActions}>
              <Link prefetch="intent" to="/checkout" className={`${button.primary} ${css.fullWidth}`}>
                Proceed to Checkout
              </Link>
            </div>
          </aside>
        </div>
      )}

      <SmartSavings bundles={loaderData.bundles} />
    </main>
  );
}
