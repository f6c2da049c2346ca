/**
 * D1's Sessions API: reads may go to the nearest read replica, and a visitor always reads
 * their own writes because the bookmark of their last write travels with them in a
 * cookie and the next request's session starts no earlier than it.
 */
import { readCookie } from "./shop/visitor";

export const BOOKMARK_COOKIE = "rd_d1";
const BOOKMARK = /^[A-Za-z0-9-]{1,200}$/;
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;

/** A D1 session for this request: after the visitor's last write, else any replica. */
export function openD1Session(db: D1Database, request: Request): D1DatabaseSession {
  const bookmark = readCookie(request.headers.get("Cookie"), BOOKMARK_COOKIE);
  return db.withSession(bookmark && BOOKMARK.test(bookmark) ? bookmark : "first-unconstrained");
}

/** The cookie that carries the session's latest bookmark to the visitor's next request. */
export function bookmarkCookie(session: D1DatabaseSession, request: Request): string | null {
  const bookmark = session.getBookmark();
  if (!bookmark || !BOOKMARK.test(bookmark)) return null;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}${secure}`;
}
