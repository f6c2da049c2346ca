/**
 * The partners' sign-in on /login (issue 34): an email asks for a one-time link and a 6-digit
 * code; the code, typed with the email, signs in. Plain forms posted to /login's action, so
 * they work without JavaScript (the page ships none). What the action answered decides what
 * shows: after asking, the one answer (a partner's email or not) and the code form; after a
 * code that did not sign in, its message beside the code form again.
 */
import { Link } from "react-router";
import type { ActionData } from "~/components/forms/action-data";
import * as forms from "~/components/forms/forms.css";
import { FormMessage } from "~/components/forms/ToastBanner";
import { SIGN_IN_MINUTES } from "~/shared/partners";
import { button } from "~/styles/ui.css";
import * as css from "./partners.css";
import { formError, PlainField, typedValue } from "./PlainField";
import { SIGN_IN_SENT } from "./words";

/** /login's own answer besides Conform's reply: the email a link and code were asked for. */
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
  const intent = typedValue(actionData?.result, "intent");
  const showCode = actionData?.sent != null || intent === "code" || step === "code";
  return (
    <div className={css.signIn}>
      <div className={forms.field}>
        <p className={css.fine}>
          Approved affiliates and creators sign in with their email, no password: we email a sign-in link and a 6-digit code. Either works once, for{" "}
          {SIGN_IN_MINUTES} minutes.
        </p>
        <p className={css.fine}>Your page shows your link and code, your clicks and orders, your commission and your payouts.</p>
      </div>
      {showCode ? (
        <CodeForm actionData={actionData} />
      ) : (
        <EmailForm actionData={intent === "email" ? actionData : undefined} signedOut={step === "signed-out"} />
      )}
    </div>
  );
}

function EmailForm({ actionData, signedOut }: { actionData: ActionData<SignInOutcome> | undefined; signedOut: boolean }) {
  const result = actionData?.result;
  const id = "partner-sign-in-email";
  return (
    <form method="post" action={ACTION} id={id} className={css.signInForm} aria-label="Partner sign-in" noValidate>
      {signedOut ? (
        <p className={forms.successBanner} role="status">
          You're signed out.
        </p>
      ) : null}
      <FormMessage message={formError(result)} />
      <input type="hidden" name="intent" value="email" />
      <PlainField form={id} name="email" label="Partner email" result={result}>
        {(props) => <input {...props} type="email" autoComplete="email" required defaultValue={typedValue(result, "email")} className={forms.input} />}
      </PlainField>
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

function CodeForm({ actionData }: { actionData: ActionData<SignInOutcome> | undefined }) {
  const sent = actionData?.sent ?? null;
  // After asking, the email asked with; after a refused code, the values as typed.
  const result = sent ? undefined : actionData?.result;
  const id = "partner-sign-in-code";
  return (
    <form method="post" action={ACTION} id={id} className={css.signInForm} aria-label="Sign in with your code" noValidate>
      {sent ? (
        <p className={forms.successBanner} role="status">
          {SIGN_IN_SENT}
        </p>
      ) : null}
      <FormMessage message={formError(result)} />
      <input type="hidden" name="intent" value="code" />
      <PlainField form={id} name="email" label="Partner email" result={result}>
        {(props) => <input {...props} type="email" autoComplete="email" required defaultValue={sent ?? typedValue(result, "email")} className={forms.input} />}
      </PlainField>
      <PlainField form={id} name="code" label="6-digit code" result={result}>
        {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="one-time-code" required className={forms.input} />}
      </PlainField>
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
