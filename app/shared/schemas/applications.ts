/**
 * What the public applies or signs up for: the newsletter, and the affiliate, creator and
 * vendor programmes.
 */
import * as v from "valibot";
import { CONTACT_METHODS, MONTHLY_SALES_VOLUMES, PAYMENT_METHODS, VENDOR_BUSINESS_TYPES } from "../constants";
import { choice, email, isWebUrl, mustAccept, optionalUrl, text, url } from "./fields";

// ---------------------------------------------------------------- newsletter

export const NewsletterSchema = v.object({
  email: email("Please enter a valid email address"),
});

/** The confirmation page's button: the token its link carried (the shop checks it). */
export const NewsletterConfirmationSchema = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(100)), ""),
});

// ---------------------------------------------------------------- affiliates

/** The API's affiliate application: terms are accepted in the form and not sent. */
export const AffiliateApplicationSchema = v.object({
  name: text(2, "Name must be at least 2 characters", 120),
  email: email("Please enter a valid email address"),
  websiteUrl: url("Please enter a valid URL", 500),
  audienceDescription: text(10, "Please provide more details about your audience"),
});

/** The affiliate form: the application plus the terms checkbox. */
export const AffiliateFormSchema = v.object({
  ...AffiliateApplicationSchema.entries,
  acceptTerms: mustAccept("You must accept the terms and conditions"),
});

// ---------------------------------------------------------------- creators

const HANDLE_MAX = 100;
/** A handle, or nothing: an empty field (the form sends "" for it) is no handle. */
const handle = v.optional(
  v.pipe(
    v.string("Please enter your handle as text."),
    v.trim(),
    v.maxLength(HANDLE_MAX, `Please keep handles under ${HANDLE_MAX} characters.`),
    v.transform((value) => (value === "" ? undefined : value)),
  ),
);

const SOCIAL_NETWORKS = ["instagram", "tiktok", "youtube", "twitter"] as const;
const SOCIAL_LINKS_MESSAGE = "Social links are your Instagram, TikTok, YouTube and Twitter handles, and nothing else.";

/** A plain object whose keys are among the four networks (a list, `null` or any other key is refused whole). */
const isSocialLinksShape = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.keys(value).every((key) => (SOCIAL_NETWORKS as readonly string[]).includes(key));

/**
 * Exactly the four optional handles. A wrong shape is one issue named `socialLinks`; a
 * handle that is too long is named by its field (`socialLinks.instagram`), where the form shows it.
 */
export const SocialLinksSchema = v.pipe(
  v.custom<Partial<Record<(typeof SOCIAL_NETWORKS)[number], string>>>(isSocialLinksShape, SOCIAL_LINKS_MESSAGE),
  v.strictObject({ instagram: handle, tiktok: handle, youtube: handle, twitter: handle }, SOCIAL_LINKS_MESSAGE),
);

const PORTFOLIO_MESSAGE = "Please provide at least one portfolio URL";
const PORTFOLIO_URL_MAX = 500;
const PORTFOLIO_URLS_MAX = 20;
const PORTFOLIO_URL_MESSAGE = `Please enter each portfolio URL as a web address starting with http:// or https:// (at most ${PORTFOLIO_URL_MAX} characters).`;

/**
 * Portfolio URLs as a trimmed list with at least one URL in it, each an http(s) address of
 * bounded length, at most 20. Every issue is named `portfolioUrls`: the form has one field for the list.
 */
const PortfolioUrlsSchema = v.pipe(
  v.custom<string[]>(
    (value) => Array.isArray(value) && value.every((item) => typeof item === "string"),
    (issue) => (Array.isArray(issue.input) ? PORTFOLIO_URL_MESSAGE : PORTFOLIO_MESSAGE),
  ),
  v.transform((urls) => urls.map((u) => u.trim()).filter((u) => u.length > 0)),
  v.check((urls) => urls.join(",").length >= 5, PORTFOLIO_MESSAGE),
  v.check((urls) => urls.every((u) => u.length <= PORTFOLIO_URL_MAX && isWebUrl(u)), PORTFOLIO_URL_MESSAGE),
  v.maxLength(PORTFOLIO_URLS_MAX, `Please list at most ${PORTFOLIO_URLS_MAX} portfolio URLs.`),
);

export const CreatorApplicationSchema = v.object({
  name: text(2, "Name must be at least 2 characters", 120),
  email: email("Please enter a valid email address"),
  socialLinks: v.optional(SocialLinksSchema, {}),
  bio: text(10, "Please provide more information about yourself"),
  portfolioUrls: v.optional(PortfolioUrlsSchema, []),
  paymentInfo: v.optional(
    v.object(
      {
        paymentMethod: choice(PAYMENT_METHODS, "Please choose PayPal, bank transfer or crypto."),
        accountDetails: text(3, "Please provide your payment account details", 500),
      },
      "Please provide your payment account details",
    ),
    {},
  ),
});

/** Portfolio URLs as the form takes them: comma-separated text, sent as a trimmed list. */
export const splitPortfolioUrls = (raw: string) =>
  raw
    .split(",")
    .map((u) => u.trim())
    .filter((u) => u.length > 0);

/**
 * The creator form: portfolio URLs come in as comma-separated text (at least 5
 * characters) and leave as the API's trimmed list; social handles and payment details
 * are nested fields (`socialLinks.instagram`, `paymentInfo.paymentMethod`). The output is
 * a `CreatorApplication`, checked by the same rules as `POST /api/creators`.
 */
export const CreatorFormSchema = v.object({
  ...CreatorApplicationSchema.entries,
  portfolioUrls: v.pipe(text(5, "Please provide at least one portfolio URL", 4000), v.transform(splitPortfolioUrls), PortfolioUrlsSchema),
});

// ---------------------------------------------------------------- vendors

const yearMessage = "Please enter a valid year after 1900.";
const locationsMessage = "Please enter at least 1 location.";

export const VendorApplicationSchema = v.object({
  businessName: text(2, "Business name must be at least 2 characters.", 200),
  contactName: text(2, "Contact name must be at least 2 characters.", 120),
  email: email("Please enter a valid email address."),
  phone: text(10, "Please enter a valid phone number.", 40),
  businessType: choice(VENDOR_BUSINESS_TYPES, "Please select a business type."),
  website: optionalUrl("Please enter a valid website URL."),
  yearEstablished: v.pipe(
    v.optional(v.union([v.string(), v.number()], yearMessage), ""),
    v.transform((year) => String(year).trim()),
    v.regex(/^\d{4}$/, yearMessage),
    v.check((year) => Number(year) > 1900 && Number(year) <= new Date().getFullYear(), yearMessage),
  ),
  monthlySalesVolume: choice(MONTHLY_SALES_VOLUMES, "Please select your monthly sales volume."),
  locations: v.optional(
    v.pipe(v.number(locationsMessage), v.integer(locationsMessage), v.minValue(1, locationsMessage), v.maxValue(100_000, locationsMessage)),
    1,
  ),
  businessDescription: text(20, "Please provide a description of at least 20 characters."),
  hasLicense: v.optional(v.boolean(), false),
  acceptsTerms: mustAccept("You must accept the terms and conditions to apply."),
  preferredContactMethod: choice(CONTACT_METHODS, "Please select a preferred contact method."),
});

export type AffiliateApplication = v.InferOutput<typeof AffiliateApplicationSchema>;
export type CreatorApplication = v.InferOutput<typeof CreatorApplicationSchema>;
export type VendorApplication = v.InferOutput<typeof VendorApplicationSchema>;
export type NewsletterInput = v.InferOutput<typeof NewsletterSchema>;
