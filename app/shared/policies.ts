/**
 * The shipping and returns policy, as numbers and as the words the pages say them in: the
 * shipping and returns pages render from here, and so do the machines that repeat them (the
 * product pages' merchant listings, the feed, UCP), so a page and a listing never disagree.
 * Shipping itself is always free: app/shared/constants.ts `SHIPPING_CENTS`. Browser-safe.
 */

/** A span of business days, e.g. 3-5. */
export type DayRange = { min: number; max: number };

/** `{min: 3, max: 5}` -> `3-5 business days`. */
export const businessDays = ({ min, max }: DayRange) => `${min}-${max} business days`;

/** Orders placed before this Eastern hour on a business day are packed the same day. */
export const SAME_DAY_CUTOFF = "2 pm Eastern";
/** Packed the same day or the next business day. */
export const HANDLING_DAYS: DayRange = { min: 0, max: 1 };

/**
 * Delivery after dispatch, per destination, as the shipping page's table lists it. `country`
 * and `regions` say where a row applies for the machines (ISO 3166 codes); rows a machine
 * cannot name as a country or state (territories, "everywhere else") have none.
 */
export type DeliveryRow = { region: string; days: DayRange; country?: string; regions?: string[] };

export const DELIVERY: readonly DeliveryRow[] = [
  { region: "Contiguous United States", days: { min: 3, max: 5 }, country: "US" },
  { region: "Alaska, Hawaii and US territories", days: { min: 5, max: 8 }, country: "US", regions: ["AK", "HI"] },
  { region: "Canada", days: { min: 7, max: 10 }, country: "CA" },
  { region: "Everywhere else we ship", days: { min: 7, max: 14 } },
];

/** The delivery time of the contiguous United States, which the shipping page's description quotes. */
export const US_DELIVERY_DAYS = DELIVERY.find((row) => row.country === "US" && !row.regions)!.days;

/** Wholesale orders follow their own timeline. */
export const WHOLESALE_WEEKS: DayRange = { min: 4, max: 6 };

/** Unopened condoms and unworn apparel come back within this many days of delivery. */
export const RETURN_WINDOW_DAYS = 30;
/** Return shipping is on us: a prepaid label, emailed. */
export const RETURN_SHIPPING_FREE = true;
/** A return that arrives is checked within this many business days, then refunded in full. */
export const RETURN_CHECK_BUSINESS_DAYS = 2;
/** What a bank may take on top to show the refund. */
export const BANK_REFUND_DAYS: DayRange = { min: 5, max: 7 };
/** No restocking fee and nothing deducted: the refund is the full price, tax included. */
export const RESTOCKING_FEE_CENTS = 0;
/** Digital downloads cannot be returned once downloaded (a faulty file is fixed or refunded). */
export const DIGITAL_RETURNABLE = false;
