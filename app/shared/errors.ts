/**
 * What can go wrong in the shop, in the shop's words. The shop (workers/shop) throws these
 * with a kind, never an HTTP status; the API (workers/api/http.ts) and the route actions
 * turn the kind into a status. Browser-safe, so the pages ask here, not the server code.
 */
export type FieldIssue = { path: string; message: string };

export type ShopErrorKind = "invalid" | "not_found" | "conflict" | "too_many";

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ShopError";
  }
}

export const invalidInput = (message: string, issues: FieldIssue[] = []) => new ShopError("invalid", message, issues);

export const notFound = (message: string) => new ShopError("not_found", message);

/** What was asked for exists but cannot be had now: sold out, or fewer left than asked for. */
export const conflict = (message: string, issues: FieldIssue[] = []) => new ShopError("conflict", message, issues);

/** Asked too often from one address (the abuse limits' `discount` row: codes tried): try again in a minute. */
export const tooManyAttempts = (message: string) => new ShopError("too_many", message);

/** The HTTP status each kind answers with, in the API and in the pages alike. */
export const STATUS_OF_KIND = { invalid: 400, not_found: 404, conflict: 409, too_many: 429 } as const satisfies Record<ShopErrorKind, number>;

export const isShopError = (error: unknown): error is ShopError => error instanceof ShopError;

/** "Is this the shop saying there is no such thing?": the one way to ask it. */
export const isNotFound = (error: unknown) => isShopError(error) && error.kind === "not_found";

/**
 * What a log line may say of an unexpected error: its class and its cause's, never its
 * message. A database fault's message carries the query's parameters (emails, phone
 * numbers, payment details).
 */
export const errorKind = (error: unknown) => ({
  error: error instanceof Error ? error.name : typeof error,
  cause: error instanceof Error && error.cause instanceof Error ? error.cause.name : null,
});

/** `null` in place of a not-found error; any other error is thrown on. */
export const nullWhenNotFound = (error: unknown): null => {
  if (isNotFound(error)) return null;
  throw error;
};

/**
 * Cloudflare's words for a binding that did not answer this time: D1's lost connection, its
 * reset storage object, overload or timeout; a KV, R2 or queue call that failed on the
 * platform's side. A retry in a few seconds may well succeed, so every door answers these
 * with `UNAVAILABLE`: a 503 with Retry-After, never a 500.
 */
const TRANSIENT_FAULTS = [
  /Network connection lost/i,
  /storage caused object to be reset/i,
  /D1 DB is overloaded/i,
  /due to transient issue/i,
  /Internal error in D1 DB storage/i,
  /timed out/i,
  /KV (GET|PUT|DELETE|LIST) failed/i,
  /We encountered an internal error/i,
  /Queue send(Batch)? failed/i,
];

/** Is `error` (or an error it wraps: Drizzle wraps D1's) one of the platform's passing faults? */
export function isUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (TRANSIENT_FAULTS.some((fault) => fault.test(at.message))) return true;
  }
  return false;
}

/** What every door says when a binding did not answer: the same words, the same wait. */
export const UNAVAILABLE = {
  status: 503,
  retryAfterSeconds: 5,
  message: "The shop cannot answer just now. Please try again in a few seconds.",
} as const;
