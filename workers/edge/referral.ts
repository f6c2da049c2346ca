/**
 * The referral cookie (docs/decisions/0026): a visit through a partner's link `/r/<handle>`
 * sets `rd_ref` to the handle and the click's time in seconds (`jane-doe.1764240000`), first
 * party, for REFERRAL_DAYS; a later click overwrites it (the last click wins). The edge gives
 * the visitor the handle as their referral only while the click is under REFERRAL_DAYS old:
 * the server checks the age itself, since the browser may keep a cookie longer than asked.
 *
 * Under Global Privacy Control there is no referral at all: the link sets no cookie and a
 * cookie set before is not read. Crediting a purchase to the partner who sent the shopper
 * tells that partner (a third party) that the shopper bought, and GPC asks us not to share;
 * the shopper who wants to credit a partner can still type the partner's code.
 */
import { REFERRAL_DAYS } from "../../app/shared/partners";
import { readCookie, setCookie } from "./cookies";
import { underGlobalPrivacyControl } from "./gpc";

export const REFERRAL_COOKIE = "rd_ref";
const REFERRAL_SECONDS = REFERRAL_DAYS * 24 * 60 * 60;
/** A clock a little ahead of ours is no reason to drop a click. */
const CLOCK_SKEW_SECONDS = 5 * 60;

/** A partner's handle as it appears in their link: lower case letters, digits and hyphens. */
export const HANDLE = /^[a-z0-9][a-z0-9-]{0,99}$/;
const COOKIE_VALUE = /^([a-z0-9][a-z0-9-]{0,99})\.(\d{1,12})$/;

/** The `Set-Cookie` of a click on `handle`'s link at `now` (ms). */
export const referralCookie = (request: Request, handle: string, now = Date.now()) =>
  setCookie(request, REFERRAL_COOKIE, `${handle}.${Math.floor(now / 1000)}`, { maxAgeSeconds: REFERRAL_SECONDS });

/** The handle of the partner whose link this visitor followed within REFERRAL_DAYS of `now` (ms), or null. */
export function referralOf(request: Request, now = Date.now()): string | null {
  if (underGlobalPrivacyControl(request)) return null;
  const found = COOKIE_VALUE.exec(readCookie(request, REFERRAL_COOKIE) ?? "");
  if (!found) return null;
  const ageSeconds = Math.floor(now / 1000) - Number(found[2]);
  return ageSeconds < REFERRAL_SECONDS && ageSeconds > -CLOCK_SKEW_SECONDS ? found[1]! : null;
}
