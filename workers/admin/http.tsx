/** @jsxImportSource hono/jsx */
/**
 * The back office's edges, which every subject's routes stand on: its Hono typing; the
 * middleware a request meets before any page (private answers, the secret, https, the shop's
 * services for the owner); reading a form, a page number and ids; and the answers when
 * something is missing or fails. It stands on the shop's own edge pieces: the client address,
 * the cookie builder, the form reader, the error kinds and the log.
 */
import type { Context, MiddlewareHandler } from "hono";
import type * as v from "valibot";
import { errorKind, isShopError, STATUS_OF_KIND } from "../../app/shared/errors";
import { parseForm, readFormData, UNREADABLE_FORM } from "../../app/shared/forms";
import { PROGRAMMES, type Programme } from "../../app/shared/programmes";
import { secureSite } from "../edge/cookies";
import { isUnavailable, retryShortly, UNAVAILABLE } from "../edge/errors";
import { backOfficeDeps } from "../edge/shop-deps";
import type { AppEnv } from "../request-context";
import type { BackOfficeDeps } from "../shop/backoffice/shared";
import { ownerSessions, type OwnerSessions } from "./auth";
import { MessagePage, type Errors } from "./views";

export type AdminEnv = {
  /**
   * ADMIN_PASSWORD is a secret (`wrangler secret put`, or `.dev.vars` locally), so `wrangler
   * types` knows it only where one is set.
   */
  Bindings: Env & { ADMIN_PASSWORD?: string };
  Variables: AppEnv["Variables"] & {
    /** The secret, once it is known to be set. */
    password: string;
    /** The shop's services for the owner (workers/shop/backoffice). */
    backOffice: BackOfficeDeps;
    sessions: OwnerSessions;
  };
};
export type AdminContext = Context<AdminEnv>;

/** What a finished action says on the page it leads to (`?done=`): the shop's words, never the request's. */
const NOTICES = {
  "signed-out": "You are signed out.",
  expired: "Your session has ended. Please sign in again.",
  saved: "Saved. Checkout charges the new figures at once; the shop's pages show them within a few seconds.",
  unchanged: "Nothing changed.",
  approved: "Approved. The applicant is being emailed the decision.",
  declined: "Declined. The applicant is being emailed the decision.",
  "partner-made": "Approved. They are a partner now, with their link and code (see Partners), and are being emailed both with a sign-in link.",
  paused: "Paused. Their link and code attribute nothing, and their code takes nothing off, until you resume them.",
  resumed: "Resumed. Their link and code attribute orders again.",
  "payout-paid": "Marked paid. Its entries are paid, and the partner is being emailed.",
  published: "Shown on /creators (within a few seconds).",
  hidden: "Hidden from /creators (within a few seconds).",
  removed: "The address was removed from the list.",
  "stock-saved": "Saved. The shop's pages show the new stock within a few seconds; checkout counts it at once.",
  packed: "Marked packed. The shopper is being emailed.",
  shipped: "Marked shipped. The shopper is being emailed the carrier, the tracking number and its link.",
  delivered: "Marked delivered. The shopper is being emailed.",
  cancelled: "Cancelled. Its stock is back on sale, its download links no longer work, and the shopper is being emailed your reason.",
  resent: "Queued again as a new email, sent once and counted under the daily cap: the Emails page shows how it went.",
  "code-created": "Code created: shoppers can use it at once.",
  "code-saved": "Saved. The code's new terms apply at once; a checkout showing the old ones asks the shopper to review their total.",
  "code-paused": "Paused: the code takes nothing off until you resume it.",
  "code-resumed": "Resumed: the code applies again.",
  "code-deleted": "The code was deleted.",
  "welcome-saved": "Saved. Newsletter confirmations from now on get a welcome code of this percent.",
  "welcome-off": "Saved. Newsletter confirmations from now on get no welcome code.",
} as const;

/** What every page is handed: the response's nonce, and the notice its `?done=` names. */
export const frame = (c: AdminContext) => ({ nonce: c.get("secureHeadersNonce"), notice: NOTICES[c.req.query("done") as keyof typeof NOTICES] });

/** Every answer of the back office is the owner's alone: never stored, never indexed. */
export const privateAnswers: MiddlewareHandler<AdminEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
};

/** Without the ADMIN_PASSWORD secret there is no back office: every path is a 404. */
export const requireSecret: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (!c.env.ADMIN_PASSWORD) return notFoundPage(c);
  c.set("password", c.env.ADMIN_PASSWORD);
  return next();
};

/**
 * Only over https, but on a local server (npm start, the tests): the password and the session
 * cookie never cross the network in the clear, and the cookie is always `__Host-` and Secure
 * where it must be. A page asked for over http moves to https; anything else is refused unread.
 */
