/**
 * A test visitor: a browser-like client of the Worker that keeps its own session cookie,
 * so two visitors in one test are two separate shoppers.
 */
import { exports } from "cloudflare:workers";

export const ORIGIN = "http://shop.test";

export type Reply<T = any> = {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or the raw text when it is not JSON (null when empty). */
  body: T;
  /** The body exactly as sent, for byte-for-byte comparisons and leak checks. */
  text: string;
  /** Every Set-Cookie header of the response. */
  setCookies: string[];
};

/** A request body: a value to send as JSON, or a string to send exactly as it is. */
export type Body = unknown;

/** An address in 198.18.0.0/15, the range set aside for network tests. */
const randomAddress = () => {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  return `198.${18 + (a & 1)}.${b}.${c}`;
};

export class Visitor {
  /** The cookies the shop has set, by name, in the order it set them. */
  readonly jar = new Map<string, string>();

  /** The Cookie header this visitor sends (the session cookie first), or null before any. */
  get cookie(): string | null {
    return this.jar.size === 0 ? null : [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * @param address the network this visitor comes from (`CF-Connecting-IP`): by default a
   *   random one of its own, as two shoppers are usually on two networks.
   */
  constructor(
    readonly origin: string = ORIGIN,
    readonly address: string = randomAddress(),
  ) {}

  async request<T = any>(method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie && h.Cookie === undefined) h.Cookie = this.cookie;
    h["CF-Connecting-IP"] ??= this.address;
    const init: RequestInit = { method, headers: h };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      h["Content-Type"] ??= "application/json";
    }
    const response = await exports.default.fetch(new Request(`${this.origin}${path}`, init));
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text, setCookies };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>("GET", path, undefined, headers);
  post = <T = any>(path: string, body?: Body, headers?: Record<string, string>) => this.request<T>("POST", path, body, headers);
  patch = <T = any>(path: string, body?: Body, headers?: Record<string, string>) => this.request<T>("PATCH", path, body, headers);
  delete = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>("DELETE", path, undefined, headers);

  /**
   * Makes sure this visitor holds a session cookie without leaving anything in its cart
   * (adds a product, then clears the cart), so that parallel requests share one session.
   */
  async startSession(productId = 1): Promise<void> {
    if (this.cookie) return;
    const added = await this.post("/api/cart", { productId });
    if (added.status !== 200 || !this.cookie) throw new Error(`could not start a session: ${added.status} ${added.text}`);
    const cleared = await this.delete("/api/cart");
    if (cleared.status !== 200) throw new Error(`could not clear the cart: ${cleared.status} ${cleared.text}`);
  }
}
