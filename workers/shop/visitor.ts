/**
 * The visitor a request speaks for: known by an opaque random session id (128 bits,
 * base64url). The id is only minted when something needs it (a cart write, a reaction), so
 * browsing leaves nothing behind. How the id travels to and from the browser is the edge's business
 * (workers/edge/session.ts): the shop only asks for it and says when it minted one.
 */
export type Visitor = {
  /** The session id the request came with, if any. */
  readonly existingId: string | null;
  /** The network the request came from (an IPv6 one by its /64), to count what a client without a session does once. */
  readonly address: string;
  /** The session id, minted now if the request had none. */
  id(): string;
  /** The id minted during this request, if one was: the edge hands it to the browser. */
  readonly minted: string | null;
  /**
   * How many items are in the visitor's cart, as far as this request knows: what the
   * visitor carried in (the edge knows how), then what the shop last read or
   * wrote. For the cart badge only: nothing is ever priced or charged from it.
   */
  cartCount: number | null;
  /** The product (its slug) the visitor reacted to in this request: their next view of it must count it. */
  reactedTo: string | null;
  /**
   * The partner whose link the visitor last followed (their handle), within the referral
   * cookie's 30 days: checkout attributes an order to them (docs/decisions/0026). The edge
   * reads the cookie; null without one.
   */
  readonly referral: string | null;
};

/** 22 base64url characters: the shape of every id `newSessionId` makes. */
export const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The visitor with this session id (null: a new visitor, who gets one when needed). */
export function createVisitor(
  existingId: string | null,
  { address = "unknown", carriedCartCount = null, referral = null }: { address?: string; carriedCartCount?: number | null; referral?: string | null } = {},
): Visitor {
  let minted: string | null = null;
  return {
    existingId,
    address,
    referral,
    cartCount: existingId ? carriedCartCount : 0,
    reactedTo: null,
    id() {
      if (existingId) return existingId;
      minted ??= newSessionId();
      return minted;
    },
    get minted() {
      return minted;
    },
  };
}