export const httpsOnly: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (url.protocol === "https:" || !secureSite(url)) return next();
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    url.protocol = "https:";
    return c.redirect(url.toString(), 308);
  }
  return messagePage(c, 403, "Not over http", "The back office opens only over https.");
};

/** The shop's services for the owner: D1 at its primary, the email queue, and who is asking. */
export const backOfficeServices: MiddlewareHandler<AdminEnv> = async (c, next) => {
  c.set("backOffice", backOfficeDeps(c));
  c.set("sessions", await ownerSessions(c.req.raw, c.env.ADMIN_SESSIONS, c.var.password));
  return next();
};

/** A form as it was posted: each field's text, or "" (what a page shows again beside its errors). */
export type Typed = (name: string) => string;
/** A field posted once per choice (checkboxes of one name): every text, or none. */
export type TypedList = (name: string) => string[];

type FormReading<S extends v.GenericSchema> =
  { value: v.InferOutput<S>; errors?: undefined } | { value?: undefined; errors: Errors; typed: Typed; typedList: TypedList };

/**
 * The posted form checked against `schema` the shop's one way (app/shared/forms.ts): its value,
 * or each failing field's first message (`form`: a body that is no readable form) and the text
 * as it was typed.
 */
export async function readForm<S extends v.GenericSchema>(c: AdminContext, schema: S): Promise<FormReading<S>> {
  const formData = await readFormData(c.req.raw);
  return reading(formData && parseForm(formData, schema));
}

/** The query's fields checked against `schema`, as `readForm` checks a posted form. */
export const readQuery = <S extends v.GenericSchema>(c: AdminContext, schema: S): FormReading<S> => reading(parseForm(new URL(c.req.url).searchParams, schema));

function reading<S extends v.GenericSchema>(submission: ReturnType<typeof parseForm<S>>): FormReading<S> {
  if (!submission) return { errors: { form: UNREADABLE_FORM }, typed: () => "", typedList: () => [] };
  if (submission.status === "success") return { value: submission.value };
  return { errors: firstMessages(submission.error), typed: typedText(submission.payload), typedList: typedList(submission.payload) };
}

const firstMessages = (error: Record<string, string[] | null> | null | undefined): Errors =>
  Object.fromEntries(Object.entries(error ?? {}).map(([name, messages]) => [name === "" ? "form" : name, messages?.[0]]));

const typedText =
  (payload: Record<string, unknown>): Typed =>
  (name) => {
    const value = payload[name];
    return typeof value === "string" ? value : "";
  };

const typedList =
  (payload: Record<string, unknown>): TypedList =>
  (name) => {
    const value = payload[name];
    return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
  };

/** `?page=`: a page number from 1, or the first page. */
export const pageNumber = (c: AdminContext) => {
  const page = Number(c.req.query("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

/** `:id` as a number, or null when it is none (the route's 404). */
export const idParam = (c: AdminContext) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

export const programmeParam = (c: AdminContext): Programme | null => {
  const raw = c.req.param("programme");
  return PROGRAMMES.find((programme) => programme === raw) ?? null;
};

/** `name` from the query when it is one of `options`, else `fallback`. */
export const queryChoice = <T extends string>(c: AdminContext, name: string, options: readonly T[], fallback: T): T =>
  options.find((option) => option === c.req.query(name)) ?? fallback;

const messagePage = (c: AdminContext, status: 403 | 404 | 400 | 409 | 429 | 500 | 503, title: string, message: string, requestId?: string) =>
  c.html(<MessagePage nonce={frame(c).nonce} title={title} message={message} requestId={requestId} />, status);

export const notFoundPage = (c: AdminContext) => messagePage(c, 404, "404 Page Not Found", "There is no page at this address.");

/**
 * Every failure as a page: a shop error with its kind's status and its own words; anything
 * else logged by its kind and the request id only (a database fault's message carries the
 * query's values: emails, addresses, session ids), and a 500 that says so, naming the request.
 * A binding that did not answer this time is a 503 that says to try again shortly.
 */
export function backOfficeError(error: Error, c: AdminContext) {
  if (isShopError(error)) {
    const status = STATUS_OF_KIND[error.kind];
    return messagePage(c, status, status === 404 ? "404 Page Not Found" : "That did not work", error.message);
  }
  c.var.log("admin_failure", errorKind(error));
  if (isUnavailable(error)) {
    retryShortly(c);
    return messagePage(c, UNAVAILABLE.status, "Not answering just now", UNAVAILABLE.message, c.var.requestId);
  }
  return messagePage(c, 500, "Something went wrong", "Something went wrong on our side. Please try again.", c.var.requestId);
}
