/**
 * The wholesale vendor application (spec sections 3 to 5, 8). The spec's form is
 * front-end only; the contract stores it, so the form posts to the /vendor-application
 * action with or without JavaScript. With JavaScript: validated as you go, then the toast
 * 'Application Submitted' once the action has stored it, and the form back to its defaults.
 */
import { useEffect, type FocusEvent } from "react";
import { useNavigation } from "react-router";
import type * as v from "valibot";
import { notifySuccess } from "~/components/toast";
import { VENDOR_SUBMITTED } from "~/content/toasts";
import { CONTACT_METHODS, MONTHLY_SALES_VOLUMES, VENDOR_BUSINESS_TYPES } from "~/shared/constants";
import { VendorApplicationSchema } from "~/shared/schemas";
import { AcceptTermsField, ApplicationFormFrame } from "./application-flow";
import { CheckboxField, optionsOf, RadioGroupField, SelectField, TextareaField, TextField } from "./fields";
import type { ActionData, Submitted } from "./action-data";
import { ToastBanner } from "./ToastBanner";
import { useHydrated } from "./use-hydrated";
import { useSchemaForm } from "./use-schema-form";

export const BUSINESS_TYPE_OPTIONS = optionsOf(VENDOR_BUSINESS_TYPES, {
  retailer: "Retailer",
  distributor: "Distributor",
  wholesaler: "Wholesaler",
  other: "Other",
});

export const MONTHLY_SALES_OPTIONS = optionsOf(MONTHLY_SALES_VOLUMES, {
  less_than_1000: "Less than $1,000",
  "1000_to_5000": "$1,000 - $5,000",
  "5000_to_10000": "$5,000 - $10,000",
  "10000_to_50000": "$10,000 - $50,000",
  more_than_50000: "More than $50,000",
});

export const CONTACT_METHOD_OPTIONS = optionsOf(CONTACT_METHODS, { email: "Email", phone: "Phone" });

/** Spec section 3: empty strings, this year, one location, both boxes unchecked. */
export const vendorDefaults = () =>
  ({
    businessName: "",
    contactName: "",
    email: "",
    phone: "",
    businessType: "",
    website: "",
    yearEstablished: String(new Date().getFullYear()),
    monthlySalesVolume: "",
    locations: 1,
    businessDescription: "",
    hasLicense: false,
    acceptsTerms: false,
    preferredContactMethod: "",
  }) satisfies Record<keyof v.InferInput<typeof VendorApplicationSchema>, unknown>;

/** The locations input falls back to 1 when what is typed is not a number (spec section 5). */
const locationsFallback = (event: FocusEvent<HTMLInputElement>) => {
  if (!Number.isFinite(Number.parseInt(event.currentTarget.value, 10))) event.currentTarget.value = "1";
};

export function VendorApplicationForm({ actionData }: { actionData: ActionData<Submitted> | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" && navigation.formAction === "/vendor-application";

  const [form, fields] = useSchemaForm(VendorApplicationSchema, actionData?.result, {
    id: "vendor-application",
    defaultValue: vendorDefaults(),
    constraint: { website: { required: false } },
  });

  // Each stored application is a new action result: toast once for it (the action's
  // `resetForm` reply has already put the fields back to their defaults).
  useEffect(() => {
    if (actionData?.submitted) notifySuccess(VENDOR_SUBMITTED);
  }, [actionData]);

  return (
    <ApplicationFormFrame
      form={form}
      action="/vendor-application"
      label="Vendor application"
      busy={busy}
      notice={
        // Without JavaScript there is no toast: its words are written on the page.
        actionData?.submitted && !hydrated ? <ToastBanner toast={VENDOR_SUBMITTED} /> : null
      }
    >
      <TextField meta={fields.businessName} label="Business name" autoComplete="organization" />
      <TextField meta={fields.contactName} label="Contact name" autoComplete="name" />
      <TextField meta={fields.email} type="email" label="Email" autoComplete="email" />
      <TextField meta={fields.phone} type="tel" label="Phone" autoComplete="tel" placeholder="(555) 555-0123" />
      <SelectField meta={fields.businessType} label="Business type" options={BUSINESS_TYPE_OPTIONS} placeholder="Select a business type" />
      <TextField meta={fields.website} type="url" label="Website" optional placeholder="https://" autoComplete="url" />
      <TextField meta={fields.yearEstablished} label="Year established" inputMode="numeric" autoComplete="off" placeholder="YYYY" />
      <SelectField meta={fields.monthlySalesVolume} label="Monthly sales volume" options={MONTHLY_SALES_OPTIONS} placeholder="Select a range" />
      <TextField meta={fields.locations} type="number" label="Number of locations" min={1} step={1} inputMode="numeric" onBlur={locationsFallback} />
      <RadioGroupField meta={fields.preferredContactMethod} label="Preferred contact method" options={CONTACT_METHOD_OPTIONS} />
      <TextareaField
        meta={fields.businessDescription}
        label="Business description"
        hint="What you sell, where, and who your customers are (20 characters at least)."
        wide
      />
      <CheckboxField meta={fields.hasLicense} label="I hold a valid business license for selling health products" />
      <AcceptTermsField meta={fields.acceptsTerms} programme="wholesale program" />
    </ApplicationFormFrame>
  );
}
