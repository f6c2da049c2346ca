/**
 * Every input the shop accepts, as valibot schemas with the spec's exact messages
 * (section 5). The same schema validates a form in the browser (Conform), the form's
 * action on the server, and the matching `/api` route: one rule, one message.
 */
import * as v from "valibot";
import {
  CONTACT_METHODS,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  MONTHLY_SALES_VOLUMES,
  PAYMENT_METHODS,
  REACTION_EMOJIS,
  VENDOR_BUSINESS_TYPES,
} from "./constants";

/*
 * A missing field reads as empty, so it gets its own message: a form sends nothing for
 * an empty field (Conform reads "" as absent), an API caller may leave a field out, and
 * an object schema would otherwise answer with a generic message. Hence the
 * `v.optional(…, "")` around the required fields below.
 */

/** A checkbox that must be ticked: absent or anything but true gets `message`. */
const mustAccept = (message: string) =>
  v.pipe(
    v.optional(v.boolean(message), false),
    v.check((value) => value === true, message),
  );

/** Free text the shop stores is bounded, so one request cannot fill the database. */
const tooLong = (max: number) => `Please keep this under ${max} characters.`;

/** A trimmed string of at least `min` characters; a missing value gets the same message. */
const text = (min: number, message: string, max = 2000) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.minLength(min, message), v.maxLength(max, tooLong(max))), "");

const email = (message: string) =>
  v.optional(
    v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.email(message), v.maxLength(254, message)),
    "",
  );

/** An absolute http(s) address. */
const isWebUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const url = (message: string, max = 500) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.check(isWebUrl, message), v.maxLength(max, tooLong(max))), "");

/**
 * A web address or nothing at all. Conform hands an empty field over as absent (even a
 * schema's own "" default), so absence is mapped to "" inside the pipe.
 */
const optionalUrl = (message: string, max = 500) =>
  v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => value ?? ""),
    v.string(message),
    v.trim(),
    v.check((value) => value === "" || isWebUrl(value), message),
    v.maxLength(max, tooLong(max)),
  );

/** Text that may be left empty, mapped to "" inside the pipe as `optionalUrl` does. */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => value ?? ""),
    v.string(),
    v.trim(),
    v.maxLength(max, tooLong(max)),
  );

/** One of `options`; missing gets the same message as a wrong value. */
const choice = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(v.pipe(v.string(message), v.picklist(options, message)), "");


// ---------------------------------------------------------------- cart

const quantityMessage = `Quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}.`;
const quantity = v.pipe(
  v.number(quantityMessage),
  v.integer(quantityMessage),
  v.minValue(MIN_LINE_QUANTITY, quantityMessage),
  v.maxValue(MAX_LINE_QUANTITY, quantityMessage),
);

const id = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31, message));

export const AddToCartSchema = v.object({
  productId: id("Please choose a product to add."),
  quantity: v.optional(quantity, 1),
  /** The size and colour chosen; without it, a product with options is added with its size still to choose. */
  variantId: v.optional(id("Please choose a size and colour.")),
});

/** A line's new quantity, or its new variant (a size changed in the cart), or both: without a variant, the quantity is required. */
export const UpdateCartLineSchema = v.pipe(
  v.object({ quantity: v.optional(quantity), variantId: v.optional(id("Please choose a size and colour.")) }),
  v.forward(
    v.check((line) => line.quantity !== undefined || line.variantId !== undefined, quantityMessage),
    ["quantity"],
  ),
);

export const ReactionSchema = v.object({
  emoji: choice(REACTION_EMOJIS, "Please choose one of the six reactions."),
});

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
  v.strictObject(
    { instagram: handle, tiktok: handle, youtube: handle, twitter: handle },
    SOCIAL_LINKS_MESSAGE,
  ),
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
  portfolioUrls: v.pipe(
    text(5, "Please provide at least one portfolio URL", 4000),
    v.transform(splitPortfolioUrls),
    PortfolioUrlsSchema,
  ),
});

// ---------------------------------------------------------------- checkout

/**
 * The key a checkout's form carries, made when the page renders (a random UUID): a
 * repeated submission of the same checkout answers with the same order. The payment
 * intent sends it as its `Idempotency-Key` header.
 */
export const CHECKOUT_KEY_MESSAGE = "This checkout has expired. Please reload the page and try again.";
export const CheckoutKeySchema = v.pipe(v.string(CHECKOUT_KEY_MESSAGE), v.regex(/^[A-Za-z0-9_-]{16,64}$/, CHECKOUT_KEY_MESSAGE));

