/**
 * The owner's sign-in. One password, the ADMIN_PASSWORD secret, compared in constant time;
 * a signed-in owner holds a session kept by React Router's session API in Workers KV (the
 * ADMIN_SESSIONS namespace), named by a signed cookie that the shop's cookie builder names
 * and flags (workers/edge/cookies.ts: `__Host-` and Secure wherever the site is secure),
 * HttpOnly, SameSite=Strict, for 8 hours from signing in. Signing out deletes the session.
 * How sign-in attempts are limited: decision 0018.
 */
import { createWorkersKVSessionStorage } from "@react-router/cloudflare";
import { createCookie, type Session } from "react-router";
import { cookieFlags } from "../edge/cookies";

export const SESSION_HOURS = 8;
const SESSION_SECONDS = SESSION_HOURS * 60 * 60;

/** What an owner's session holds: that it is the owner's, and until when (ms since the epoch). */
export type OwnerSession = { owner: true; expiresAt: number };

const utf8 = new TextEncoder();
const sha256 = async (text: string) => crypto.subtle.digest("SHA-256", utf8.encode(text));
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Whether `given` is the password, in time that does not depend on where they differ:
 * both are hashed to the same length first, then compared with timingSafeEqual.
 */
export async function isOwnerPassword(given: string, password: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(password)]);
  return workersSubtle.timingSafeEqual(a, b);
}

/** Workers' SubtleCrypto, with its timingSafeEqual (the DOM typings of the app's browser code hide it). */
const workersSubtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

/**
 * The key that signs the session cookie, derived from the password (HKDF-SHA-256) once per
 * isolate: one secret to manage, and a new password signs every session out.
 */
const signingKeys = new Map<string, Promise<string>>();
function signingKey(password: string): Promise<string> {
  let key = signingKeys.get(password);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", utf8.encode(password), "HKDF", false, ["deriveBits"])
      .then((material) =>
        crypto.subtle.deriveBits(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: utf8.encode("raw-dogg back office session cookie") },
          material,
          256,
        ),
      )
      .then(hex);
    signingKeys.clear();
    signingKeys.set(password, key);
  }
  return key;
}

export const SESSION_COOKIE = "rd_admin";

export type OwnerSessions = {
  /** The session the request's cookie names: a new, empty one when it names none (or a forged one). */
  current(): Promise<Session<OwnerSession>>;
  /** A new owner's session, never one whose id the browser brought along: its Set-Cookie. */
  start(): Promise<string>;
  /** Ends `session` (deleted from KV, if it was one): the Set-Cookie that clears its cookie. */
  end(session: Session<OwnerSession>): Promise<string>;
};

/** The owner's sessions for this request (its cookie depends on the site and the password). */
export async function ownerSessions(request: Request, kv: KVNamespace, password: string): Promise<OwnerSessions> {
  const { name, ...flags } = cookieFlags(request, SESSION_COOKIE, { sameSite: "strict" });
  const cookie = createCookie(name, { ...flags, maxAge: SESSION_SECONDS, secrets: [await signingKey(password)] });
  const storage = createWorkersKVSessionStorage<OwnerSession>({ cookie, kv });
  return {
    current: () => storage.getSession(request.headers.get("Cookie")),
    async start() {
      const session = await storage.getSession();
      const data = newOwnerSession();
      session.set("owner", data.owner);
      session.set("expiresAt", data.expiresAt);
      return storage.commitSession(session);
    },
    end: (session) => (session.id ? storage.destroySession(session) : cookie.serialize("", { maxAge: undefined, expires: new Date(0) })),
  };
}

/** A new session's data: the owner's, for the next 8 hours. */
export const newOwnerSession = (now = Date.now()): OwnerSession => ({ owner: true, expiresAt: now + SESSION_SECONDS * 1000 });

/** Whether a session's data is an owner's that has not expired. */
export const isLiveOwner = (data: Partial<OwnerSession>, now = Date.now()) => data.owner === true && typeof data.expiresAt === "number" && data.expiresAt > now;
