/**
 * A discount code as the owner types it in the back office: each field checked in the shop's
 * words, then turned into what D1 keeps (upper case code, cents, ISO-8601 UTC times, product
 * ids). The shopper's side of codes is app/shared/codes.ts.
 */
import * as v from "valibot";
import { CODE_PATTERN, normalizeCode } from "../../../app/shared/codes";
import { formatPrice } from "../../../app/shared/money";
import { CODE_STATUSES } from "../../db/schema";

export const CODE_MESSAGE = "Please enter a code of 3 to 24 letters, digits or hyphens, like SAVE10.";
export const KIND_MESSAGE = "Please choose a percent off or a fixed amount off.";
export const PERCENT_MESSAGE = "Please enter the percent off as a whole number from 1 to 100.";
export const AMOUNT_MESSAGE = "Please enter the amount off in dollars, like 5.00: from $0.01 to $10,000.00.";
export const MINIMUM_MESSAGE = "Please enter the minimum subtotal in dollars, like 25.00, or leave it empty.";
export const STARTS_MESSAGE = "Please enter the start as a UTC date and time, like 2026-12-01 09:00, or leave it empty.";
export const ENDS_MESSAGE = "Please enter the end as a UTC date and time, like 2026-12-31 23:59, or leave it empty.";
export const ENDS_BEFORE_MESSAGE = "The end must be after the start.";
export const MAX_USES_MESSAGE = "Please enter the limit on uses as a whole number from 1 to 1,000,000, or leave it empty for no limit.";
export const PER_EMAIL_MESSAGE = "Please enter the limit per shopper email as a whole number from 1 to 1,000, or leave it empty for no limit.";
export const PRODUCTS_MESSAGE = "Please choose products from the catalog, or none for every product.";
export const STATUS_MESSAGE = "Please choose active or paused.";
export const WELCOME_MESSAGE = "Please enter the welcome code's percent off as a whole number from 0 to 100 (0 turns it off).";

/** The most a fixed amount off can be, as for a price: $10,000.00. */
const MAX_AMOUNT = 1_000_000;

/** An optional field: empty (Conform reads "" as absent) is null. */
const optional = <T>(schema: v.GenericSchema<string, T>) =>
  v.pipe(
    v.optional(schema),
    v.transform((value): T | null => value ?? null),
  );

/** Dollars as typed ($ optional, at most 2 decimals) to integer cents, digit by digit. */
const dollars = (message: string, min: number) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\$?(\d{1,3}(,\d{3})+|\d{1,7})(\.\d{1,2})?$/, message),
    v.transform((typed) => {
      const [whole = "0", fraction = ""] = typed.replace(/[$,]/g, "").split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    }),
    v.minValue(min, message),
    v.maxValue(MAX_AMOUNT, message),
  );

const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,7}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));

/**
 * A UTC time as typed (a date input's `2026-12-01T09:00`, or `2026-12-01 09:00`, or a day
 * alone for its midnight) to `toISOString()`'s form, the one workers/shop/codes.ts compares
 * as text. A day that does not exist (2026-02-30) is refused.
 */
const utcTime = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?$/, message),
    v.transform((typed) => {
      const [day = "", time = "00:00"] = typed.split(/[T ]/);
      const date = new Date(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? "" : date.toISOString();
    }),
    v.nonEmpty(message),
  );

/** The products chosen: one id, or many (a multiple choice posts the name once per choice). */
const productIds = v.pipe(
  v.optional(v.union([v.string(PRODUCTS_MESSAGE), v.array(v.string(PRODUCTS_MESSAGE))], PRODUCTS_MESSAGE)),
  v.transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  v.check((ids) => ids.length <= 200 && ids.every((id) => /^\d{1,9}$/.test(id)), PRODUCTS_MESSAGE),
  v.transform((ids) => [...new Set(ids.map(Number))].sort((a, b) => a - b)),
);

/** What both kinds share. */
const terms = {
  minimum: optional(dollars(MINIMUM_MESSAGE, 0)),
  startsAt: optional(utcTime(STARTS_MESSAGE)),
  endsAt: optional(utcTime(ENDS_MESSAGE)),
  maxUses: optional(wholeNumber(MAX_USES_MESSAGE, 1, 1_000_000)),
  maxUsesPerEmail: optional(wholeNumber(PER_EMAIL_MESSAGE, 1, 1_000)),
  products: productIds,
  status: v.pipe(v.optional(v.string(STATUS_MESSAGE), ""), v.picklist(CODE_STATUSES, STATUS_MESSAGE)),
};

/**
 * A code's terms as the form posts them: `kind` says which of `percent` and `amount` counts
 * (the other is ignored). The end must come after the start.
 */
export const CodeTermsSchema = v.pipe(
  v.variant(
    "kind",
    [
      v.object({ kind: v.literal("percent"), percent: v.pipe(v.optional(v.string(PERCENT_MESSAGE), ""), wholeNumber(PERCENT_MESSAGE, 1, 100)), ...terms }),
      v.object({ kind: v.literal("amount"), amount: v.pipe(v.optional(v.string(AMOUNT_MESSAGE), ""), dollars(AMOUNT_MESSAGE, 1)), ...terms }),
    ],
    KIND_MESSAGE,
  ),
  v.forward(
    v.partialCheck([["startsAt"], ["endsAt"]], ({ startsAt, endsAt }) => !startsAt || !endsAt || endsAt > startsAt, ENDS_BEFORE_MESSAGE),
    ["endsAt"],
  ),
  // Valibot types a field that may be absent as optional: absent is "none" (null) here.
  v.transform(({ minimum, startsAt, endsAt, maxUses, maxUsesPerEmail, products = [], status, ...kind }) => ({
    kind: kind.kind,
    value: kind.kind === "percent" ? kind.percent : kind.amount,
    minSubtotal: minimum ?? null,
    startsAt: startsAt ?? null,
    endsAt: endsAt ?? null,
    maxUses: maxUses ?? null,
    maxUsesPerEmail: maxUsesPerEmail ?? null,
    productIds: products.length > 0 ? products : null,
    status,
  })),
);

/** A new code: its terms, and the code itself (stored upper case). */
export const NewCodeSchema = v.intersect([
  v.object({ code: v.pipe(v.optional(v.string(CODE_MESSAGE), ""), v.trim(), v.regex(CODE_PATTERN, CODE_MESSAGE), v.transform(normalizeCode)) }),
  CodeTermsSchema,
]);

export type CodeTermsInput = v.InferOutput<typeof CodeTermsSchema>;
export type NewCodeInput = v.InferOutput<typeof NewCodeSchema>;

/** The welcome code's setting: a whole percent, 0 for none. */
export const WelcomeSchema = v.object({ percent: v.pipe(v.optional(v.string(WELCOME_MESSAGE), ""), wholeNumber(WELCOME_MESSAGE, 0, 100)) });

/** What a code takes off, as the owner reads it: "10% off", "$5.00 off". */
export const valueText = ({ kind, value }: { kind: "percent" | "amount"; value: number }) =>
  kind === "percent" ? `${value}% off` : `${formatPrice(value)} off`;

/** A stored UTC time as the owner reads it: `2026-12-01 09:00 UTC`. */
export const utcText = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "");

/** A stored UTC time as a date-and-time input holds it (`2026-12-01T09:00`). */
export const inputTime = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
