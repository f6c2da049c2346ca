/**
 * The checkout's form (spec section 2): contact, shipping address and payment, validated
 * with CheckoutSchema as the shopper goes (Conform), with the card inputs outside the
 * validated form. A cart of downloads only asks for no address: contact and payment,
 * validated with DigitalCheckoutSchema (a hidden field tells the action so). Its code loads when the shopper first points at it, taps or tabs into it
 * (Checkout.tsx: most of a first visit's JavaScript on /checkout was this form's); the
 * server renders it whole, so it posts to the action without JavaScript meanwhile.
 */
import { useRef } from "react";
import { useCart } from "~/components/cart/cart-context";
import { FieldGroup, FormError, TextField } from "~/components/forms/fields";
import * as formsCss from "~/components/forms/forms.css";
import { useHydrated } from "~/components/forms/use-hydrated";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { DEFAULT_COUNTRY } from "~/shared/constants";
import { formatPrice, priceCart } from "~/shared/money";
import { CheckoutSchema, DigitalCheckoutSchema } from "~/shared/schemas";
import { button } from "~/styles/ui.css";
import type { Bundle, CartCode, CartLine } from "~/lib/types";
import type { CheckoutActionData, LineProblem } from "./action-data";
import * as css from "./checkout.css";
import { DELIVERY_FIELD, DOWNLOAD_ONLY, downloadsOnly } from "./delivery";

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
      <input id={id} className={formsCss.input} type="text" inputMode="numeric" autoComplete={autoComplete} placeholder={placeholder} maxLength={maxLength} />
    </div>
  );
}

/**
 * Every prop stays the same until the shopper acts (the form is a lazily hydrated section: a
 * new prop before it hydrates would make React drop its server HTML). So the total it asks
 * to pay is worked out here, from the browser's cart once it has loaded.
 */
export type CheckoutFormProps = {
  /** The lines the server read (the page's loader data), until the browser's cart has loaded. */
  serverLines: CartLine[];
  bundles: Bundle[];
  /** The discount code the page shows (the loader's): PAY's total takes it off, and the form posts it back as `codeShown`. */
  code: CartCode | null;
  /** The lines being paid for, once the shopper has paid. */
  paying: CartLine[] | null;
  checkoutKey: string;
  processing: boolean;
  lastResult: CheckoutActionData["result"] | undefined;
  onValidSubmit: (formData: FormData, email: string) => Promise<void>;
  /** What stands between the cart and its order (the order panel shows each by its line). */
  problems: LineProblem[];
};

/** Above PAY while a line problem stands: the one problem, or that there are several (as the refused order says it). */
const problemSummary = (problems: CheckoutFormProps["problems"]) =>
  problems.length === 1 ? problems[0]!.message : "Some items in your cart need your attention before you pay.";

export function CheckoutForm({ serverLines, bundles, code, paying, checkoutKey, processing, lastResult, onValidSubmit, problems }: CheckoutFormProps) {
  const cart = useCart();
  // Without JavaScript PAY stays enabled: the server refuses the order and says why.
  const blocked = useHydrated() && problems.length > 0;
  const lines = paying ?? (cart.ready ? cart.items : serverLines);
  const total = priceCart(lines, bundles, code?.terms).total;
  // Only downloads: nothing to ship, so no address (the digital form has only its own fields).
  const digital = downloadsOnly(lines);
  const [form, fields] = useSchemaForm((digital ? DigitalCheckoutSchema : CheckoutSchema) as typeof CheckoutSchema, lastResult, {
    id: "checkout",
    defaultValue: { country: DEFAULT_COUNTRY },
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void onValidSubmit(formData, submission.value.email);
    },
  });
  const summary = problems.length > 0 ? problemSummary(problems) : null;
  // A refused order's message that named a line problem goes once the shopper has fixed it
  // (the problems seen on this page are what such a message can say).
  const problemsSeen = useRef(new Set<string>());
  for (const message of [...problems.map((p) => p.message), ...(summary ? [summary] : [])]) problemsSeen.current.add(message);
  const formErrors = form.errors?.filter((error) => error === summary || !problemsSeen.current.has(error));
  // Said once: not again above PAY when the refused order's message above the form says it.
  const saidAbove = summary !== null && formErrors?.includes(summary) === true;

  return (
    // noValidate: the schema's messages show, not the browser's (with or without JavaScript).
    <form id={form.id} method="post" className={css.form} onSubmit={form.onSubmit} noValidate aria-label="Checkout">
      <FormError id={form.errorId} errors={formErrors} />
      <input type="hidden" name="checkoutKey" value={checkoutKey} />
      {/* What is charged is what was shown: placing refuses when the cart holds another code by then (another tab). */}
      <input type="hidden" name="codeShown" value={code?.code ?? ""} />
      {digital ? <input type="hidden" name={DELIVERY_FIELD} value={DOWNLOAD_ONLY} /> : null}
      <fieldset className={css.busyGroup} disabled={processing} aria-busy={processing}>
        <FieldGroup step={1} legend="Contact">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" wide />
          {digital ? (
            <p className={`${formsCss.hint} ${formsCss.wide}`} data-testid="download-only-note">
              Nothing to ship: your download links appear as soon as you pay, and we email them to this address.
            </p>
          ) : null}
        </FieldGroup>

        {digital ? null : (
          <FieldGroup step={2} legend="Shipping Address">
            <TextField meta={fields.firstName} label="First name" autoComplete="shipping given-name" />
            <TextField meta={fields.lastName} label="Last name" autoComplete="shipping family-name" />
            <TextField meta={fields.address} label="Address" autoComplete="shipping street-address" wide />
            <TextField meta={fields.city} label="City" autoComplete="shipping address-level2" />
            <TextField meta={fields.state} label="State" autoComplete="shipping address-level1" />
            <TextField meta={fields.zipCode} label="ZIP code" autoComplete="shipping postal-code" />
            <TextField meta={fields.country} label="Country" autoComplete="shipping country-name" />
          </FieldGroup>
        )}

        <FieldGroup step={digital ? 2 : 3} legend="Payment">
          <TextField meta={fields.cardholderName} label="Cardholder name" autoComplete="cc-name" wide />
          <div className={css.cardRow}>
            <CardInput
              id="card-number"
              label="Card number"
              className={css.cardNumber}
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              maxLength={23}
            />
            <CardInput id="card-expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} />
            <CardInput id="card-cvc" label="CVC" autoComplete="cc-csc" placeholder="123" maxLength={4} />
          </div>
          <p className={`${formsCss.hint} ${formsCss.wide}`}>
            Card number, expiry and CVC never leave this page. The cardholder name is checked, never stored.
          </p>
        </FieldGroup>

        {summary && (
          <p id="checkout-problems" className={css.problemSummary} role="status" data-testid="checkout-problems">
            {!saidAbove && `${summary} `}
            {/* On a phone the order panel, where each line is fixed, comes after PAY. */}
            <a href="#checkout-summary-heading" className={css.problemLink}>
              Fix it in the Order Summary
            </a>
          </p>
        )}
        <button type="submit" className={`${button.primary} ${css.pay}`} disabled={blocked} aria-describedby={summary ? "checkout-problems" : undefined}>
          {processing ? "PROCESSING..." : `PAY ${formatPrice(total)}`}
        </button>
      </fieldset>
    </form>
  );
}
