/**
 * What a person sees of an order (docs/decisions/0021): its number, its statuses in words,
 * and the masks the order's own page puts on the shopper's address and email. Browser-safe.
 */
import { fromSqlTime } from "./downloads";

/** Crockford's base32: no I, L, O or U, so a number read out loud is not misheard. */
export const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `RD-7KQ3-9X2M`: 8 random characters, 40 bits; unique by index, drawn again on a collision. */
export const ORDER_NUMBER_SHAPE = /^RD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export function newOrderNumber(): string {
  const chars = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => ORDER_NUMBER_ALPHABET[byte & 31]);
  return `RD-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** An order number as typed (lower case, spaces, an O for a 0): the number, or null when it cannot be one. */
export function orderNumberOf(typed: string): string | null {
  const cleaned = typed.trim().toUpperCase().replace(/\s+/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  const withPrefix = /^RD-?/.test(cleaned) ? cleaned.replace(/^RD-?/, "") : cleaned;
  const bare = withPrefix.replace(/-/g, "");
  const number = `RD-${bare.slice(0, 4)}-${bare.slice(4)}`;
  return ORDER_NUMBER_SHAPE.test(number) ? number : null;
}

export type PlacedStatus = "placed" | "packed" | "shipped" | "delivered" | "cancelled";

/** A status as a shopper reads it on the timeline and in an email's subject. */
export const STATUS_WORDS: Record<PlacedStatus, string> = {
  placed: "Placed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The statuses an order goes through, in order (cancelled stands outside it). */
export const STATUS_SEQUENCE = ["placed", "packed", "shipped", "delivered"] as const;

/** What the shopper reads for their own cancel, where an owner's cancel shows the owner's reason. */
export const CANCELLED_BY_SHOPPER = "You cancelled this order.";

/** Why a placed order's page offers no cancel: a file it bought was served (the owner still can cancel, with a reason). */
export const downloadedAlready = (supportEmail: string) =>
  `A file of this order has been downloaded already, so it can no longer be cancelled here. Please write to ${supportEmail} with its number.`;

/** `Jane Doe` -> `Jane D.`: enough to recognise, little to a finder of the link. */
export const maskName = (first: string, last: string) => {
  const initial = [...last.trim()][0];
  return `${first.trim()}${initial ? ` ${initial.toUpperCase()}.` : ""}`;
};

/** `123 Main Street` -> `123…`: the first 3 characters of the street line. */
export const maskStreet = (street: string) => {
  const chars = [...street.trim()];
  return chars.length <= 3 ? "…" : `${chars.slice(0, 3).join("")}…`;
};

/** `jane.doe@example.com` -> `j•••@e•••.com`: the first letter of each, and the top-level domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${[...local][0]}•••@${[...domain][0] ?? ""}•••${tld}`;
}

/** The shipping address of an order (the orders table keeps it as JSON). Never the cardholder name or any card field. */
export type ShippingAddress = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export type MaskedAddress = { name: string; street: string; city: string; state: string; zipCode: string; country: string };

export const maskAddress = (address: ShippingAddress): MaskedAddress => ({
  name: maskName(address.firstName, address.lastName),
  street: maskStreet(address.address),
  city: address.city,
  state: address.state,
  zipCode: address.zipCode,
  country: address.country,
});

/** The order's own page: a capability URL (docs/decisions/0021). */
export const orderPagePath = (token: string) => `/orders/${token}`;

/**
 * A file of a download the order bought, from its own page: the page never holds the
 * download link's token (D1 keeps its hash), so the order's token and the product name the
 * grant (workers/downloads.ts serves it under the same rules).
 */
export const orderDownloadPath = (token: string, productId: number, format: string) => `${orderPagePath(token)}/downloads/${productId}/${format}`;

/** `November 26, 2026`: the day an order was placed (SQLite's UTC text), as emails and the page say it. */
export const placedOnText = (sqlTime: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(fromSqlTime(sqlTime));
