/**
 * The affiliate and creator applications' states (spec section 4): editing -> submitting
 * -> confirmation, with 'SUBMIT ANOTHER APPLICATION' back to an empty form; on error a
 * toast and the form stays as it was.
 *
 * With JavaScript the form calls the spec's API (section 7) and toasts (section 8).
 * Without it the same form posts to its route action, which stores through the same shop
 * function and answers `{submitted: true}`: the confirmation shows only once the store
 * succeeded, on either path.
 *
 * A post without JavaScript reloads the page, and the form sits far below its top (thousands
 * of pixels on a phone). So the form posts to `#application-result`: whatever the action
 * answered (the errors' summary, the shop's message, the written confirmation) carries that
 * id and tabIndex -1, and the browser scrolls to it and focuses it as the fragment's target,
 * with no script, as the newsletter's post lands on `#newsletter`.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { notifyError, notifySuccess } from "~/components/toast";
import { APPLICATION_FAILED, APPLICATION_SUBMITTED } from "~/content/toasts";
import { button } from "~/styles/ui.css";
import { CheckboxField, FormError, type Field } from "./fields";
import * as css from "./forms.css";
import { Honeypot } from "./Honeypot";
import { honeypotFilled } from "./honeypot-field";
import { ToastBanner } from "./ToastBanner";
import type { ActionData, Submitted } from "./action-data";

type ApplicationPhase = "editing" | "submitting" | "confirmed";

/** Where a post without JavaScript lands: the element that says how it went. */
export const APPLICATION_RESULT_ID = "application-result";

type ValidSubmission<Value> = { status: "success"; value: Value } | { status?: "error" | undefined };

/**
 * The JS path of an application form. `send` calls the API with the parsed value; a
 * filled honeypot skips it (see Honeypot.tsx) and is answered like a success.
 */
function useApplicationFlow<Value>({ actionData, send }: { actionData: ActionData<Submitted> | undefined; send: (value: Value) => Promise<unknown> }) {
  const [phase, setPhase] = useState<ApplicationPhase>("editing");
  // Bumped to remount the form empty for the next application.
  const [round, setRound] = useState(0);
  // A confirmation the action rendered (posted before JavaScript loaded), once left.
  const [leftActionConfirmation, setLeftActionConfirmation] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>, { formData, submission }: { formData: FormData; submission?: ValidSubmission<Value> }) => {
    event.preventDefault();
    if (submission?.status !== "success" || phase === "submitting") return;
    setPhase("submitting");
    try {
      if (!honeypotFilled(formData)) await send(submission.value);
      notifySuccess(APPLICATION_SUBMITTED);
      setPhase("confirmed");
    } catch {
      notifyError(APPLICATION_FAILED);
      setPhase("editing");
    }
  };

  const startAgain = () => {
    setPhase("editing");
    setLeftActionConfirmation(true);
    setRound((r) => r + 1);
  };

  // Posted before (or without) JavaScript: no toast was shown, so the page says its words.
  const confirmedByAction = phase !== "confirmed" && actionData?.submitted === true && !leftActionConfirmation;
  return {
    submitting: phase === "submitting",
    confirmed: phase === "confirmed" || confirmedByAction,
    confirmedByAction,
    round,
    onSubmit,
    startAgain,
  };
}

/** What an application's fields get from the flow around them. */
export type ApplicationFieldsProps<Value> = {
  /** Which application this is (0 first): a field takes the focus when it is not the first. */
  round: number;
  /** The route action's answer, for the first application only. */
  lastResult: ActionData["result"] | undefined;
  busy: boolean;
  onSubmit: ReturnType<typeof useApplicationFlow<Value>>["onSubmit"];
};

/**
 * An application form in its flow: the fields, remounted empty for each new application,
 * until one is in, then the confirmation.
 */
export function ApplicationForm<Value>({
  actionData,
  send,
  Fields,
  confirmation,
}: {
  actionData: ActionData<Submitted> | undefined;
  send: (value: Value) => Promise<unknown>;
  Fields: ComponentType<ApplicationFieldsProps<Value>>;
  confirmation: { heading: string; formHref: string; children: ReactNode };
}) {
  const flow = useApplicationFlow<Value>({ actionData, send });
  if (flow.confirmed) {
    const notice = flow.confirmedByAction ? <ToastBanner toast={APPLICATION_SUBMITTED} /> : null;
    return <ApplicationConfirmation {...confirmation} notice={notice} onStartAgain={flow.startAgain} />;
  }
  return (
    <Fields
      key={flow.round}
      round={flow.round}
      lastResult={flow.round === 0 ? actionData?.result : undefined}
      busy={flow.submitting}
      onSubmit={flow.onSubmit}
    />
  );
}

