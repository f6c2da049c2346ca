/**
 * The building blocks of the shop's schemas: required text, emails, web addresses, choices
 * and checkboxes, each with the message it gets when missing or wrong.
 */
import * as v from "valibot";

/*
 * A missing field reads as empty, so it gets its own message: a form sends nothing for
 * an empty field (Conform reads "" as absent), an API caller may leave a field out, and
 * an object schema would otherwise answer with a generic message. Hence the
 * `v.optional(…, "")` around the required fields below.
 */

/** A checkbox that must be ticked: absent or anything but true gets `message`. */
export const mustAccept = (message: string) =>
  v.pipe(
    v.optional(v.boolean(message), false),
    v.check((value) => value === true, message),
  );

/** Free text the shop stores is bounded, so one request cannot fill the database. */
const tooLong = (max: number) => `Please keep this under ${max} characters.`;

/** A trimmed string of at least `min` characters; a missing value gets the same message. */
export const text = (min: number, message: string, max = 2000) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.minLength(min, message), v.maxLength(max, tooLong(max))), "");

export const email = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.email(message), v.maxLength(254, message)), "");

/** An absolute http(s) address. */
export const isWebUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const url = (message: string, max = 500) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.check(isWebUrl, message), v.maxLength(max, tooLong(max))), "");

/**
 * A web address or nothing at all. Conform hands an empty field over as absent (even a
 * schema's own "" default), so absence is mapped to "" inside the pipe.
 */
export const optionalUrl = (message: string, max = 500) =>
  v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => value ?? ""),
    v.string(message),
    v.trim(),
    v.check((value) => value === "" || isWebUrl(value), message),
    v.maxLength(max, tooLong(max)),
  );

/** Text that may be left empty, mapped to "" inside the pipe as `optionalUrl` does. */
export const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => value ?? ""),
    v.string(),
    v.trim(),
    v.maxLength(max, tooLong(max)),
  );

/** One of `options`; missing gets the same message as a wrong value. */
export const choice = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(v.pipe(v.string(message), v.picklist(options, message)), "");
