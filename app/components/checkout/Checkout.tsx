/**
 * The checkout (spec sections 2 and 4): the form, or one of its end states.
 *
 * Without JavaScript the form posts to the route's action, which validates with
 * CheckoutSchema, places the order (recorded with its lines and totals, the cart cleared
 * on the server) and renders the success state.
 *
 * With JavaScript, a valid submit runs the spec's flow: processing (every field and card
 * input disabled, 'PROCESSING...'), the payment-intent call (its answer is ignored), 2 s
 * later the same form data goes to the same action through a fetcher (so both paths
 * record the order the same way), then the local cart is forgotten, the success toast
 * and state show, and 3 s later the app goes home. Any failure on the way: the
 * 'Checkout Failed' toast, and processing ends so the shopper can try again (an intent the
 * shop refuses, such as a discount code that ended meanwhile, goes on to the action, whose
 * answer says why as the form's error). An order
 * with downloads does not go home: its links show on the success state, and leaving it
 * would take them away before the shopper has used them.
 *
 * The form carries the checkout's key (made when the page renders), and the intent call
 * sends it as `Idempotency-Key`: the intent, the order and any retry are one order row.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { useCart } from "~/components/cart/cart-context";
// The form's styles come with the page, not with its lazily loaded code.
import "~/components/forms/forms.css";
import { notifyError, notifySuccess } from "~/components/toast";
import { lazySection } from "~/components/ui/LazySection";
import { CHECKOUT_FAILED, PAYMENT_SUCCESSFUL } from "~/content/toasts";
import { ApiError, apiRequest } from "~/lib/api";
import { orderPagePath } from "~/shared/orders";
import type { Bundle, CartCode, CartLine, PriceChange } from "~/lib/types";
import { discountCodeAnswer } from "~/components/cart/DiscountCodeSection";
import type { DiscountCodeActionData } from "~/components/forms/action-data";
import type { CheckoutActionData, LineProblem, PlacedOrder } from "./action-data";
import { EmptyCheckout, PaymentSuccess } from "./CheckoutStates";
import type { LineChoices } from "~/components/cart/LineVariantSelect";
import { OrderPanel, type LineProblemShown } from "./OrderPanel";
import { changeOf, priceChangeText, useShownPriceChanges } from "~/components/cart/PriceChangeNote";
import * as css from "./checkout.css";
import * as pageCss from "~/components/cart/page.css";

/** The demo payment's pretend processing time (spec section 9). */
export const CHECKOUT_PROCESSING_MS = 2000;
/** How long the success state shows before the app goes home (spec section 9). */
export const REDIRECT_AFTER_SUCCESS_MS = 3000;

/** The form: Conform and the schema load when the shopper first reaches for it, not with the page. */
const CheckoutForm = lazySection("checkout-form", () => import("./CheckoutForm").then((m) => m.CheckoutForm), null, "interaction");

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The checkout action through a fetcher, as a promise of its answer: resolves when the
 * fetcher is idle again (undefined when the request itself failed).
 */
