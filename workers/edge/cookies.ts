/**
 * The shop's cookies, read and written one way. Every cookie the Worker sets is HttpOnly
 * and SameSite=Lax, for the whole site unless it names a path.
 *
 * In production every cookie is Secure and prefixed: `__Host-` (the browser then accepts it
 * only from this very host, over https, for the whole site), or `__Secure-` for one that
 * names a narrower path. A local server over plain http (npm start, the tests) uses the bare
 * names, or no browser would send them back.
 */
import { isLocalServer } from "./local-server";

const secureSite = (url: URL) => url.protocol === "https:" || !isLocalServer(url);

/** The name a cookie goes by on this request's site. */
function cookieName(url: URL, name: string, path = "/"): string {
  if (!secureSite(url)) return name;
  return `${path === "/" ? "__Host-" : "__Secure-"}${name}`;
}

export function readCookie(request: Request, name: string, path?: string): string | null {
  const wanted = cookieName(new URL(request.url), name, path);
  for (const part of request.headers.get("Cookie")?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === wanted) return rest.join("=");
  }
  return null;
}

type CookieOptions = { maxAgeSeconds: number; sameSite?: "Lax" | "Strict"; path?: string };

/** A `Set-Cookie` value for this request's site. */
export function setCookie(request: Request, name: string, value: string, { maxAgeSeconds, sameSite = "Lax", path = "/" }: CookieOptions): string {
  const url = new URL(request.url);
  const flags = [`Path=${path}`, "HttpOnly", `SameSite=${sameSite}`, `Max-Age=${maxAgeSeconds}`];
  if (secureSite(url)) flags.push("Secure");
  return `${cookieName(url, name, path)}=${value}; ${flags.join("; ")}`;
}
