/**
 * The newsletter form's browser check: the schema's first message for an email, or
 * undefined when it is valid. Its own module so the home page imports it (with valibot
 * and the schemas) only when the form is first checked, not on the first visit.
 */
import { safeParse } from "valibot";
import { NewsletterSchema } from "~/shared/schemas";

export function newsletterEmailError(email: string): string | undefined {
  const checked = safeParse(NewsletterSchema, { email });
  return checked.success ? undefined : checked.issues[0].message;
}