export const CheckoutSchema = v.object({
  email: email("Please enter a valid email address"),
  firstName: text(2, "First name is required", 100),
  lastName: text(2, "Last name is required", 100),
  address: text(5, "Address is required", 200),
  city: text(2, "City is required", 100),
  state: text(2, "State is required", 100),
  zipCode: text(5, "ZIP code is required", 20),
  // The form prefills DEFAULT_COUNTRY; an emptied field is a missing country, not a default.
  country: text(2, "Country is required", 100),
  /** Checked here, with or without JavaScript, and never stored (placeOrder drops it). */
  cardholderName: text(3, "Cardholder name is required", 120),
  checkoutKey: v.optional(CheckoutKeySchema),
  /**
   * The discount code the checkout page showed ("" for none): placing refuses when the cart
   * holds another by then (changed in another tab), so what is charged is what was shown.
   * Absent (the API, UCP): not checked.
   */
  codeShown: v.optional(v.pipe(v.string(), v.maxLength(24))),
});

/**
 * The checkout of a cart that holds only downloads: nothing is shipped, so no address is
 * asked for (contract, "Variants, stock and downloads").
 */
export const DigitalCheckoutSchema = v.object({
  email: CheckoutSchema.entries.email,
  cardholderName: CheckoutSchema.entries.cardholderName,
  checkoutKey: CheckoutSchema.entries.checkoutKey,
  codeShown: CheckoutSchema.entries.codeShown,
});

export const PaymentIntentSchema = v.object({
  customerEmail: email("Please enter a valid email address"),
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
    v.pipe(
      v.number(locationsMessage),
      v.integer(locationsMessage),
      v.minValue(1, locationsMessage),
      v.maxValue(100_000, locationsMessage),
    ),
    1,
  ),
  businessDescription: text(20, "Please provide a description of at least 20 characters."),
  hasLicense: v.optional(v.boolean(), false),
  acceptsTerms: mustAccept("You must accept the terms and conditions to apply."),
  preferredContactMethod: choice(CONTACT_METHODS, "Please select a preferred contact method."),
});

export type AddToCartInput = v.InferOutput<typeof AddToCartSchema>;
export type AffiliateApplication = v.InferOutput<typeof AffiliateApplicationSchema>;
export type CreatorApplication = v.InferOutput<typeof CreatorApplicationSchema>;
export type CheckoutInput = v.InferOutput<typeof CheckoutSchema>;
export type DigitalCheckoutInput = v.InferOutput<typeof DigitalCheckoutSchema>;
export type VendorApplication = v.InferOutput<typeof VendorApplicationSchema>;
export type NewsletterInput = v.InferOutput<typeof NewsletterSchema>;

// ---------------------------------------------------------------- the back office

/** The owner's sign-in: the password, checked against the ADMIN_PASSWORD secret. */
export const SignInSchema = v.object({
  password: v.optional(v.pipe(v.string("Please enter the password."), v.nonEmpty("Please enter the password."), v.maxLength(200, "That password is too long.")), ""),
});

const priceMessage = "Please enter a price in dollars, like 12.99.";

/**
 * A price typed in dollars ($ sign optional, at most 2 decimals), kept as integer cents
 * greater than 0: worked out digit by digit, so no float ever rounds it.
 */
const dollarsToCents = v.pipe(
  v.optional(v.string(priceMessage), ""),
  v.trim(),
  v.regex(/^\$?\d{1,5}(\.\d{1,2})?$/, priceMessage),
  v.transform((typed) => {
    const [whole = "0", fraction = ""] = typed.replace("$", "").split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  }),
  v.minValue(1, "The price must be at least $0.01."),
  v.maxValue(1_000_000, "The price must be at most $10,000.00."),
);

/** A product as the owner edits it: price, description and whether it is featured. */
export const AdminProductSchema = v.object({
  price: dollarsToCents,
  description: text(10, "Please write a description of at least 10 characters.", 2000),
  featured: v.optional(v.boolean(), false),
});

export const APPLICATION_DECISIONS = ["approved", "declined"] as const;

/** The owner's decision on an application, a note for the applicant, and for a creator whether to publish them. */
export const ApplicationReviewSchema = v.object({
  decision: choice(APPLICATION_DECISIONS, "Please choose to approve or decline."),
  note: optionalText(1000),
  publish: v.optional(v.boolean(), false),
});

