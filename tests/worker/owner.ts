/** The owner in the worker tests of the back office (backoffice.test.ts, stock.test.ts): signed in through the real sign-in form. */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import worker from "./entry";

export const PASSWORD = "correct horse battery staple";
let addresses = 0;
/** A fresh client address per owner: each test's sign-in attempts are counted on their own. */
const nextAddress = () => `198.51.100.${++addresses}`;

export type Answer = { status: number; headers: Headers; text: string; location: string | null; setCookies: string[] };

/** A browser in the owner's hands: keeps its cookies, posts forms, follows nothing by itself. */
export class Owner {
  readonly jar = new Map<string, string>();
  constructor(
    readonly origin = "http://shop.test",
    /** What this owner's requests see in place of the Worker's own bindings and vars. */
    readonly vars: Record<string, unknown> = { ADMIN_PASSWORD: PASSWORD },
    readonly address = nextAddress(),
  ) {}

  /** `form`: fields (sent urlencoded), a body as it is, or FormData (sent as multipart/form-data, as a file upload is). */
  async request(
    method: string,
    path: string,
    form?: Record<string, string> | string | FormData,
    headers: Record<string, string> = {},
    vars: Record<string, unknown> = {},
  ): Promise<Answer> {
    const h = new Headers({ "CF-Connecting-IP": this.address, ...headers });
    if (this.jar.size > 0) h.set("Cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "));
    let body: string | FormData | undefined;
    if (form !== undefined) {
      body = typeof form === "string" || form instanceof FormData ? form : new URLSearchParams(form).toString();
      if (!h.has("Content-Type") && !(form instanceof FormData)) h.set("Content-Type", "application/x-www-form-urlencoded");
      if (!h.has("Origin")) h.set("Origin", this.origin);
    }
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${this.origin}${path}`, { method, headers: h, body, redirect: "manual" }),
      { ...env, ...this.vars, ...vars } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get("Location"), setCookies };
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, form: Record<string, string> = {}) => this.request("POST", path, form);

  async signIn(password = PASSWORD) {
    return this.post("/admin/sign-in", { password });
  }

  /** A signed-in owner. */
  static async signedIn(origin?: string, vars?: Record<string, unknown>) {
    const owner = new Owner(origin, { ADMIN_PASSWORD: PASSWORD, ...vars });
    const answer = await owner.signIn();
    expect(answer.status, answer.text).toBe(303);
    return owner;
  }
}

/** The email queue as the back office sees it (pass it as the owner's vars), keeping every job it is handed. */
export function emailQueue() {
  const jobs: EmailJob[] = [];
  return { jobs, EMAIL_QUEUE: { send: async (job: EmailJob) => void jobs.push(job) } };
}

/** The first row `sql` finds in the test D1. */
export const row = <T>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();

/** Every audit entry about `subject`, oldest first. */
export const auditOf = async (subject: string) =>
  (
    await env.DB.prepare("SELECT action, detail, address FROM audit_log WHERE subject = ? ORDER BY id")
      .bind(subject)
      .all<{ action: string; detail: string; address: string }>()
  ).results;

/** Text as a page shows it (hono/jsx escapes quotes too). */
export const asHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#39;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
