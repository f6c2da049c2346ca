/**
 * /cart (spec section 2): the visitor's lines, the order summary and the 'Smart Savings'
 * bundles. Every cart button in the app is a real form posting here; the action is the
 * no-JavaScript path (Post/Redirect/Get). With JavaScript the same buttons call the cart
 * context instead, which toasts the outcome.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, Link, redirect } from "react-router";
import * as v from "valibot";
import { itemCount, useCart } from "~/components/cart/cart-context";
import { CartActionForm } from "~/components/cart/CartActionForm";
import { CartItems } from "~/components/cart/CartItems";
import { SummaryRows } from "~/components/cart/OrderSummary";
import { SmartSavings } from "~/components/cart/SmartSavings";
import * as css from "~/components/cart/cart.css";
import * as pageCss from "~/components/cart/page.css";
import * as summaryCss from "~/components/cart/summary.css";
import { CartIcon } from "~/components/icons";
import { getShop } from "~/context";
import { CART_INTENT } from "~/lib/cart-intents";
import { BRAND_NAME } from "~/lib/constants";
import { isShopError, STATUS_OF_KIND } from "~/lib/errors";
import { priceCart } from "~/lib/money";
import { AddToCartSchema, UpdateCartLineSchema } from "~/lib/schemas";
import { seoMeta } from "~/lib/seo";
import { button, container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/cart";

// ---------------------------------------------------------------- form fields

const wholeId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31, message));

const LINE_MESSAGE = "Please choose an item in your cart.";
const RemoveLineSchema = v.object({ lineId: wholeId(LINE_MESSAGE) });
const UpdateLineSchema = v.object({ lineId: wholeId(LINE_MESSAGE), ...UpdateCartLineSchema.entries });
const AddBundleSchema = v.object({ bundleId: wholeId("Please choose a bundle to add.") });

/** The form's fields checked against `schema`, or the first message to show. */
function readFields<S extends v.GenericSchema>(
  formData: FormData,
  schema: S,
): { ok: true; value: v.InferOutput<S> } | { ok: false; error: string } {
  const submission = parseWithValibot(formData, { schema });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const messages = Object.values(submission.error ?? {}).flatMap((m) => m ?? []);
  return { ok: false, error: messages[0] ?? "That request was not valid. Please try again." };
}

// ---------------------------------------------------------------- loader, action

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShop(context);
  const [lines, bundles] = await Promise.all([
    shop.cart.listCart(),
    // The bundle block is hidden on error; the cart itself still shows.
    shop.catalog.listBundles().catch((error: unknown) => {
      console.error(JSON.stringify({ event: "bundles_unavailable", error: String(error) }));
      return [];
    }),
  ]);
  return { lines, bundles };
}

/** The page is this visitor's cart: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type CartActionData = { error: string };
const showError = (error: string, status = 400) => data<CartActionData>({ error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShop(context);
  // A body that is not a form (a hand-made request) is bad input, never a 500.
  const formData = await request.formData().catch(() => null);
  if (!formData) return showError("Sorry, we couldn't read that request. Please try again.");
  const intent = formData.get("intent");
  try {
    if (intent === CART_INTENT.add) {
      const fields = readFields(formData, AddToCartSchema);
      if (!fields.ok) return showError(fields.error);
      await shop.cart.addToCart(fields.value.productId, fields.value.quantity);
    } else if (intent === CART_INTENT.update) {
      const fields = readFields(formData, UpdateLineSchema);
      if (!fields.ok) return showError(fields.error);
      await shop.cart.setLineQuantity(fields.value.lineId, fields.value.quantity);
    } else if (intent === CART_INTENT.remove) {
      const fields = readFields(formData, RemoveLineSchema);
      if (!fields.ok) return showError(fields.error);
      await shop.cart.removeLine(fields.value.lineId);
    } else if (intent === CART_INTENT.clear) {
      await shop.cart.clearCart();
    } else if (intent === CART_INTENT.addBundle) {
      const fields = readFields(formData, AddBundleSchema);
      if (!fields.ok) return showError(fields.error);
      await shop.cart.addBundleToCart(fields.value.bundleId);
    } else {
      return showError("Sorry, we couldn't tell what to do with your cart. Please try again.");
    }
  } catch (error) {
    if (isShopError(error)) return showError(error.message, STATUS_OF_KIND[error.kind]);
    throw error;
  }
  // Post/Redirect/Get: a reload of the cart page never repeats the change.
  return redirect("/cart", 303);
}

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
  const { subtotal } = priceCart(lines);
  const count = itemCount(lines);

  return (
    <main className={`${container} ${pageMain}`}>
      <p className={pageCss.eyebrow}>{count > 0 ? `${count} ${count === 1 ? "item" : "items"}` : "Your bag"}</p>
      <h1 className={pageCss.pageHeading}>Shopping Cart</h1>

      {actionData?.error && (
        <div role="alert" className={css.alert}>
          {actionData.error}
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
            {/* The cart page's total is the subtotal: tax is added at checkout. */}
            <SummaryRows subtotal={subtotal} total={subtotal} />
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