const day = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.isoDate(message)), "");

/** A range of days, both included (the order export). */
export const DateRangeSchema = v.pipe(
  v.object({
    from: day("Please enter the first day as YYYY-MM-DD."),
    to: day("Please enter the last day as YYYY-MM-DD."),
  }),
  v.forward(
    v.check(({ from, to }) => from <= to, "The last day cannot be before the first."),
    ["to"],
  ),
);

export type AdminProductInput = v.InferOutput<typeof AdminProductSchema>;
export type ApplicationReview = v.InferOutput<typeof ApplicationReviewSchema>;
export type DateRange = v.InferOutput<typeof DateRangeSchema>;

/** The most a variant's stock can be set to in the back office. */
export const STOCK_MAX = 100_000;
export const STOCK_MESSAGE = `Please enter the stock as a whole number from 0 to ${STOCK_MAX}.`;

/** A stock count as typed (a form field, a CSV cell): digits only, 0 to STOCK_MAX. */
export const StockCountSchema = v.pipe(
  v.optional(v.string(STOCK_MESSAGE), ""),
  v.trim(),
  v.regex(/^\d{1,6}$/, STOCK_MESSAGE),
  v.transform(Number),
  v.maxValue(STOCK_MAX, STOCK_MESSAGE),
);

/**
 * A variant's stock as the owner sets it, and the count the page showed them (`was`, a
 * hidden field): the change is written only if the stock is still that.
 */
export const AdminStockSchema = v.object({
  stock: StockCountSchema,
  was: StockCountSchema,
});

/** How long the owner's reason for a cancel may be: it goes, as they wrote it, into the shopper's email and order page. */
export const CANCEL_REASON_MAX = 200;
export const ONE_LINE_REASON = "Please keep the reason on one line.";

/** The owner cancels a placed or packed order, saying why: one line of plain text the shopper reads. */
export const CancelOrderSchema = v.object({
  reason: v.pipe(
    text(3, "Please give the reason for cancelling (at least 3 characters).", CANCEL_REASON_MAX),
    v.check((reason) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(reason), ONE_LINE_REASON),
  ),
});

/** The owner ships an order: a carrier of app/shared/carriers.ts and its tracking number (checked there). */
export const ShipOrderSchema = v.object({
  carrier: text(1, "Please choose a carrier.", 20),
  trackingNumber: text(1, "Please enter the tracking number.", 40),
});
export type ShipOrderInput = v.InferOutput<typeof ShipOrderSchema>;

export type AdminStockInput = v.InferOutput<typeof AdminStockSchema>;
export type CancelOrderInput = v.InferOutput<typeof CancelOrderSchema>;

// ---------------------------------------------------------------- partners' sign-in and page

const SIGN_IN_EMAIL_MESSAGE = "Please enter a valid email address";
export const SIGN_IN_CODE_MESSAGE = "Please enter the 6-digit code from the email.";

/** A partner asks for a sign-in link and code (/login). */
export const PartnerSignInEmailSchema = v.object({
  intent: v.literal("email"),
  email: email(SIGN_IN_EMAIL_MESSAGE),
});

/** A partner types the code from the email, with their email (spaces in the code are dropped). */
export const PartnerSignInCodeSchema = v.object({
  intent: v.literal("code"),
  email: email(SIGN_IN_EMAIL_MESSAGE),
  code: v.optional(
    v.pipe(
      v.string(SIGN_IN_CODE_MESSAGE),
      v.transform((code) => code.replace(/\s+/g, "")),
      v.regex(/^\d{6}$/, SIGN_IN_CODE_MESSAGE),
    ),
    "",
  ),
});

/** /login's two forms, told apart by their `intent`. */
export const PartnerSignInSchema = v.variant("intent", [PartnerSignInEmailSchema, PartnerSignInCodeSchema]);

/** How a partner is paid, set on their page: the creator application's rule for method and account. */
export const PartnerPayoutSchema = v.object({
  intent: v.literal("payout"),
  method: choice(PAYMENT_METHODS, "Please choose PayPal, bank transfer or crypto."),
  details: text(3, "Please provide your payment account details", 500),
});

/** The partner page's two forms: the payout method, and signing out. */
export const PartnerPageSchema = v.variant("intent", [PartnerPayoutSchema, v.object({ intent: v.literal("sign-out") })]);
