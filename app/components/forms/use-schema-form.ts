/**
 * Conform's `useForm` as every form of the shop uses it: validated with the valibot schema
 * its action parses with, first when a field is left, then on every keystroke; the
 * schema's constraints (required, lengths) on the inputs; and the action's last answer
 * (`ActionData["result"]`), so that the same messages and values show without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";

/** A form's schema: it reads the form's fields (an object) into its value. */
type FormSchema<Input extends Record<string, unknown>, Output> = v.GenericSchema<Input, Output>;

/** Everything else `useForm` takes; `constraint` adds to (or overrides) the schema's own. */
export type SchemaFormOptions<Input extends Record<string, unknown>, Output> = Omit<
  Parameters<typeof useForm<Input, Output, string[]>>[0],
  "lastResult" | "onValidate"
>;

export function useSchemaForm<Input extends Record<string, unknown>, Output>(
  schema: FormSchema<Input, Output>,
  lastResult: SubmissionResult<string[]> | undefined,
  { constraint, ...options }: SchemaFormOptions<Input, Output> = {},
) {
  return useForm<Input, Output, string[]>({
    lastResult,
    constraint: { ...getValibotConstraint(schema), ...constraint },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema }),
    ...options,
  });
}
