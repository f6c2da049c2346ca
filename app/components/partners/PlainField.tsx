/**
 * A labelled field for the partners' forms, without Conform in the browser: their pages keep
 * under the JavaScript budget (tests/ops/budget.test.mjs), as the newsletter form does. The
 * action still parses with the form's valibot schema (page-action.server.ts); its answer, Conform's
 * reply, gives each field its first message and the value as it was typed, with or without
 * JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import * as forms from "~/components/forms/forms.css";

type Reply = SubmissionResult<string[]> | undefined;

/** A field's first message in the action's answer. */
export const fieldError = (result: Reply, name: string) => result?.error?.[name]?.[0];

/** What was typed in a field, as the answer keeps it (null after a success, which resets the form). */
export const typedValue = (result: Reply, name: string) => {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
};

/** The form's own message (the shop refused or failed it), Conform's "" key. */
export const formError = (result: Reply) => result?.error?.[""]?.[0];

type Props = {
  form: string;
  name: string;
  label: string;
  result: Reply;
  hint?: string;
  /** The control (an input or a select), given its id, name and aria attributes. */
  children: (props: { id: string; name: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => ReactNode;
};

export function PlainField({ form, name, label, result, hint, children }: Props) {
  const id = `${form}-${name}`;
  const error = fieldError(result, name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={forms.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <p id={`${id}-error`} className={forms.error}>
        {error}
      </p>
    </div>
  );
}
