/**
 * What the owner sends in the back office: signing in, a product's price, an application's
 * review, an export's days, stock, and an order's cancel or shipment.
 */
import * as v from "valibot";
import { choice, optionalText, text } from "./fields";

// ---------------------------------------------------------------- the back office

/** The owner's sign-in: the password, checked against the ADMIN_PASSWORD secret. */
export const SignInSchema = v.object({
  password: v.optional(
    v.pipe(v.string("Please enter the password."), v.nonEmpty("Please enter the password."), v.maxLength(200, "That password is too long.")),
    "",
  ),
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
