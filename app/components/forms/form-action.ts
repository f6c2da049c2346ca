/**
 * The server half of every partner and newsletter form: the route action parses the
 * posted FormData with the form's own schema (the one the browser validated with) and
 * either sends the errors back beside each field, values kept, or stores the value
 * through the shop and answers `{submitted: true}`. Works the same whether the post came
 * from a plain HTML form (no JavaScript) or from React Router.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data } from "react-router";
import type * as v from "valibot";
import { honeypotFilled } from "./Honeypot";

export type FormActionData = { result: SubmissionResult<string[]>; submitted: boolean };

export async function handleFormPost<S extends v.GenericSchema>({
  formData,
  schema,
  store,
  failureMessage,
}: {
  formData: FormData;
  schema: S;
  store: (value: v.InferOutput<S>) => Promise<unknown>;
  /** Shown above the form when storing fails. */
  failureMessage: string;
}) {
  // A filled honeypot is a bot: answered like a success, nothing stored (see Honeypot.tsx).
  if (honeypotFilled(formData)) {
    return data<FormActionData>({ result: { status: "success", initialValue: null }, submitted: true });
  }
  const submission = parseWithValibot(formData, { schema });
  if (submission.status !== "success") {
    return data<FormActionData>({ result: submission.reply(), submitted: false }, { status: 400 });
  }
  try {
    await store(submission.value);
  } catch (error) {
    console.error("Storing a form submission failed", error);
    return data<FormActionData>({ result: submission.reply({ formErrors: [failureMessage] }), submitted: false }, { status: 500 });
  }
  return data<FormActionData>({ result: submission.reply({ resetForm: true }), submitted: true });
}
