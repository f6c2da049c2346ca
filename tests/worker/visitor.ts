/**
 * A test visitor: a browser-like client of the Worker that keeps its own session cookie,
 * so two visitors in one test are two separate shoppers.
 */
import { exports } from "cloudflare:workers";

export const ORIGIN = "http://shop.test";

export type Reply<T = any> = { status: number; headers: Headers; body: T };

export class Visitor {
  cookie: string | null = null;

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.Cookie = this.cookie;
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      h["Content-Type"] ??= "application/json";
    }
    const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
    const setCookie = response.headers.get("Set-Cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>("POST", path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>("PATCH", path, body);
  delete = <T = any>(path: string) => this.request<T>("DELETE", path);
}
