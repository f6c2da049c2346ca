/**
 * Secret tokens that travel in links (a newsletter confirmation; later, an order's own
 * page): 256 random bits, base64url, of which the shop keeps only the SHA-256.
 */
/** A token as it travels: 32 random bytes (256 bits), base64url. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const drawToken = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * A new token. One that begins with '-' is drawn again: a command line reads it as a flag
 * (Shopify's ucp-cli refused `ucp order get -H…`, an order's id being its token), and
 * leaving out 1 token in 64 costs under 0.03 of its 256 bits. Older ones still match TOKEN_SHAPE.
 */
export function newToken(): string {
  let token = drawToken();
  while (token.startsWith("-")) token = drawToken();
  return token;
}

/** What the shop keeps of a token: its SHA-256, hex. A token is random, so no salt is needed. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `token` is the one whose hash is stored. */
export const sameTokenHash = async (token: string, stored: string | null) => stored !== null && (await tokenHash(token)) === stored;
