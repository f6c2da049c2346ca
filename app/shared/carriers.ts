/**
 * The carriers the owner ships with: each with a loose check of its tracking numbers
 * (letters and digits of a length range, sometimes a fixed start) and where a shopper
 * follows a parcel. Loose on purpose: it catches a pasted order number or a typo'd length,
 * not every malformed number a carrier could reject.
 */
export const CARRIERS = {
  usps: {
    name: "USPS",
    pattern: /^(?:\d{20,22}|[A-Z]{2}\d{9}US)$/,
    format: "20 to 22 digits, or 2 letters, 9 digits and US (EC123456789US)",
    url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  },
  ups: {
    name: "UPS",
    pattern: /^(?:1Z[0-9A-Z]{16}|\d{9,12}|T\d{10})$/,
    format: "1Z and 16 letters or digits (1Z999AA10123456784), or 9 to 12 digits",
    url: "https://www.ups.com/track?tracknum=",
  },
  fedex: {
    name: "FedEx",
    pattern: /^(?:\d{12}|\d{15}|\d{20}|\d{22})$/,
    format: "12, 15, 20 or 22 digits",
    url: "https://www.fedex.com/fedextrack/?trknbr=",
  },
  dhl: {
    name: "DHL",
    pattern: /^(?:\d{10,11}|[A-Z]{3}\d{7}|JJD\d{16,18}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    format: "10 or 11 digits, or 3 letters and 7 digits (JVGL0123456)",
    url: "https://www.dhl.com/en/express/tracking.html?AWB=",
  },
} as const satisfies Record<string, { name: string; pattern: RegExp; format: string; url: string }>;

export type Carrier = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as Carrier[];

export const isCarrier = (code: string): code is Carrier => Object.hasOwn(CARRIERS, code);

/** A tracking number as typed, the way carriers print it: spaces and hyphens dropped, upper case. */
export const normalTrackingNumber = (typed: string) => typed.replace(/[\s-]+/g, "").toUpperCase();

/** The carrier a code or a name (`UPS`, `fedex`) stands for, or null. */
export function carrierOf(typed: string): Carrier | null {
  const key = typed.trim().toLowerCase();
  if (isCarrier(key)) return key;
  return CARRIER_CODES.find((code) => CARRIERS[code].name.toLowerCase() === key) ?? null;
}

export const UNKNOWN_CARRIER = `Please choose a carrier: ${CARRIER_CODES.map((code) => CARRIERS[code].name).join(", ")}.`;

/**
 * Checks a tracking number against its carrier's format: the number as the shop keeps it,
 * or the refusal in words naming the format.
 */
export function checkTracking(carrier: Carrier, typed: string): { number: string } | { error: string } {
  const number = normalTrackingNumber(typed);
  if (number === "") return { error: "Please enter the tracking number." };
  const { name, pattern, format } = CARRIERS[carrier];
  if (!pattern.test(number)) return { error: `That is not a ${name} tracking number: ${name}'s are ${format}.` };
  return { number };
}

/** Where a shopper follows the parcel. */
export const trackingUrl = (carrier: Carrier, number: string) => `${CARRIERS[carrier].url}${encodeURIComponent(number)}`;

/** A parcel's tracking as the shop tells it: the carrier's name, the number, and where to follow it. */
export type Tracking = { carrier: string; number: string; url: string };

/**
 * A shipment's tracking put in words, once for every reader (the order's page, the back
 * office, the emails, agents): null unless the carrier is one the shop ships with and a
 * number came with it.
 */
export function trackingText(carrier: string | null, number: string | null): Tracking | null {
  if (!carrier || !number || !isCarrier(carrier)) return null;
  return { carrier: CARRIERS[carrier].name, number, url: trackingUrl(carrier, number) };
}
