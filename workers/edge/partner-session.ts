/**
 * A partner's session (issue 34; docs/decisions/0026), as the owner's is kept
 * (workers/admin/auth.ts): React Router's session API over Workers KV (the PARTNER_SESSIONS
 * namespace), named by a signed cookie that the shop's cookie builder names and flags
 * (`__Host-` and Secure wherever the site is secure, HttpOnly). SameSite=Lax, not the owner's
 * Strict: a partner who follows a link from their email to /partner arrives signed in.
 *
 * The cookie is signed with a key derived (HKDF-SHA-256) from the shop's one secret,
 * ADMIN_PASSWORD, under a name of its own: nothing more to manage, and no partner can be
 * approved without the back office anyway. A new password signs every partner out too.
 * Without the secret, partner sign-in is closed.
 *
 * A session is started only by a sign-in that used its link or code (workers/shop/partners/
 * signin.ts), never from an id the browser brought; signing out deletes it from KV.
 */
import { createWorkersKVSessionStorage } from "@react-router/cloudflare";
import { createCookie } from "react-router";
import { cookieFlags } from "./cookies";

export const PARTNER_SESSION_COOKIE = "rd_partner";
/** How long a partner stays signed in: a week, then the emailed link or code again. */
export const PARTNER_SESSION_DAYS = 7;
const SESSION_SECONDS = PARTNER_SESSION_DAYS * 24 * 60 * 60;

/** What a partner's session holds: whose it is, and until when (ms since the epoch). */
type PartnerSessionData = { partnerId: number; expiresAt: number };

export type PartnerSessions = {
  /** Whether partners can sign in on this shop (its secret is set). */
  open: boolean;
  /** The signed-in partner's id, or null (no cookie, a forged or ended one, an expired session). */
  partnerId(): Promise<number | null>;
  /** A new session for `partnerId`, never one whose id the browser brought along: its Set-Cookie. */
  start(partnerId: number): Promise<string>;
  /** Ends the request's session (deleted from KV, if it was one): the Set-Cookie that clears its cookie. */
  end(): Promise<string>;
};

const utf8 = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** The cookie's signing key, derived from the secret once per isolate. */
const signingKeys = new Map<string, Promise<string>>();
function signingKey(secret: string): Promise<string> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"])
      .then((material) =>
        crypto.subtle.deriveBits(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: utf8.encode("raw-dogg partner session cookie") },
          material,
          256,
        ),
      )
      .then(hex);
    signingKeys.clear();
    signingKeys.set(secret, key);
  }
  return key;
}

/** Whether a session's data is a partner's that has not expired. */
const livePartner = (data: Partial<PartnerSessionData>, now = Date.now()) =>
  Number.isInteger(data.partnerId) && typeof data.expiresAt === "number" && data.expiresAt > now ? data.partnerId! : null;

/** The partner's sessions for this request (its cookie depends on the site and the secret). */
export function partnerSessions(request: Request, env: { PARTNER_SESSIONS: KVNamespace; ADMIN_PASSWORD?: string }): PartnerSessions {
  const secret = env.ADMIN_PASSWORD;
  const { name, ...flags } = cookieFlags(request, PARTNER_SESSION_COOKIE, { sameSite: "lax" });
  const storage = async () => {
    if (!secret) throw new Error("partner sign-in is closed: no ADMIN_PASSWORD secret");
    const cookie = createCookie(name, { ...flags, maxAge: SESSION_SECONDS, secrets: [await signingKey(secret)] });
    return { cookie, sessions: createWorkersKVSessionStorage<PartnerSessionData>({ cookie, kv: env.PARTNER_SESSIONS }) };
  };
  return {
    open: Boolean(secret),
    async partnerId() {
      if (!secret || !request.headers.get("Cookie")?.includes(name)) return null;
      const { sessions } = await storage();
      const session = await sessions.getSession(request.headers.get("Cookie"));
      return livePartner(session.data);
    },
    async start(partnerId) {
      const { sessions } = await storage();
      const session = await sessions.getSession();
      session.set("partnerId", partnerId);
      session.set("expiresAt", Date.now() + SESSION_SECONDS * 1000);
      return sessions.commitSession(session);
    },
    async end() {
      const { cookie, sessions } = await storage();
      const session = await sessions.getSession(request.headers.get("Cookie"));
      return session.id ? sessions.destroySession(session) : cookie.serialize("", { maxAge: undefined, expires: new Date(0) });
    },
  };
}
