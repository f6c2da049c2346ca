/**
 * The discount code's form on the cart and on the checkout (docs/decisions/0025): both pages'
 * actions ask `postsDiscountCode` and hand such a post to `discountCodeAction`.
 */
import * as v from "valibot";
import type { DiscountCodeAnswer } from "~/components/forms/action-data";
import { formAction, type PageActionArgs } from "~/components/forms/page-action.server";
import { DISCOUNT } from "~/content/discount-toasts";
import { getShop } from "~/context.server";
import { CODE_INTENT } from "~/lib/discount-code";
import { CODE_FORMAT_MESSAGE, CODE_PATTERN } from "~/shared/codes";

/** The discount code's form, on the cart and on the checkout: APPLY a code, or REMOVE the one the cart holds. */
const DiscountCodeFormSchema = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal(CODE_INTENT.apply),
      // Checked here too, so a malformed code costs no trip to D1 (the shop checks it again).
      // An empty field (which Conform reads as no value) has the same message as a malformed one.
      discountCode: v.pipe(v.string(CODE_FORMAT_MESSAGE), v.trim(), v.regex(CODE_PATTERN, CODE_FORMAT_MESSAGE)),
    }),
    v.object({ intent: v.literal(CODE_INTENT.remove) }),
  ],
  "Sorry, we couldn't tell what to do with your discount code. Please try again.",
);

const CODE_INTENTS: ReadonlySet<string> = new Set(Object.values(CODE_INTENT));

/** Whether a post is the discount code's form (its intent), read from a copy so the action still reads the body. */
export async function postsDiscountCode(request: Request) {
  const intent = await request
    .clone()
    .formData()
    .then(
      (form) => form.get("intent"),
      () => null,
    );
  return CODE_INTENTS.has(String(intent));
}

/**
 * Applies or removes the cart's code (the cart's and the checkout's action both call this).
 * It answers with data, not a redirect, with or without JavaScript: the page the form came
 * from renders again with the code applied, or with the refusal beside the field (a reload
 * posts the same code again, which changes nothing). A refusal is the shop's message.
 */
export const discountCodeAction = ({ request, context }: PageActionArgs) =>
  formAction<typeof DiscountCodeFormSchema, DiscountCodeAnswer>({
    request,
    context,
    schema: DiscountCodeFormSchema,
    idle: { discountCodeForm: true },
    errorField: "discountCode",
    failureMessage: (form) => (form.intent === CODE_INTENT.apply ? DISCOUNT.applyFailed : DISCOUNT.removeFailed).description,
    perform: async (form) => {
      const { cart } = getShop(context);
      if (form.intent === CODE_INTENT.apply) await cart.applyDiscountCode(form.discountCode);
      else await cart.removeDiscountCode();
      return { discountCodeForm: true };
    },
  });
