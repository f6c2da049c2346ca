/**
 * Who an email goes to, and what of a sender's own text reaches it. The shop is no relay
 * (contract, "Emails"; decision 0014): a sender chooses the recipient of an order or
 * application email, so the only text of theirs an email carries is a name that passes
 * `nameForEmail` and an address whose every field passes `addressForEmail`; and the daily
 * cap (delivery.ts) counts the variants of one mailbox as one (`recipientKey`).
 */
import type { ShippingAddress } from "../../db/schema";

const NAME_MAX_LENGTH = 40;
/** Words of letters (any script, with their combining marks), joined by one space, hyphen or apostrophe. */
const NAME_SHAPE = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;
/** Letters by Unicode's count that show nothing (Hangul fillers): padding, never a name. */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0]/u;

/**
 * The name rule: the one way text a sender typed (a first name, an applicant's name) gets
 * into an email. Letters of any script, single spaces, hyphens and apostrophes, at most 40
 * characters: so no URL, digit (a phone number), line break, markup, bidi or invisible
 * control. Stylised look-alikes (fullwidth, mathematical letters and dots) are read as the
 * plain characters they stand for (NFKC) first, so they meet the same rule. Null when the
 * text fails it: the email then greets in the shop's own words.
 */
export function nameForEmail(typed: string | null | undefined): string | null {
  if (typeof typed !== "string") return null;
  const name = typed.normalize("NFKC").trim();
  if ([...name].length > NAME_MAX_LENGTH || INVISIBLE_LETTERS.test(name) || !NAME_SHAPE.test(name)) return null;
  return name;
}

const ADDRESS_FIELD_MAX_LENGTH = 60;
/** Letters, digits, spaces and the marks addresses use; no `@`, `:`, `<` or line break. */
const ADDRESS_FIELD_SHAPE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’#/-]*$/u;
/** Something a mail reader would make a link of: `example.com`, `www.`. */
const LOOKS_LIKE_A_DOMAIN = /\p{L}\.\p{L}{2,}|www/iu;

/**
 * The shipping address as an email may carry it. It is text a sender typed, going to an
 * address they chose, so it meets a rule like the name rule (contract, "Emails"): each field
 * short, of letters, digits and an address's punctuation, nothing a mail reader makes a
 * link of. An address with a field that fails is not written out; the email points to the
 * order's page instead (which shows it masked).
 */
export function addressForEmail(address: ShippingAddress): string[] | null {
  const name = [nameForEmail(address.firstName), nameForEmail(address.lastName)];
  const fields = [address.address, address.city, address.state, address.zipCode, address.country].map((field) => field.normalize("NFKC").trim());
  const fit = (field: string) => [...field].length <= ADDRESS_FIELD_MAX_LENGTH && ADDRESS_FIELD_SHAPE.test(field) && !LOOKS_LIKE_A_DOMAIN.test(field);
  if (name.some((part) => part === null) || !fields.every(fit)) return null;
  const [street, city, state, zip, country] = fields;
  return [`${name[0]} ${name[1]}`, street!, `${city}, ${state} ${zip}`, country!];
}

/**
 * An address as the daily cap counts it, so that the variants of one mailbox a sender types
 * to get around the cap count as one: lower case; no `+tag` (most providers deliver
 * `sam+anything@` to `sam@`); at Gmail (googlemail.com is the same mailboxes) no dots in the
 * local part. The shop's email rule admits ASCII addresses only: no Unicode look-alikes.
 */
export function recipientKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