/**
 * The confirmation screen. 'SUBMIT ANOTHER APPLICATION' loads the page afresh at the form
 * without JavaScript (a GET form: a plain link to the same page and an anchor would only
 * scroll); with JavaScript it puts the flow back to an empty form.
 */
export function ApplicationConfirmation({
  heading,
  children,
  formHref,
  notice,
  onStartAgain,
}: {
  heading: string;
  children: ReactNode;
  formHref: string;
  /** The toast's words, written when the confirmation comes from the route action. */
  notice?: ReactNode;
  onStartAgain: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div id={APPLICATION_RESULT_ID} tabIndex={-1} className={css.confirmation}>
      {notice}
      <span className={css.confirmationMark} aria-hidden="true">
        ✓
      </span>
      <h3 ref={headingRef} tabIndex={-1} className={css.confirmationHeading}>
        {heading}
      </h3>
      {children}
      <form
        method="get"
        action={formHref}
        onSubmit={(event) => {
          event.preventDefault();
          onStartAgain();
        }}
      >
        <button type="submit" className={button.secondary}>
          SUBMIT ANOTHER APPLICATION
        </button>
      </form>
    </div>
  );
}

/** Focuses a field when the form is shown again for the next application. */
export function useFocusOnReturn(round: number, fieldId: string) {
  useEffect(() => {
    if (round > 0) document.getElementById(fieldId)?.focus();
  }, [round, fieldId]);
}

/** The submit button: 'SUBMITTING...' while the application is on its way. */
export function SubmitButton({ busy, children = "SUBMIT APPLICATION" }: { busy: boolean; children?: ReactNode }) {
  return (
    <button type="submit" className={`${button.primary} ${css.submit}`} disabled={busy} aria-disabled={busy}>
      {busy ? "SUBMITTING..." : children}
    </button>
  );
}

/** How many fields have a message now (Conform keeps the form's own message under ""). */
const fieldsInError = (errors: Record<string, string[] | undefined>) =>
  Object.entries(errors).filter(([name, messages]) => name !== "" && messages && messages.length > 0).length;

/** The line above a refused form that sends the eye down to the messages beside the fields. */
export const fieldsSummary = (count: number) => (count === 1 ? "Check the field marked below." : `Check the ${count} fields marked below.`);

/**
 * What the last submission came to, above the fields: `notice` (the vendor form's written
 * confirmation), the form's own message, or, when fields were refused, how many. It is the
 * target of the post's fragment (`APPLICATION_RESULT_ID`); nothing renders while there is
 * nothing to say.
 */
function FormResult<Schema extends Record<string, unknown>>({ notice, form }: { notice?: ReactNode; form: FormMetadata<Schema, string[]> }) {
  const refused = form.status === "error" ? fieldsInError(form.allErrors) : 0;
  const formMessage = form.errors?.[0];
  if (!notice && !formMessage && refused === 0) return null;
  return (
    <div id={APPLICATION_RESULT_ID} tabIndex={-1} className={css.result}>
      {notice}
      <FormError id={form.errorId} errors={form.errors} />
      {refused > 0 ? <p className={css.banner}>{fieldsSummary(refused)}</p> : null}
    </div>
  );
}

/**
 * A partner form as its route's action reads it: posted to `action` (the no-JavaScript
 * path; the page comes back at `#application-result`), the honeypot, what the last
 * submission came to, the fields in the two-column grid, and the submit button.
 */
export function ApplicationFormFrame<Schema extends Record<string, unknown>>({
  form,
  action,
  label,
  busy,
  notice,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  action: string;
  label: string;
  busy: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={`${action}#${APPLICATION_RESULT_ID}`} preventScrollReset {...getFormProps(form)} className={css.form} aria-label={label}>
      <Honeypot formId={form.id} />
      <FormResult notice={notice} form={form} />
      <div className={css.grid}>{children}</div>
      <div className={css.actions}>
        <SubmitButton busy={busy} />
      </div>
    </Form>
  );
}

/** The terms box every partner programme asks to be ticked. */
export function AcceptTermsField({ meta, programme }: { meta: Field; programme: string }) {
  return (
    <CheckboxField
      meta={meta}
      label={
        <>
          I accept the{" "}
          <Link prefetch="intent" to="/terms">
            terms and conditions
          </Link>{" "}
          of the Raw Dogg {programme}
        </>
      }
    />
  );
}