function usePlaceOrder() {
  const fetcher = useFetcher<CheckoutActionData>();
  const pending = useRef<((answer: CheckoutActionData | undefined) => void) | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    const resolve = pending.current;
    pending.current = null;
    resolve(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const placeOrder = useCallback(
    (formData: FormData) =>
      new Promise<CheckoutActionData | undefined>((resolve) => {
        pending.current = resolve;
        void fetcher.submit(formData, { method: "post", action: "/checkout" });
      }),
    [fetcher],
  );
  return { placeOrder, lastResult: fetcher.data?.result };
}

type Props = {
  lines: CartLine[];
  /** The lines the server read (before the browser's cart has loaded, and without JavaScript). */
  serverLines: CartLine[];
  /** The bundles the cart is priced with (the server charges the same). */
  bundles: Bundle[];
  /** The discount code the cart holds (the loader's): its terms price the page as the order will be. */
  code: CartCode | null;
  /** This checkout's key: the order it places is the one order of this checkout. */
  checkoutKey: string;
  /** What stands between each line and the order, as the server found it (the loader's; read again after each fix). */
  problems: LineProblem[];
  /** What each product with options in the cart can be changed to, by product id. */
  choices: Record<number, LineChoices>;
  /** The lines whose price changed since the shopper last saw it (the loader's). */
  priceChanges: PriceChange[];
  /** The action's answer to a form posted without JavaScript: the checkout form's, or the discount code's. */
  actionData?: CheckoutActionData | DiscountCodeActionData;
};

export function CheckoutScreen({
  lines,
  serverLines,
  bundles,
  code,
  checkoutKey,
  problems,
  choices,
  priceChanges: latestPriceChanges,
  actionData: answer,
}: Props) {
  const codeAnswer = discountCodeAnswer(answer);
  const actionData = codeAnswer ? undefined : (answer as CheckoutActionData | undefined);
  const cart = useCart();
  const priceChanges = useShownPriceChanges(latestPriceChanges);
  const navigate = useNavigate();
  // The line problems are the loader's: read again after a fix, and after a refused order
  // (stock sold meanwhile), as a revalidation (which also wakes the form's section first).
  const revalidator = useRevalidator();
  const recheck = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const { placeOrder, lastResult: fetcherResult } = usePlaceOrder();
  const [processing, setProcessing] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  // The lines being paid for, kept while processing: the loaders revalidate (to an
  // empty cart) before the success state takes over.
  const [paying, setPaying] = useState<CartLine[] | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const order = placed ?? actionData?.order ?? null;

  useEffect(() => {
    // An order of downloads stays: its links are on this screen, and only here and in the email.
    if (!order || order.downloads?.length) return;
    const timer = setTimeout(() => void navigate("/"), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [order, navigate]);

  const pay = async (formData: FormData, customerEmail: string) => {
    setPaying(lines);
    setProcessing(true);
    try {
      await apiRequest("POST", "/api/payment/create-payment-intent", { customerEmail }, { "Idempotency-Key": checkoutKey }).catch((error: unknown) => {
        // A refusal (a code that stopped applying or was used with this email, a line sold
        // meanwhile): the order's own answer below says why, as the form's error.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
      });
      await wait(CHECKOUT_PROCESSING_MS);
      if (!mounted.current) return;
      const answer = await placeOrder(formData);
      if (!answer?.order) {
        const reason = answer?.result.error?.[""]?.[0] ?? "The order was not placed.";
        throw new Error(reason);
      }
      cart.forget();
      // The app goes home 3 s later (spec section 9): the toast outlives that, with the way to the order's page.
      const { token } = answer.order;
      notifySuccess(PAYMENT_SUCCESSFUL, token ? { label: "View order", onClick: () => navigate(orderPagePath(token)) } : undefined);
      setPlaced(answer.order);
    } catch (error) {
      console.error(error);
      notifyError(CHECKOUT_FAILED);
      setPaying(null);
      if (mounted.current) recheck();
    } finally {
      setProcessing(false);
    }
  };

  // One function for the form's whole life: the form is a lazily hydrated section, and a new
  // prop would reach it before it has hydrated (React then drops its server HTML).
  const latestPay = useRef(pay);
  latestPay.current = pay;
  const onValidSubmit = useCallback((formData: FormData, email: string) => latestPay.current(formData, email), []);

  if (order)
    return (
      <PaymentSuccess
        email={order.email}
        orderId={order.id}
        token={order.token}
        downloads={order.downloads}
        downloadsOnly={order.downloadsOnly ?? false}
        discount={order.discountCode ? { code: order.discountCode, amount: order.discount ?? 0 } : undefined}
      />
    );
  const shown = paying ?? lines;
  if (shown.length === 0) return <EmptyCheckout message={actionData?.result.error?.[""]?.[0]} />;
  const flagged: LineProblemShown[] = problems.map((problem) => ({ ...problem, line: serverLines.find((line) => line.id === problem.lineId) }));

  return (
    <>
      <p className={pageCss.eyebrow}>Almost yours</p>
      <h1 className={pageCss.pageHeading}>Checkout</h1>
      <DemoNotice />
      <PriceChangesNotice lines={shown} changes={priceChanges} />
      <div className={css.layout}>
        <CheckoutForm
          serverLines={serverLines}
          bundles={bundles}
          code={code}
          paying={paying}
          checkoutKey={checkoutKey}
          processing={processing}
          lastResult={fetcherResult ?? actionData?.result}
          onValidSubmit={onValidSubmit}
          problems={problems}
        />
        <OrderPanel
          lines={shown}
          bundles={bundles}
          serverLines={serverLines}
          code={code}
          codeAnswer={codeAnswer}
          problems={paying ? [] : flagged}
          choices={choices}
          onFixed={recheck}
          priceChanges={priceChanges}
        />
      </div>
    </>
  );
}

/**
 * Above the form, every line whose price changed, as its line in the panel says it: on a
 * phone the panel comes after PAY, and the shopper is told before paying.
 */
function PriceChangesNotice({ lines, changes }: { lines: CartLine[]; changes: PriceChange[] }) {
  const changed = lines.flatMap((line) => {
    const change = changeOf(line, changes);
    return change ? [{ line, change }] : [];
  });
  if (changed.length === 0) return null;
  return (
    <div className={css.notice} role="note" data-testid="checkout-price-changes">
      <p className={css.noticeText}>
        <strong className={css.noticeTitle}>{changed.length === 1 ? "A price changed" : "Prices changed"}</strong>
        {changed.map(({ line, change }) => (
          <span key={line.id} className={css.noticeLine}>
            {line.product.name}: {priceChangeText(change)}
          </span>
        ))}
      </p>
    </div>
  );
}

function DemoNotice() {
  return (
    <div className={css.notice} role="note">
      <svg
        className={css.noticeIcon}
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M12 8v5M12 16.5v.5" />
      </svg>
      <p className={css.noticeText}>
        <strong className={css.noticeTitle}>Demo checkout</strong>
        This is a demo checkout: no real payment is processed. You can use any card number, expiry date and CVC.
      </p>
    </div>
  );
}
