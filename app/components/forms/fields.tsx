/**
 * Labelled form controls wired to Conform: each renders its label, the control with the
 * field's ids and aria attributes, and the field's first error right beneath it, so the
 * same message shows whether it came from the browser or back from the action.
 */
import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { FocusEventHandler, ReactNode } from "react";
import { card } from "~/styles/recipes.css";
import * as css from "./forms.css";
import { FormMessage } from "./ToastBanner";

/** Any field of any form: these controls only read its name, ids, default and errors. */
export type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

type Common = {
  meta: Field;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label "(optional)"; the schema decides what is required. */
  optional?: boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
};

const hintId = (meta: Field) => `${meta.id}-hint`;

/**
 * The field's first error. Its line is kept even when empty: a message appearing when a
 * field is left would otherwise push the submit button away from the pointer mid-click.
 */
export function FieldError({ meta }: { meta: Field }) {
  return (
    <p id={meta.errorId} className={css.error}>
      {meta.errors?.[0]}
    </p>
  );
}

function Label({ meta, label, optional }: Pick<Common, "meta" | "label" | "optional">) {
  return (
    <label htmlFor={meta.id} className={css.label}>
      {label}
      {optional ? <span className={css.optional}>(optional)</span> : null}
    </label>
  );
}

const Hint = ({ meta, hint }: Pick<Common, "meta" | "hint">) =>
  hint ? (
    <p id={hintId(meta)} className={css.hint}>
      {hint}
    </p>
  ) : null;

type TextFieldProps = Common & {
  type?: "text" | "email" | "url" | "tel" | "number";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "email" | "url" | "tel";
  min?: number;
  step?: number;
  onBlur?: FocusEventHandler<HTMLInputElement>;
};

export function TextField({ meta, label, hint, optional, wide, type = "text", ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? hintId(meta) : undefined });
  return (
    <div className={wide ? `${css.field} ${css.wide}` : css.field}>
      <Label meta={meta} label={label} optional={optional} />
      <Hint meta={meta} hint={hint} />
      <input key={key} {...props} {...rest} className={css.input} />
      <FieldError meta={meta} />
    </div>
  );
}

export function TextareaField({ meta, label, hint, optional, wide, placeholder }: Common & { placeholder?: string }) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hint ? hintId(meta) : undefined });
  return (
    <div className={wide ? `${css.field} ${css.wide}` : css.field}>
      <Label meta={meta} label={label} optional={optional} />
      <Hint meta={meta} hint={hint} />
      <textarea key={key} {...props} placeholder={placeholder} rows={5} className={css.textarea} />
      <FieldError meta={meta} />
    </div>
  );
}

type Option = { value: string; label: string };

/** A choice's options: every value the schema accepts (its constant), in order, each with its label. */
export const optionsOf = <const Value extends string>(values: readonly Value[], labels: Record<Value, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export function SelectField({ meta, label, hint, optional, wide, options, placeholder }: Common & { options: readonly Option[]; placeholder?: string }) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hint ? hintId(meta) : undefined });
  return (
    <div className={wide ? `${css.field} ${css.wide}` : css.field}>
      <Label meta={meta} label={label} optional={optional} />
      <Hint meta={meta} hint={hint} />
      <select key={key} {...props} className={css.select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** One checkbox (terms, licence): the label is the sentence next to the box. */
export function CheckboxField({ meta, label, wide = true }: Pick<Common, "meta" | "label" | "wide">) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <div className={wide ? `${css.field} ${css.wide}` : css.field}>
      <label className={css.choice} htmlFor={meta.id}>
        <input key={key} {...props} className={css.choiceInput} />
        <span>{label}</span>
      </label>
      <FieldError meta={meta} />
    </div>
  );
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function RadioGroupField({ meta, label, options, wide }: Pick<Common, "meta" | "label" | "wide"> & { options: readonly Option[] }) {
  const labels = new Map(options.map((option) => [option.value, option.label]));
  const radios = getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value) });
  return (
    <fieldset
      className={wide ? `${css.fieldset} ${css.wide}` : css.fieldset}
      aria-invalid={meta.errors ? true : undefined}
      aria-describedby={meta.errors ? meta.errorId : undefined}
    >
      <legend className={css.legend}>{label}</legend>
      <div className={css.choiceRow}>
        {radios.map(({ key, ...props }) => (
          <label key={key} className={css.choice} htmlFor={props.id}>
            <input {...props} aria-invalid={undefined} aria-describedby={undefined} className={css.choiceInput} />
            <span>{labels.get(props.value)}</span>
          </label>
        ))}
      </div>
      <FieldError meta={meta} />
    </fieldset>
  );
}

/**
 * Fields that belong together, under a legend: the creator's social handles, or a numbered
 * step of a longer form (the checkout's contact, address and payment), which is a card of
 * its own with the number beside the legend.
 */
export function FieldGroup({
  legend,
  step,
  optional,
  wide,
  children,
}: {
  legend: ReactNode;
  step?: number;
  optional?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const frame = step === undefined ? css.fieldset : `${card} ${css.stepFieldset}`;
  return (
    <fieldset className={wide ? `${frame} ${css.wide}` : frame}>
      <legend className={step === undefined ? css.legend : css.stepLegend}>
        {step === undefined ? null : (
          <span className={css.step} aria-hidden="true">
            {step}
          </span>
        )}
        {legend}
        {optional ? <span className={css.optional}>(optional)</span> : null}
      </legend>
      <div className={css.grid}>{children}</div>
    </fieldset>
  );
}

/** The form's own message (the shop refused or failed it), above the fields: see FormMessage. */
export function FormError({ id, errors }: { id?: string; errors: string[] | undefined }) {
  return <FormMessage id={id} message={errors?.[0]} />;
}
