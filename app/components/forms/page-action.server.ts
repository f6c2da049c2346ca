/**
 * The one shape of every page action (cart, product reactions, checkout, the partner
 * forms and the newsletter): read the posted form, parse it with the page's valibot schema
 * (Conform's `parseWithValibot`, the same parse the form runs in the browser), do what it
 * asks through the shop, and answer with Conform's `submission.reply()` (`ActionData`, in
 * action-data.ts): field messages beside the fields and the values kept, or a message above
 * the form. The component passes `result` to `useSchemaForm` (or reads `firstMessage`), so
 * the same message shows with or without JavaScript.
 *
 * A body that is not a readable form (JSON, text, a broken multipart, nothing at all, a
 * list index that would build a huge array) is the sender's mistake: 400 and the page with
 * a message, never an exception. A shop error (`ShopError`) answers with its kind's status
 * and its own message. Anything else is the shop's fault: logged by the error's name only
 * (its message may carry the query's parameters: emails, phone numbers, payment details)
 * and answered 503 with the form's failure message, the values kept for another try.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type * as v from "valibot";
import { getLog, getShop } from "../../context.server";
import { errorKind, isShopError, STATUS_OF_KIND } from "../../shared/errors";
import { parseForm, readFormData, UNREADABLE_FORM } from "../../shared/forms";
import { loggedPath } from "../../shared/log";
import type { ActionData, Submitted } from "./action-data";
import { honeypotFilled } from "./honeypot-field";

// The worker tests read the form reader through this module too.
export { readFormData, UNREADABLE_FORM };

/** A reply with only a message above the form (no submission to keep values from). */
const formMessage = (message: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [message] } });

/** What React Router hands every action that a page action reads. */
export type PageActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

type FormActionOptions<S extends v.GenericSchema, Extra extends object> = PageActionArgs & {
  schema: S;
  /** The extra fields of an answer in which nothing was done (e.g. `{ submitted: false }`). */
  idle: Extra;
  /** Shown above the form when the shop fails for a reason other than the input. */
  failureMessage: string | ((value: v.InferOutput<S>) => string);
  /**
   * Does what the form asks, once it parsed: answers the extra fields of the success, or a
   * Response (a redirect) to send as it is.
   */
  perform: (value: v.InferOutput<S>) => Promise<Extra | Response>;
  /** Forms with a honeypot: what a caught bot is answered, as if `perform` had succeeded (nothing is done). */
  caughtBot?: () => Extra | Response;
  /**
   * A one-field form (the discount code): the field a shop error's message shows beside, so
   * the field itself says why (its `aria-describedby`), not a banner above it.
   */
  errorField?: string;
};

export async function formAction<S extends v.GenericSchema, Extra extends object>({
  request,
  context,
  schema,
  idle,
  failureMessage,
  perform,
  caughtBot,
  errorField,
}: FormActionOptions<S, Extra>) {
  const answer = (result: SubmissionResult<string[]>, status: number, extra: Extra = idle) => data<ActionData<Extra>>({ result, ...extra }, { status });

  const formData = await readFormData(request);
  if (!formData) return answer(formMessage(UNREADABLE_FORM), 400);
  if (caughtBot && honeypotFilled(formData)) {
    const bot = caughtBot();
    return bot instanceof Response ? bot : answer({ status: "success", initialValue: null }, 200, bot);
  }
  const submission = parseForm(formData, schema);
  if (!submission) return answer(formMessage(UNREADABLE_FORM), 400);
  if (submission.status !== "success") return answer(submission.reply(), 400);

  try {
    const done = await perform(submission.value);
    return done instanceof Response ? done : answer(submission.reply({ resetForm: true }), 200, done);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isShopError(error)) {
      const errors = errorField ? { fieldErrors: { [errorField]: [error.message] } } : { formErrors: [error.message] };
      return answer(submission.reply(errors), STATUS_OF_KIND[error.kind]);
    }
    getLog(context)("page_action_failed", { path: loggedPath(new URL(request.url).pathname), ...errorKind(error) });
    const message = typeof failureMessage === "function" ? failureMessage(submission.value) : failureMessage;
    return answer(submission.reply({ formErrors: [message] }), 503);
  }
}

export type Shop = ReturnType<typeof getShop>;

/**
 * The partner and newsletter forms: store what `schema` accepts and answer
 * `{ submitted: true }` (or `stored()`'s own answer, such as a redirect); a filled honeypot
 * gets the same answer and nothing is stored (see Honeypot.tsx).
 */
export function storeFormAction<S extends v.GenericSchema>(
  { request, context }: PageActionArgs,
  schema: S,
  failureMessage: string,
  store: (shop: Shop, value: v.InferOutput<S>) => Promise<unknown>,
  stored: () => Submitted | Response = () => ({ submitted: true }),
) {
  return formAction<S, Submitted>({
    request,
    context,
    schema,
    failureMessage,
    idle: { submitted: false },
    caughtBot: stored,
    perform: async (value) => {
      await store(getShop(context), value);
      return stored();
    },
  });
}
