/**
 * The affiliate application (spec sections 3 to 5, 7, 8): name, email, website URL,
 * audience description and the terms box. With JavaScript it is validated as you go and
 * sent to `POST /api/affiliates` (terms are checked here and not sent); without it, it
 * posts to the /affiliate action.
 */
import type * as v from "valibot";
import { apiRequest } from "~/lib/api";
import { AffiliateFormSchema } from "~/shared/schemas";
import { AcceptTermsField, ApplicationForm, ApplicationFormFrame, useFocusOnReturn, type ApplicationFieldsProps } from "./application-flow";
import { TextareaField, TextField } from "./fields";
import type { ActionData, Submitted } from "./action-data";
import { useSchemaForm } from "./use-schema-form";

type AffiliateForm = v.InferOutput<typeof AffiliateFormSchema>;

export function AffiliateApplicationForm({ actionData }: { actionData: ActionData<Submitted> | undefined }) {
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
            Thanks for applying to the Raw Dogg Affiliate Program. We review every application within 48 hours and email you your approval, your tracking link
            and your creative kit.
          </p>
        ),
      }}
    />
  );
}

function AffiliateFields({ round, lastResult, busy, onSubmit }: ApplicationFieldsProps<AffiliateForm>) {
  const [form, fields] = useSchemaForm(AffiliateFormSchema, lastResult, { id: "affiliate-application", onSubmit });
  useFocusOnReturn(round, fields.name.id);

  return (
    <ApplicationFormFrame form={form} action="/affiliate" label="Affiliate application" busy={busy}>
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
      <AcceptTermsField meta={fields.acceptTerms} programme="Affiliate Program" />
    </ApplicationFormFrame>
  );
}
