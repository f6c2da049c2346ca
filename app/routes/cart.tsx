/**
 * /cart (spec section 2): the visitor's lines, the order summary and the 'Smart Savings'
 * bundles. Every cart button in the app is a real form posting here; the action is the
 * no-JavaScript path (Post/Redirect/Get, cart.server.ts). With JavaScript the same
 * buttons call the cart context instead, which toasts the outcome.
 */
import { Link, useSearchParams } from "react-router";
import { itemCount, useCart } from "~/components/cart/cart-context";
import { CartActionForm } from "~/components/cart/CartActionForm";
import { CartItems } from "~/components/cart/CartItems";
import { DiscountCodeSection, discountCodeAnswer } from "~/components/cart/DiscountCodeSection";
import { useShownPriceChanges } from "~/components/cart/PriceChangeNote";
import { SummaryRows, TaxAtCheckout, shownTotals } from "~/components/cart/OrderSummary";
import { SmartSavings } from "~/components/cart/SmartSavings";
import { CART_DONE, DONE_PARAM } from "~/components/cart/cart-done";
import { cartAction, loadCartPage } from "~/routes/cart.server";
import * as css from "~/components/cart/cart.css";
import * as pageCss from "~/components/cart/page.css";
import * as summaryCss from "~/components/cart/summary.css";
import { firstMessage } from "~/components/forms/action-data";
import { FormMessage, ToastBanner } from "~/components/forms/ToastBanner";
import { CartIcon } from "~/components/icons";
import { getShop } from "~/context.server";
import { CART_INTENT } from "~/lib/cart-intents";
import { BRAND_NAME } from "~/shared/constants";
import { priceCart } from "~/shared/money";
import { seoMeta } from "~/lib/seo";
import { button, container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/cart";

export const loader = ({ request, context }: Route.LoaderArgs) => loadCartPage(getShop(context), request);

/** The page is this visitor's cart: never cached by anyone. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = (args: Route.ActionArgs) => cartAction(args);

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
  // Priced with the cart's code as the server prices it, also while quantities change here.
  const totals = priceCart(lines, loaderData.bundles, loaderData.code?.terms);
  const count = itemCount(lines);
  const priceChanges = useShownPriceChanges(loaderData.priceChanges);
  // The discount code's answer shows beside its field; any other cart form's above the page.
  const codeAnswer = discountCodeAnswer(actionData);
  const message = codeAnswer ? undefined : firstMessage(actionData?.result);
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
            <CartItems lines={lines} choices={loaderData.choices} priceChanges={priceChanges} />
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
            <DiscountCodeSection page="/cart" code={loaderData.code} serverLines={loaderData.lines} bundles={loaderData.bundles} answer={codeAnswer} />
            {/* The cart page's total is before tax (the spec's rows); the note says what checkout adds, so its figure is no surprise. */}
            <SummaryRows totals={shownTotals(totals)} bundles={loaderData.bundles} />
            <TaxAtCheckout totals={shownTotals(totals)} />
            <div className={css.summaryActions}>
              <Link prefetch="intent" to="/checkout" className={`${button.primary} ${css.fullWidth}`}>
                Proceed to Checkout
              </Link>
            </div>
          </aside>
        </div>
      )}

      <SmartSavings bundles={loaderData.bundles} inCart={totals.bundles} />
    </main>
  );
}
