/**
 * The partners' sign-in on /login (issue 34): an email asks for a one-time link and a 6-digit
 * code; the code, typed with the email, signs in. Plain forms posted to /login's action, so
 * they work without JavaScript (the page ships none). What the action answered decides what
 * shows: after asking, the one answer (a partner's email or not) and the code form; after a
 * code that did not sign in, its message beside the code form again.
 */
import { getFormProps } from "@conform-to/react";
import { Link } from "react-router";
import type { ActionData } from "~/components/forms/action-data";
import { TextField } from "~/components/forms/fields";
import * as forms from "~/components/forms/forms.css";
import { FormMessage } from "~/components/forms/ToastBanner";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { SIGN_IN_MINUTES } from "~/shared/partners";
import { PartnerSignInCodeSchema, PartnerSignInEmailSchema } from "~/shared/schemas";
import { button } from "~/styles/ui.css";
import * as css from "./partners.css";
import { SIGN_IN_SENT } from "./words";

/** /login's own sign-in answers (the route and its action share them with this form). */
type SignInOutcome = { sent: string | null };
/** `?step=`: the code form, the email form (asked again from the code form), or the email form after signing out. */
export const SIGN_IN_STEPS = ["code", "email", "signed-out"] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number] | null;

/** Posted to /login itself: a sign-in's redirect to /partner would keep a fragment of the form's address. */
const ACTION = "/login";

/** The section's id, and /login?step=code: the code form on its own (for an email already in hand). */
export const SIGN_IN_SECTION = "partner-sign-in";
export const CODE_STEP_HREF = `/login?step=code#${SIGN_IN_SECTION}`;

export function PartnerSignIn({ actionData, step }: { actionData: ActionData<SignInOutcome> | undefined; step: SignInStep }) {
  const intent = (actionData?.result.initialValue as { intent?: string } | null | undefined)?.intent;
  const showCode = actionData?.sent != null || intent === "code" || step === "code";
  return (
    <div className={css.signIn}>
      <div className={forms.field}>
        <p className={css.fine}>
          Approved affiliates and creators sign in with their email, no password: we email a sign-in link and a 6-digit code. Either works
          once, for {SIGN_IN_MINUTES} minutes.
        </p>
        <p className={css.fine}>Your page shows your link and code, your clicks and orders, your commission and your payouts.</p>
      </div>
      {showCode ? (
        <CodeForm actionData={actionData} intent={intent} />
      ) : (
        <EmailForm actionData={intent === "email" ? actionData : undefined} signedOut={step === "signed-out"} />
      )}
    </div>
  );
}

function EmailForm({ actionData, signedOut }: { actionData: ActionData<SignInOutcome> | undefined; signedOut: boolean }) {
  const [form, fields] = useSchemaForm(PartnerSignInEmailSchema, actionData?.result, { id: "partner-sign-in-email" });
  return (
    <form method="post" action={ACTION} {...getFormProps(form)} className={css.signInForm} aria-label="Partner sign-in">
      {signedOut ? (
        <p className={forms.successBanner} role="status">
          You're signed out.
        </p>
      ) : null}
      <FormMessage id={form.errorId} message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="email" />
      <TextField meta={fields.email} type="email" label="Partner email" autoComplete="email" />
      <div className={css.submitRow}>
        <button type="submit" className={button.primary}>
          Email Me A Link
        </button>
        <p className={css.fine}>
          Have a code already? <Link to={CODE_STEP_HREF}>Type your code</Link>
        </p>
      </div>
    </form>
  );
}

function CodeForm({ actionData, intent }: { actionData: ActionData<SignInOutcome> | undefined; intent: string | undefined }) {
  const sent = actionData?.sent ?? null;
  const [form, fields] = useSchemaForm(PartnerSignInCodeSchema, intent === "code" ? actionData?.result : undefined, {
    id: "partner-sign-in-code",
    defaultValue: sent ? { email: sent } : undefined,
  });
  return (
    <form method="post" action={ACTION} {...getFormProps(form)} className={css.signInForm} aria-label="Sign in with your code">
      {sent ? (
        <p className={forms.successBanner} role="status">
          {SIGN_IN_SENT}
        </p>
      ) : null}
      <FormMessage id={form.errorId} message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="code" />
      <TextField meta={fields.email} type="email" label="Partner email" autoComplete="email" />
      <TextField meta={fields.code} label="6-digit code" inputMode="numeric" autoComplete="one-time-code" />
      <div className={css.submitRow}>
        <button type="submit" className={button.primary}>
          Sign In
        </button>
      </div>
      <p className={css.fine}>
        No email? Check your spam folder, or <Link to={`/login?step=email#${SIGN_IN_SECTION}`}>ask for a new link and code</Link>.
      </p>
    </form>
  );
}
