/**
 * The shop's cookies, read and written one way. Every cookie the Worker sets is HttpOnly
 * and SameSite=Lax, for the whole site unless it names a path, and Secure when the page
 * was served over https.
 */
export function readCookie(request: Request, name: string): string | null {
  for (const part of request.headers.get("Cookie")?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

type CookieOptions = { maxAgeSeconds: number; sameSite?: "Lax" | "Strict"; path?: string };

/** A `Set-Cookie` value for this request's site. */
export function setCookie(request: Request, name: string, value: string, { maxAgeSeconds, sameSite = "Lax", path = "/" }: CookieOptions): string {
  const flags = [`Path=${path}`, "HttpOnly", `SameSite=${sameSite}`, `Max-Age=${maxAgeSeconds}`];
  if (new URL(request.url).protocol === "https:") flags.push("Secure");
  return `${name}=${value}; ${flags.join("; ")}`;
}
