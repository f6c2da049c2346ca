/** The shop's constants (spec section 9 and the contract), in one place. */

export const BRAND_NAME = "Raw Dogg";
export const TAGLINE = "Unleash the dogg in you";

/** `{page} | Raw Dogg`, the title of every page. */
export const pageTitle = (page: string) => `${page} | ${BRAND_NAME}`;

export const REACTION_EMOJIS = ["👍", "❤️", "🔥", "😍", "😮", "🙏"] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** A cart line holds 1 to 99 of one product. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 99;

/** Tax is 8% of the subtotal, rounded half up to the cent; shipping is always free. */
export const TAX_RATE_PERCENT = 8;
export const SHIPPING_CENTS = 0;

/** The product the home page's gold spotlight shows. */
export const SPOTLIGHT_SLUG = "24k-gold";
/** The 24k Gold spotlight's struck-through price is the price plus $5.00. */
export const SPOTLIGHT_MARKUP_CENTS = 500;

/** Counts above this show as '99+' (cart badge, reaction counts). */
export const COUNT_CAP = 99;
export const capCount = (count: number) => (count > COUNT_CAP ? `${COUNT_CAP}+` : String(count));

export const VENDOR_BUSINESS_TYPES = ["retailer", "distributor", "wholesaler", "other"] as const;
export const MONTHLY_SALES_VOLUMES = ["less_than_1000", "1000_to_5000", "5000_to_10000", "10000_to_50000", "more_than_50000"] as const;
export const CONTACT_METHODS = ["email", "phone"] as const;
export const PAYMENT_METHODS = ["paypal", "bank", "crypto"] as const;
export const DEFAULT_COUNTRY = "United States";
