/** @jsxImportSource hono/jsx */
/**
 * The discount code form of the back office (a new code, a code's terms): its fields as
 * typed or as stored, and the fields themselves, each with its error beside it. Real form
 * fields only: it works without JavaScript, and a product choice is a checkbox each.
 */
import { plainAmount } from "../../../app/shared/money";
import { inputTime, type CodeTermsInput } from "../../shop/backoffice/code-form";
import type { ProductChoice } from "../../shop/backoffice/codes";
import type { Typed, TypedList } from "../http";
import { CodeInput, FieldError, type Errors } from "../views";

/** The code form as shown: each field's text as typed (or as stored), and what was wrong. */
export type CodeForm = {
  code: string;
  kind: string;
  percent: string;
  amount: string;
  minimum: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerEmail: string;
  products: string[];
  status: string;
  errors: Errors;
};

export const BLANK_FORM: CodeForm = {
  code: "",
  kind: "percent",
  percent: "",
  amount: "",
  minimum: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerEmail: "",
  products: [],
  status: "active",
  errors: {},
};

const text = (n: number | null) => (n === null ? "" : String(n));
const dollars = (cents: number | null) => (cents === null ? "" : plainAmount(cents));

/** A code's terms as the form shows them. */
export const formOf = (terms: CodeTermsInput, code = "", errors: Errors = {}): CodeForm => ({
  code,
  kind: terms.kind,
  percent: terms.kind === "percent" ? String(terms.value) : "",
  amount: terms.kind === "amount" ? plainAmount(terms.value) : "",
  minimum: dollars(terms.minSubtotal),
  startsAt: inputTime(terms.startsAt),
  endsAt: inputTime(terms.endsAt),
  maxUses: text(terms.maxUses),
  maxUsesPerEmail: text(terms.maxUsesPerEmail),
  products: (terms.productIds ?? []).map(String),
  status: terms.status,
  errors,
});

/** The form as it was posted, beside its errors: nothing typed is lost. */
export const typedForm = (typed: Typed, typedList: TypedList, errors: Errors): CodeForm => ({
  code: typed("code"),
  kind: typed("kind"),
  percent: typed("percent"),
  amount: typed("amount"),
  minimum: typed("minimum"),
  startsAt: typed("startsAt"),
  endsAt: typed("endsAt"),
  maxUses: typed("maxUses"),
  maxUsesPerEmail: typed("maxUsesPerEmail"),
  products: typedList("products"),
  status: typed("status"),
  errors,
});

/** A field's error id, and its input's invalid mark. */
const invalid = (form: CodeForm, name: string) => ({ "aria-invalid": form.errors[name] ? ("true" as const) : undefined, "aria-describedby": `${name}-error` });

/** The code's fields, for a new code (with the code itself) and an edit. */
export function CodeFields({
  action,
  form,
  products,
  button,
  withCode = false,
}: {
  action: string;
  form: CodeForm;
  products: ProductChoice[];
  button: string;
  withCode?: boolean;
}) {
  const chosen = new Set(form.products);
  return (
    <form method="post" action={action} class="panel" novalidate>
      {withCode ? (
        <>
          <label>
            Code
            <CodeInput name="code" value={form.code} error={form.errors.code} placeholder="SAVE10" maxlength={24} />
          </label>
          <FieldError id="code-error" message={form.errors.code} />
          <p class="muted">3 to 24 letters, digits or hyphens. Shoppers may type it in any case; it is kept in capitals.</p>
        </>
      ) : null}
      <fieldset aria-describedby="kind-error">
        <legend>Takes off</legend>
        <label class="check">
          <input type="radio" name="kind" value="percent" checked={form.kind !== "amount"} />A percent
        </label>
        <label class="check">
          <input type="radio" name="kind" value="amount" checked={form.kind === "amount"} />A fixed amount
        </label>
      </fieldset>
      <FieldError id="kind-error" message={form.errors.kind} />
      <label>
        Percent off (1 to 100), for a percent
        <input name="percent" inputmode="numeric" value={form.percent} {...invalid(form, "percent")} />
      </label>
      <FieldError id="percent-error" message={form.errors.percent} />
      <label>
        Amount off in dollars, for a fixed amount
        <input name="amount" inputmode="decimal" value={form.amount} placeholder="5.00" {...invalid(form, "amount")} />
      </label>
      <FieldError id="amount-error" message={form.errors.amount} />
      <label>
        Minimum subtotal in dollars (optional)
        <input name="minimum" inputmode="decimal" value={form.minimum} {...invalid(form, "minimum")} />
      </label>
      <FieldError id="minimum-error" message={form.errors.minimum} />
      <label>
        Starts (UTC, optional)
        <input type="datetime-local" name="startsAt" value={form.startsAt} {...invalid(form, "startsAt")} />
      </label>
      <FieldError id="startsAt-error" message={form.errors.startsAt} />
      <label>
        Ends (UTC, optional)
        <input type="datetime-local" name="endsAt" value={form.endsAt} {...invalid(form, "endsAt")} />
      </label>
      <FieldError id="endsAt-error" message={form.errors.endsAt} />
      <label>
        Uses allowed in all (optional)
        <input name="maxUses" inputmode="numeric" value={form.maxUses} {...invalid(form, "maxUses")} />
      </label>
      <FieldError id="maxUses-error" message={form.errors.maxUses} />
      <label>
        Uses allowed per shopper email (optional)
        <input name="maxUsesPerEmail" inputmode="numeric" value={form.maxUsesPerEmail} {...invalid(form, "maxUsesPerEmail")} />
      </label>
      <FieldError id="maxUsesPerEmail-error" message={form.errors.maxUsesPerEmail} />
      <fieldset aria-describedby="products-help products-error">
        <legend>Applies to</legend>
        {products.map((product) => (
          <label class="check">
            <input type="checkbox" name="products" value={String(product.id)} checked={chosen.has(String(product.id))} />
            {product.name}
          </label>
        ))}
      </fieldset>
      <p id="products-help" class="muted">
        None ticked: every product.
      </p>
      <FieldError id="products-error" message={form.errors.products} />
      <fieldset aria-describedby="status-error">
        <legend>Status</legend>
        <label class="check">
          <input type="radio" name="status" value="active" checked={form.status !== "paused"} />
          Active
        </label>
        <label class="check">
          <input type="radio" name="status" value="paused" checked={form.status === "paused"} />
          Paused
        </label>
      </fieldset>
      <FieldError id="status-error" message={form.errors.status} />
      <button type="submit">{button}</button>
    </form>
  );
}
