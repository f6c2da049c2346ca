/**
 * The shop's cookies, named and flagged one way. Every cookie the Worker sets is HttpOnly
 * and SameSite=Lax (the back office's Strict), for the whole site unless it names a path.
 *
 * In production every cookie is Secure and prefixed: `__Host-` (the browser then accepts it
 * only from this very host, over https, for the whole site), or `__Secure-` for one that
 * names a narrower path. A local server over plain http (npm start, the tests) uses the bare
 * names, or no browser would send them back.
 */
import { isLocalServer } from "./local-server";

/** Whether this site's cookies must be Secure: always, but on a local server over plain http. */
export const secureSite = (url: URL) => url.protocol === "https:" || !isLocalServer(url);

type SameSite = "lax" | "strict";
type CookieOptions = { sameSite?: SameSite; path?: string };

/**
 * A cookie's name and flags on this request's site. `setCookie` writes them; a library
 * that writes the header itself (React Router's signed session cookie in the back office)
 * takes them as they are.
 */
export function cookieFlags(request: Request, name: string, { sameSite = "lax", path = "/" }: CookieOptions = {}) {
  const url = new URL(request.url);
  const secure = secureSite(url);
  const prefix = !secure ? "" : path === "/" ? "__Host-" : "__Secure-";
  return { name: `${prefix}${name}`, path, httpOnly: true, sameSite, secure } as const;
}

export function readCookie(request: Request, name: string, path?: string): string | null {
  const wanted = cookieFlags(request, name, { path }).name;
  for (const part of request.headers.get("Cookie")?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === wanted) return rest.join("=");
  }
  return null;
}

const SAME_SITE: Record<SameSite, string> = { lax: "Lax", strict: "Strict" };

/** A `Set-Cookie` value for this request's site. */
export function setCookie(request: Request, name: string, value: string, { maxAgeSeconds, ...options }: CookieOptions & { maxAgeSeconds: number }): string {
  const cookie = cookieFlags(request, name, options);
  const flags = [`Path=${cookie.path}`, "HttpOnly", `SameSite=${SAME_SITE[cookie.sameSite]}`, `Max-Age=${maxAgeSeconds}`];
  if (cookie.secure) flags.push("Secure");
  return `${cookie.name}=${value}; ${flags.join("; ")}`;
}
