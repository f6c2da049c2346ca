/**
 * The content creator application (spec sections 3 to 5, 7, 8): name, email, optional
 * social handles, bio, portfolio URLs typed comma-separated (sent as a trimmed list) and
 * payment details. With JavaScript it goes to `POST /api/creators`; without it, to the
 * /creators action. Both parse it with `CreatorFormSchema`.
 */
import type * as v from "valibot";
import { apiRequest } from "~/lib/api";
import { PAYMENT_METHODS } from "~/shared/constants";
import { CreatorFormSchema } from "~/shared/schemas";
import { ApplicationForm, ApplicationFormFrame, useFocusOnReturn, type ApplicationFieldsProps } from "./application-flow";
import { FieldGroup, optionsOf, SelectField, TextareaField, TextField } from "./fields";
import type { ActionData, Submitted } from "./action-data";
import { useSchemaForm } from "./use-schema-form";

type CreatorForm = v.InferOutput<typeof CreatorFormSchema>;

export const PAYMENT_METHOD_OPTIONS = optionsOf(PAYMENT_METHODS, { paypal: "PayPal", bank: "Bank transfer", crypto: "Crypto" });

const SOCIAL_HANDLES = [
  { key: "instagram", label: "Instagram", placeholder: "@yourhandle" },
  { key: "tiktok", label: "TikTok", placeholder: "@yourhandle" },
  { key: "youtube", label: "YouTube", placeholder: "@yourchannel" },
  { key: "twitter", label: "Twitter", placeholder: "@yourhandle" },
] as const;

export function CreatorApplicationForm({ actionData }: { actionData: ActionData<Submitted> | undefined }) {
  return (
    <ApplicationForm<CreatorForm>
      actionData={actionData}
      send={(application) => apiRequest("POST", "/api/creators", application)}
      Fields={CreatorFields}
      confirmation={{
        heading: "Application received",
        formHref: "/creators#apply",
        children: <p>Thanks for pitching yourself to the pack. Our creator team reviews every application and contacts you within 48 hours with next steps.</p>,
      }}
    />
  );
}

function CreatorFields({ round, lastResult, busy, onSubmit }: ApplicationFieldsProps<CreatorForm>) {
  const [form, fields] = useSchemaForm(CreatorFormSchema, lastResult, {
    id: "creator-application",
    defaultValue: { paymentInfo: { paymentMethod: "paypal" } },
    onSubmit,
  });
  useFocusOnReturn(round, fields.name.id);
  const social = fields.socialLinks.getFieldset();
  const payment = fields.paymentInfo.getFieldset();

  return (
    <ApplicationFormFrame form={form} action="/creators" label="Creator application" busy={busy}>
      <TextField meta={fields.name} label="Full name" autoComplete="name" />
      <TextField meta={fields.email} type="email" label="Email" autoComplete="email" />
      <FieldGroup legend="Social handles" optional wide>
        {SOCIAL_HANDLES.map(({ key, label, placeholder }) => (
          <TextField key={key} meta={social[key]} label={label} placeholder={placeholder} autoComplete="off" />
        ))}
      </FieldGroup>
      <TextareaField
        meta={fields.bio}
        label="Bio"
        hint="What you make, who watches it, and why Raw Dogg fits."
        placeholder="e.g. I make dating comedy sketches for 120k followers and host a weekly sex-ed live."
        wide
      />
      <TextField
        meta={fields.portfolioUrls}
        label="Portfolio URLs"
        hint="Links to your best work, separated by commas."
        placeholder="https://tiktok.com/@you/video/1, https://youtube.com/@you"
        wide
      />
      <SelectField meta={payment.paymentMethod} label="Payment method" options={PAYMENT_METHOD_OPTIONS} />
      <TextField meta={payment.accountDetails} label="Account details" hint="PayPal email, bank account or wallet address." autoComplete="off" />
    </ApplicationFormFrame>
  );
}
