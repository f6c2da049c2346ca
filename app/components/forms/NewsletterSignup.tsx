/**
 * The newsletter block that ends the home page (spec sections 2, 4, 5, 8), anchor
 * `#newsletter`. The form posts to the /newsletter action, which stores the email once
 * (contract), unconfirmed, and queues the email whose link confirms it (double opt-in); the
 * success toast says that email is on its way. Without JavaScript the action redirects back
 * to `/?newsletter=subscribed#newsletter`.
 * With JavaScript it is validated in the browser, then stored through a fetcher while the
 * spec's simulated 1 s delay runs, and the toast shows when both are done.
 *
 * Unlike the partner forms it does not use Conform: it is on the home page, whose first
 * download has a budget (tests/ops/budget.test.mjs), so its browser check imports the same NewsletterSchema
 * (and valibot) only when first needed: on leaving the field or on submitting. The action
 * parses the post with that schema too; its answer (Conform's SubmissionResult) is read here
 * for the messages and the value to keep. Ids and aria attributes are those Conform gave.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { notifyError, notifySuccess } from "~/components/toast";
import { NEWSLETTER_FAILED, NEWSLETTER_SUBSCRIBED } from "~/content/toasts";
import { button, container } from "~/styles/ui.css";
import * as css from "./forms.css";
import { Honeypot } from "./Honeypot";
import { honeypotFilled } from "./honeypot-field";
import type { ActionData, Submitted } from "./action-data";
import { FormMessage, ToastBanner } from "./ToastBanner";
import { webMcpTool } from "~/lib/webmcp";

type NewsletterActionData = ActionData<Submitted>;

/** The spec's simulated signup delay. */
export const NEWSLETTER_DELAY_MS = 1000;

/** Asks the /newsletter action to answer with data instead of redirecting (the fetcher path). */
export const NEWSLETTER_INLINE_ACTION = "/newsletter?inline";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const FORM_ID = "newsletter-signup";
const EMAIL_ID = `${FORM_ID}-email`;
const EMAIL_ERROR_ID = `${EMAIL_ID}-error`;
const FORM_ERROR_ID = `${FORM_ID}-error`;

type Errors = { email?: string; form?: string };

/** The messages in an action's answer: the field's and the form's (Conform's "" key). */
const answerErrors = (result: NewsletterActionData["result"] | undefined): Errors => ({
  email: result?.error?.email?.[0],
  form: result?.error?.[""]?.[0],
});

/** The schema's message for this email, or undefined when it is valid (loads the schema on first use). */
const emailError = async (email: string) => (await import("./newsletter-check")).newsletterEmailError(email);

export function NewsletterSignup({ lastResult }: { lastResult?: NewsletterActionData["result"] }) {
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<NewsletterActionData>({ key: "newsletter" });
  const [busy, setBusy] = useState(false);
  // The submission in flight: resolved with the action's answer once the fetcher is idle
  // again, having been busy (a failed call leaves the answer as it was) or holding a new
  // answer (React may commit the router's states together, so that busy never shows).
  type Pending = { resolve: (answer: NewsletterActionData | undefined) => void; before: NewsletterActionData | undefined; sawBusy: boolean };
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    const current = pending.current;
    if (!current) return;
    if (fetcher.state !== "idle") current.sawBusy = true;
    else if (current.sawBusy || fetcher.data !== current.before) {
      pending.current = null;
      current.resolve(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);

  const result = fetcher.data?.result ?? lastResult;
  const [errors, setErrors] = useState<Errors>(() => answerErrors(result));
  useEffect(() => setErrors(answerErrors(result)), [result]);
  const input = useRef<HTMLInputElement>(null);
  // Validated on leaving the field, then again on each keystroke (as the partner forms are).
  const validating = useRef(false);
  const latestCheck = useRef(0);

  const check = async (email: string) => {
    const round = ++latestCheck.current;
    const message = await emailError(email);
    if (round === latestCheck.current) setErrors({ email: message });
    return message;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const formData = new FormData(formElement);
    validating.current = true;
    // Should the schema fail to load, the action still checks the email.
    const invalid = await check(String(formData.get("email") ?? "")).catch(() => undefined);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const stored = honeypotFilled(formData)
        ? Promise.resolve<NewsletterActionData | undefined>({ result: {}, submitted: true })
        : new Promise<NewsletterActionData | undefined>((resolve) => {
            pending.current = { resolve, before: fetcher.data, sawBusy: false };
            void fetcher.submit(formData, { method: "post", action: NEWSLETTER_INLINE_ACTION });
          });
      const [answer] = await Promise.all([stored, delay(NEWSLETTER_DELAY_MS)]);
      if (answer?.submitted) {
        notifySuccess(NEWSLETTER_SUBSCRIBED);
        formElement.reset();
        validating.current = false;
      } else if (!answer?.result.error || Object.keys(answer.result.error).length === 0) {
        notifyError(NEWSLETTER_FAILED);
      }
    } catch {
      notifyError(NEWSLETTER_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const subscribedWithoutJs = searchParams.get("newsletter") === "subscribed";
  const keptEmail = result?.initialValue?.email;

  return (
    <section id="newsletter" className={css.newsletter} aria-labelledby="newsletter-heading">
      <div className={`${container} ${css.newsletterInner}`}>
        <div>
          <p className={css.newsletterEyebrow}>The Pound newsletter</p>
          <h2 id="newsletter-heading" className={css.newsletterHeading}>
            Join the pound
          </h2>
          <p>Drops, restocks, music and members-only deals, first. One email a week, tops. Unsubscribe anytime.</p>
        </div>
        <form
          id={FORM_ID}
          method="post"
          action="/newsletter"
          noValidate
          onSubmit={onSubmit}
          className={css.form}
          aria-label="Newsletter signup"
          {...webMcpTool("subscribe_to_newsletter", "Subscribe an email address to The Pound, Raw Dogg's weekly newsletter; a confirmation email follows.")}
          aria-describedby={errors.form ? FORM_ERROR_ID : undefined}
        >
          <Honeypot formId={FORM_ID} />
          {subscribedWithoutJs ? <ToastBanner toast={NEWSLETTER_SUBSCRIBED} /> : null}
          <FormMessage id={FORM_ERROR_ID} message={errors.form} />
          <div className={css.field}>
            <label htmlFor={EMAIL_ID} className={css.label}>
              Email address
            </label>
            <div className={css.newsletterRow}>
              <input
                ref={input}
                id={EMAIL_ID}
                form={FORM_ID}
                type="email"
                name="email"
                defaultValue={typeof keptEmail === "string" ? keptEmail : undefined}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? EMAIL_ERROR_ID : undefined}
                onBlur={(event) => {
                  validating.current = true;
                  void check(event.currentTarget.value).catch(() => undefined);
                }}
                onInput={(event) => {
                  if (validating.current) void check(event.currentTarget.value).catch(() => undefined);
                }}
                className={css.input}
                autoComplete="email"
                placeholder="you@example.com"
                maxLength={254}
                toolparamdescription="The email address to subscribe"
              />
              <button type="submit" className={button.primary} disabled={busy}>
                {busy ? "SUBSCRIBING..." : "SUBSCRIBE"}
              </button>
            </div>
            {/* Kept when empty, so a message appearing does not move the button mid-click. */}
            <p id={EMAIL_ERROR_ID} className={css.error}>
              {errors.email}
            </p>
          </div>
          <p className={css.newsletterFine}>
            18+ only. We never sell your email. By subscribing you agree to our{" "}
            <Link prefetch="intent" to="/privacy">
              privacy policy
            </Link>
            .
          </p>
        </form>
      </div>
    </section>
  );
}
