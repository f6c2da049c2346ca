/**
 * The discount code in the order summary, on the cart and the checkout (issue 33): a
 * "Discount code" field with APPLY, or the code the cart holds with REMOVE. One code per
 * order: REMOVE it to use another.
 *
 * Both are real forms posting to the page's own action (`discountCodeAction`, in
 * discount-code.server.ts), to `{page}#discount-code`, so a page posted without JavaScript
 * comes back scrolled to this block: the code applied, or the refusal beside the field. With
 * JavaScript a fetcher posts the same form (no page load), the page's loader reads the
 * cart's code again, and a toast says what was done; a refusal shows beside the field only.
 *
 * A held code that stopped applying (ended, used up, the cart too small for its minimum)
 * stays, says why in the shop's words and takes nothing off, until the shopper removes it.
 * Its refusal is the server's (`code.refusal`), except for the two that depend on the
 * cart's lines, which the page's own pricing finds as the quantities change.
 */
import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { DISCOUNT } from "~/content/discount-toasts";
import { firstMessage, type DiscountCodeActionData } from "~/components/forms/action-data";
import * as formsCss from "~/components/forms/forms.css";
import { notifySuccess } from "~/components/toast";
import { CODE_INTENT, DISCOUNT_CODE_ID } from "~/lib/discount-code";
import type { Bundle, CartCode, CartLine } from "~/lib/types";
import { refusalMessage, type CodeRefusal } from "~/shared/codes";
import { formatPrice, priceCart, type CartTotals } from "~/shared/money";
import { button, compactButton } from "~/styles/ui.css";
import { useCart } from "./cart-context";
import * as css from "./discount.css";

/** Why the held code takes nothing off the cart as the page prices it now; null while it applies. */
export function heldCodeRefusal(code: CartCode, totals: CartTotals): CodeRefusal | null {
  // Ended, paused, used up, unknown: nothing the cart's lines change.
  if (!code.terms) return code.refusal;
  const result = totals.code;
  if (!result || result.applied) return null;
  return result.refusal === "minimum" ? { reason: "minimum", missing: result.missing } : { reason: "no_items" };
}

/**
 * Every prop stays the same until the shopper acts (the block is a lazily hydrated section,
 * DiscountCodeSection.tsx: a new prop before it hydrates would make React drop its server
 * HTML). So it prices the cart itself, as the page does: the browser's cart once it has
 * loaded, with the code's terms.
 */
export type DiscountCodeProps = {
  /** The page whose action the forms post to. */
  page: "/cart" | "/checkout";
  /** The code the cart holds (the page's loader's). */
  code: CartCode | null;
  /** The lines the server read (the page's loader's), until the browser's cart has loaded. */
  serverLines: CartLine[];
  bundles: Bundle[];
  /** The page's action answer to this block's form posted without JavaScript. */
  answer: DiscountCodeActionData | undefined;
};

/**
 * Brings the block into view with room around it (with JavaScript, once it changed): on a
 * phone the field sits low on the screen when pressed, and what it came to (the code's line
 * and the summary's discount row under it, or the refusal) must show above the toast.
 */
function reveal(block: HTMLElement | null) {
  if (!block) return;
  const { top, bottom } = block.getBoundingClientRect();
  if (top < 96 || bottom > window.innerHeight - 140) block.scrollIntoView({ block: "center" });
}

const INPUT_ID = `${DISCOUNT_CODE_ID}-input`;
const ERROR_ID = `${DISCOUNT_CODE_ID}-error`;
const REFUSAL_ID = `${DISCOUNT_CODE_ID}-refusal`;

export function DiscountCode({ page, code, serverLines, bundles, answer }: DiscountCodeProps) {
  const cart = useCart();
  const totals = priceCart(cart.ready ? cart.items : serverLines, bundles, code?.terms);
  const fetcher = useFetcher<DiscountCodeActionData>({ key: DISCOUNT_CODE_ID });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.result ?? answer?.result;
  const error = firstMessage(result);
  const refusal = code && heldCodeRefusal(code, totals);

  // With JavaScript: once the post and the loader's read are done, say so, and put focus where
  // the shopper goes on (the form they pressed in is gone).
  const asked = useRef<{ intent: string; code: string } | null>(null);
  const blockRef = useRef<HTMLElement>(null);
  const heldRef = useRef<HTMLParagraphElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !asked.current || !fetcher.data) return;
    const { intent, code: typed } = asked.current;
    asked.current = null;
    reveal(blockRef.current);
    if (firstMessage(fetcher.data.result)) return inputRef.current?.focus({ preventScroll: true });
    if (intent === CODE_INTENT.apply) {
      notifySuccess(DISCOUNT.applied(code?.code ?? typed.toUpperCase()));
      heldRef.current?.focus({ preventScroll: true });
    } else {
      notifySuccess(DISCOUNT.removed(typed));
      inputRef.current?.focus({ preventScroll: true });
    }
  }, [fetcher.state, fetcher.data, code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    asked.current = { intent: String(form.get("intent")), code: String(form.get("discountCode") ?? code?.code ?? "").trim() };
    void fetcher.submit(form, { method: "post", action: page });
  };
  const action = `${page}#${DISCOUNT_CODE_ID}`;

  if (code) {
    const applied = !refusal && totals.discount > 0;
    return (
      <section id={DISCOUNT_CODE_ID} ref={blockRef} className={css.block} data-testid="discount-code">
        <div className={css.held} data-refused={refusal ? "" : undefined}>
          <p ref={heldRef} tabIndex={-1} role="status" data-testid="discount-code-held">
            <span>Discount code</span>
            <strong>{code.code}</strong>
            <span>{applied ? `Applied: −${formatPrice(totals.discount)}` : "Takes nothing off"}</span>
          </p>
          <form method="post" action={action} onSubmit={submit}>
            <input type="hidden" name="intent" value={CODE_INTENT.remove} />
            <button
              type="submit"
              className={`${button.ghost} ${compactButton}`}
              disabled={busy}
              aria-label={`Remove discount code ${code.code}`}
              aria-describedby={refusal ? REFUSAL_ID : undefined}
            >
              {fetcher.state !== "idle" ? "REMOVING..." : "REMOVE"}
            </button>
          </form>
        </div>
        {refusal && (
          <p id={REFUSAL_ID} className={formsCss.error} role="alert" data-testid="discount-code-refusal">
            {refusalMessage(code.code, refusal)}
          </p>
        )}
        {error && (
          <p className={formsCss.error} role="alert" data-testid="discount-code-error">
            {error}
          </p>
        )}
      </section>
    );
  }

  const typed = answer?.result.initialValue?.discountCode;
  return (
    <section id={DISCOUNT_CODE_ID} ref={blockRef} className={css.block} data-testid="discount-code">
      <form method="post" action={action} onSubmit={submit} noValidate className={formsCss.field}>
        <input type="hidden" name="intent" value={CODE_INTENT.apply} />
        <label htmlFor={INPUT_ID} className={formsCss.label}>
          Discount code
        </label>
        <div className={css.applyRow}>
          <input
            ref={inputRef}
            id={INPUT_ID}
            name="discountCode"
            className={formsCss.input}
            defaultValue={typeof typed === "string" ? typed : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <button type="submit" className={button.secondary} disabled={busy}>
            {fetcher.state !== "idle" ? "APPLYING..." : "APPLY"}
          </button>
        </div>
      </form>
      {/* Only while there is one (APPLY sits beside the field, so nothing moves under the pointer). */}
      {error && (
        <p id={ERROR_ID} className={formsCss.error} role="alert" data-testid="discount-code-error">
          {error}
        </p>
      )}
    </section>
  );
}
