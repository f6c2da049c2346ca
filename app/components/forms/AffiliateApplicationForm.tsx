/**
 * The affiliate application (spec sections 3 to 5, 7, 8): name, email, website URL,
 * audience description and the terms box. With JavaScript it is validated as you go and
 * sent to `POST /api/affiliates` (terms are checked here and not sent); without it, it
 * posts to the /affiliate action.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import { Form, Link } from "react-router";
import type * as v from "valibot";
import { apiRequest } from "~/lib/api";
import { AffiliateFormSchema } from "~/lib/schemas";
import {
  ApplicationForm,
  FormError,
  SubmitButton,
  useFocusOnReturn,
  type ApplicationActionData,
  type ApplicationFieldsProps,
} from "./application-flow";
import { CheckboxField, TextareaField, TextField } from "./fields";
import * as css from "./forms.css";
import { Honeypot } from "./Honeypot";

type AffiliateForm = v.InferOutput<typeof AffiliateFormSchema>;

export function AffiliateApplicationForm({ actionData }: { actionData: ApplicationActionData | undefined }) {
  return (
    <ApplicationForm<AffiliateForm>
      actionData={actionData}
      send={({ acceptTerms: _accepted, ...application }) => apiRequest("POST", "/api/affiliates", application)}
      Fields={AffiliateFields}
      confirmation={{
        heading: "You're in the queue",
        formHref: "/affiliate#apply",
        children: (
          <p>
            Thanks for applying to the Raw Dogg Affiliate Program. We review every application within 48 hours and email you your approval,
            your tracking link and your creative kit.
          </p>
        ),
      }}
    />
  );
}

function AffiliateFields({ round, lastResult, busy, onSubmit }: ApplicationFieldsProps<AffiliateForm>) {
  const [form, fields] = useForm({
    id: "affiliate-application",
    lastResult,
    constraint: getValibotConstraint(AffiliateFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: AffiliateFormSchema }),
    onSubmit,
  });
  useFocusOnReturn(round, fields.name.id);

  return (
    <Form method="post" action="/affiliate" {...getFormProps(form)} className={css.form} aria-label="Affiliate application">
      <Honeypot formId={form.id} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className={css.grid}>
        <TextField meta={fields.name} label="Full name" autoComplete="name" />
        <TextField meta={fields.email} type="email" label="Email" autoComplete="email" />
        <TextField
          meta={fields.websiteUrl}
          type="url"
          label="Website URL"
          hint="Your site, blog or main social profile."
          placeholder="https://"
          autoComplete="url"
          wide
        />
        <TextareaField
          meta={fields.audienceDescription}
          label="Audience description"
          hint="Who follows you, where, and roughly how many."
          placeholder="e.g. 40k followers on TikTok, mostly 21-30, into nightlife, streetwear and sex-positive comedy."
          wide
        />
        <CheckboxField
          meta={fields.acceptTerms}
          label={
            <>
              I accept the{" "}
              <Link prefetch="intent" to="/terms">
                terms and conditions
              </Link>{" "}
              of the Raw Dogg Affiliate Program
            </>
          }
        />
      </div>
      <div className={css.actions}>
        <SubmitButton busy={busy} />
      </div>
    </Form>
  );
}
