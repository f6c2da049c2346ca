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
 * 'Checkout Failed' toast, and processing ends so the shopper can try again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { FieldGroup, FormError, TextField } from "~/components/forms/fields";
import * as formsCss from "~/components/forms/forms.css";
import type { ActionData } from "~/components/forms/action-data";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { notifyError, notifySuccess } from "~/components/toast";
import { CHECKOUT_FAILED, PAYMENT_SUCCESSFUL } from "~/content/toasts";
import { apiRequest } from "~/lib/api";
import { DEFAULT_COUNTRY } from "~/lib/constants";
import { formatPrice, priceCart } from "~/lib/money";
import { CheckoutSchema } from "~/lib/schemas";
import type { CartLine } from "~/lib/types";
import { button } from "~/styles/ui.css";
import { EmptyCheckout, PaymentSuccess } from "./CheckoutStates";
import { OrderPanel } from "./OrderPanel";
import * as css from "./checkout.css";
import * as pageCss from "~/components/cart/page.css";

/** The demo payment's pretend processing time (spec section 9). */
export const CHECKOUT_PROCESSING_MS = 2000;
/** How long the success state shows before the app goes home (spec section 9). */
export const REDIRECT_AFTER_SUCCESS_MS = 3000;

export type PlacedOrder = { id: string; email: string };
/** What the checkout action answers besides Conform's reply: the order, once it is placed. */
export type CheckoutOutcome = { order: PlacedOrder | null };
type CheckoutActionData = ActionData<CheckoutOutcome>;

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
  /** The action's answer to a form posted without JavaScript. */
  actionData?: CheckoutActionData;
};

export function CheckoutScreen({ lines, actionData }: Props) {
  const cart = useCart();
  const navigate = useNavigate();
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
    if (!order) return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [order, navigate]);

  const pay = async (formData: FormData, customerEmail: string) => {
    setPaying(lines);
    setProcessing(true);
    try {
      await apiRequest("POST", "/api/payment/create-payment-intent", { customerEmail });
      await wait(CHECKOUT_PROCESSING_MS);
      if (!mounted.current) return;
      const answer = await placeOrder(formData);
      if (!answer?.order) {
        const reason = answer?.result.error?.[""]?.[0] ?? "The order was not placed.";
        throw new Error(reason);
      }
      cart.forget();
      notifySuccess(PAYMENT_SUCCESSFUL);
      setPlaced(answer.order);
    } catch (error) {
      console.error(error);
      notifyError(CHECKOUT_FAILED);
      setPaying(null);
    } finally {
      setProcessing(false);
    }
  };

  if (order) return <PaymentSuccess email={order.email} orderId={order.id} />;
  const shown = paying ?? lines;
  if (shown.length === 0) return <EmptyCheckout message={actionData?.result.error?.[""]?.[0]} />;

  return (
    <>
      <p className={pageCss.eyebrow}>Almost yours</p>
      <h1 className={pageCss.pageHeading}>Checkout</h1>
      <DemoNotice />
      <div className={css.layout}>
        <CheckoutForm
          total={priceCart(shown).total}
          processing={processing}
          lastResult={fetcherResult ?? actionData?.result}
          onValidSubmit={pay}
        />
        <OrderPanel lines={shown} />
      </div>
    </>
  );
}

function DemoNotice() {
  return (
    <div className={css.notice} role="note">
      <svg className={css.noticeIcon} width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
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

/**
 * A card input that is not part of the validated form: no `name`, so it is never
 * submitted, sent or stored (spec section 2; the contract's checkout rules).
 */
type CardInputProps = { id: string; label: string; className?: string; autoComplete: string; placeholder: string; maxLength: number };

function CardInput({ id, label, className, autoComplete, placeholder, maxLength }: CardInputProps) {
  return (
    <div className={className ? `${formsCss.field} ${className}` : formsCss.field}>
      <label htmlFor={id} className={formsCss.label}>
        {label}
      </label>
      <input
        id={id}
        className={formsCss.input}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </div>
  );
}

type FormProps = {
  total: number;
  processing: boolean;
  lastResult: CheckoutActionData["result"] | undefined;
  onValidSubmit: (formData: FormData, email: string) => Promise<void>;
};

function CheckoutForm({ total, processing, lastResult, onValidSubmit }: FormProps) {
  const [form, fields] = useSchemaForm(CheckoutSchema, lastResult, {
    id: "checkout",
    defaultValue: { country: DEFAULT_COUNTRY },
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void onValidSubmit(formData, submission.value.email);
    },
  });

  return (
    // noValidate: the schema's messages show, not the browser's (with or without JavaScript).
    <form id={form.id} method="post" className={css.form} onSubmit={form.onSubmit} noValidate aria-label="Checkout">
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset className={css.busyGroup} disabled={processing} aria-busy={processing}>
        <FieldGroup step={1} legend="Contact">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" wide />
        </FieldGroup>

        <FieldGroup step={2} legend="Shipping Address">
          <TextField meta={fields.firstName} label="First name" autoComplete="shipping given-name" />
          <TextField meta={fields.lastName} label="Last name" autoComplete="shipping family-name" />
          <TextField meta={fields.address} label="Address" autoComplete="shipping street-address" wide />
          <TextField meta={fields.city} label="City" autoComplete="shipping address-level2" />
          <TextField meta={fields.state} label="State" autoComplete="shipping address-level1" />
          <TextField meta={fields.zipCode} label="ZIP code" autoComplete="shipping postal-code" />
          <TextField meta={fields.country} label="Country" autoComplete="shipping country-name" />
        </FieldGroup>

        <FieldGroup step={3} legend="Payment">
          <TextField meta={fields.cardholderName} label="Cardholder name" autoComplete="cc-name" wide />
          <div className={css.cardRow}>
            <CardInput id="card-number" label="Card number" className={css.cardNumber} autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} />
            <CardInput id="card-expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} />
            <CardInput id="card-cvc" label="CVC" autoComplete="cc-csc" placeholder="123" maxLength={4} />
          </div>
          <p className={`${formsCss.hint} ${formsCss.wide}`}>Card details never leave this page: they are not sent or stored.</p>
        </FieldGroup>

        <button type="submit" className={`${button.primary} ${css.pay}`}>
          {processing ? "PROCESSING..." : `PAY ${formatPrice(total)}`}
        </button>
      </fieldset>
    </form>
  );
}
