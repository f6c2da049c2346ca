/**
 * A visitor is known by an opaque random session id (128 bits, base64url) in an
 * HttpOnly cookie. The id is only minted when something needs it (a cart write, a
 * reaction), so browsing leaves no cookie behind.
 */
export const SESSION_COOKIE = "rd_session";
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export type Visitor = {
  /** The session id the request came with, if it is well formed. */
  readonly existingId: string | null;
  /** The session id, minted now if the request had none. */
  id(): string;
  /** The Set-Cookie value to send back, when an id was minted during this request. */
  setCookie(): string | null;
};

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function readCookie(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

export function visitorFor(request: Request): Visitor {
  const fromCookie = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const existingId = fromCookie && SESSION_ID.test(fromCookie) ? fromCookie : null;
  const secure = new URL(request.url).protocol === "https:";
  let minted: string | null = null;
  return {
    existingId,
    id() {
      if (existingId) return existingId;
      minted ??= newSessionId();
      return minted;
    },
    setCookie() {
      if (!minted) return null;
      const flags = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${ONE_YEAR_SECONDS}`];
      if (secure) flags.push("Secure");
      return `${SESSION_COOKIE}=${minted}; ${flags.join("; ")}`;
    },
  };
}
