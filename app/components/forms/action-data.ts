/**
 * What every page action answers (page-action.ts builds it on the server) and what its
 * page reads from it: Conform's reply to the submission, plus whatever else the page needs
 * (the partner forms' `submitted`, the checkout's order).
 */
import type { SubmissionResult } from "@conform-to/react";

export type ActionData<Extra extends object = object> = { result: SubmissionResult<string[]> } & Extra;

/** The discount code's form's extra (the cart's and the checkout's): the mark that tells its answer from the page's own form's. */
export type DiscountCodeAnswer = { discountCodeForm: true };
export type DiscountCodeActionData = ActionData<DiscountCodeAnswer>;

/** The partner and newsletter forms' extra: whether the form was stored. */
export type Submitted = { submitted: boolean };

/** The message to show where a page has one place for it: the form's own, else the first field's. */
export function firstMessage(result: SubmissionResult<string[]> | undefined): string | undefined {
  const errors = result?.error ?? {};
  return errors[""]?.[0] ?? Object.values(errors).find((messages) => messages?.length)?.[0];
}
