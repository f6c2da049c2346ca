/**
 * The newsletter block that ends the home page (spec sections 2, 4, 5, 8), anchor
 * `#newsletter`. The form posts to the /newsletter action, which stores the email once
 * (contract) and, without JavaScript, redirects back to `/?newsletter=subscribed#newsletter`.
 * With JavaScript it is validated in the browser, then stored through a fetcher while the
 * spec's simulated 1 s delay runs, and the toast shows when both are done.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { notifyError, notifySuccess } from "~/components/toast";
import { NewsletterSchema } from "~/lib/schemas";
import { button, container } from "~/styles/ui.css";
import { FieldError } from "./fields";
import type { FormActionData } from "./form-action";
import * as css from "./forms.css";
import { Honeypot, honeypotFilled } from "./Honeypot";

/** The spec's simulated signup delay. */
export const NEWSLETTER_DELAY_MS = 1000;

export const NEWSLETTER_SUBSCRIBED = {
  title: "Subscribed!",
  description: "You're on the list. Watch your inbox for drops, restocks and members-only deals.",
} as const;

export const NEWSLETTER_FAILED = { title: "Error", description: "Failed to subscribe. Please try again." } as const;

/** Asks the /newsletter action to answer with data instead of redirecting (the fetcher path). */
export const NEWSLETTER_INLINE_ACTION = "/newsletter?inline";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function NewsletterSignup({ lastResult }: { lastResult?: FormActionData["result"] }) {
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<FormActionData>({ key: "newsletter" });
  const [busy, setBusy] = useState(false);
  // The submission in flight: resolved with the action's answer once the fetcher, having
  // been busy, is idle again.
  const pending = useRef<{ resolve: (answer: FormActionData | undefined) => void; sawBusy: boolean } | null>(null);

  useEffect(() => {
    const current = pending.current;
    if (!current) return;
    if (fetcher.state !== "idle") current.sawBusy = true;
    else if (current.sawBusy) {
      pending.current = null;
      current.resolve(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);

  const [form, fields] = useForm({
    id: "newsletter-signup",
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: NewsletterSchema }),
    onSubmit: async (event: FormEvent<HTMLFormElement>, { formData }) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      const formElement = event.currentTarget;
      try {
        const stored = honeypotFilled(formData)
          ? Promise.resolve<FormActionData | undefined>({ result: {}, submitted: true })
          : new Promise<FormActionData | undefined>((resolve) => {
              pending.current = { resolve, sawBusy: false };
              void fetcher.submit(formData, { method: "post", action: NEWSLETTER_INLINE_ACTION });
            });
        const [answer] = await Promise.all([stored, delay(NEWSLETTER_DELAY_MS)]);
        if (answer?.submitted) {
          notifySuccess(NEWSLETTER_SUBSCRIBED.title, NEWSLETTER_SUBSCRIBED.description);
          formElement.reset();
        } else if (!answer?.result.error || Object.keys(answer.result.error).length === 0) {
          notifyError(NEWSLETTER_FAILED.title, NEWSLETTER_FAILED.description);
        }
      } catch {
        notifyError(NEWSLETTER_FAILED.title, NEWSLETTER_FAILED.description);
      } finally {
        setBusy(false);
      }
    },
  });

  const subscribedWithoutJs = searchParams.get("newsletter") === "subscribed";
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });

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
        <form method="post" action="/newsletter" {...getFormProps(form)} className={css.form} aria-label="Newsletter signup">
          <Honeypot formId={form.id} />
          {subscribedWithoutJs ? (
            <p className={css.successBanner} role="status">
              You&apos;re on the list! Watch your inbox for drops and deals.
            </p>
          ) : null}
          {form.errors?.[0] ? (
            <p id={form.errorId} className={css.banner} role="alert">
              {form.errors[0]}
            </p>
          ) : null}
          <div className={css.field}>
            <label htmlFor={fields.email.id} className={css.label}>
              Email address
            </label>
            <div className={css.newsletterRow}>
              <input
                key={key}
                {...emailProps}
                className={css.input}
                autoComplete="email"
                placeholder="you@example.com"
                maxLength={254}
              />
              <button type="submit" className={button.primary} disabled={busy}>
                {busy ? "SUBSCRIBING..." : "SUBSCRIBE"}
              </button>
            </div>
            <FieldError meta={fields.email} />
          </div>
          <p className={css.newsletterFine}>
            18+ only. We never sell your email. By subscribing you agree to our <Link to="/privacy">privacy policy</Link>.
          </p>
        </form>
      </div>
    </section>
  );
}
