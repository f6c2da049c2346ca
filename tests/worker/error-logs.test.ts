/**
 * Personal data never reaches the logs through an error (README, "Logs"): an error met while
 * answering a page is logged by its kind and the request id only. React Router would log a
 * loader's or an action's error whole (its message, its stack: a session id, an email, a
 * database fault's query values) without `handleError` in app/entry.server.tsx; Hono would
 * log whatever else a request throws outside the API without the server's `onError`.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { handleError } from "../../app/entry.server";
import { logContext } from "../../app/context.server";
import { createLog } from "../../app/shared/log";
import { createServer } from "../../workers/server";
import { ORIGIN } from "./visitor";

const EMAIL = "jane.doe@example.com";
const SESSION = "3f0c1d2e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

/** An error as a database fault or a careless loader makes it: personal data in its message and its cause's. */
function leakyError() {
  const cause = new Error(`D1_ERROR: UNIQUE constraint failed: orders.session_id (${SESSION}, ${EMAIL})`);
  return new Error(`Could not load the cart of session ${SESSION} for ${EMAIL}`, { cause });
}

let logged: MockInstance<typeof console.log>;
let errored: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "log").mockImplementation(() => undefined);
  errored = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Every line written to the console, as text. */
const written = () =>
  [...logged.mock.calls, ...errored.mock.calls].map((args) =>
    args.map((arg) => (arg instanceof Error ? `${arg.stack} ${String(arg.cause)}` : String(arg))).join(" "),
  );

function pageArgs(requestId: string, signal?: AbortSignal) {
  const context = new RouterContextProvider();
  context.set(logContext, createLog(requestId));
  return { request: new Request(`${ORIGIN}/cart`, { signal }), params: {}, context };
}

describe("a page's error is logged by its kind and the request id, never whole", () => {
  it("handleError logs a loader's error carrying an email and a session id as its kind and the request id only", () => {
    handleError(leakyError(), pageArgs("req-loader-1"));
    expect(errored).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toEqual({ event: "page_error", requestId: "req-loader-1", error: "Error", cause: "Error" });
    expect(written().join("\n")).not.toMatch(new RegExp(`${EMAIL}|${SESSION}`));
  });

  it("React Router's own answer (no route for a path carrying an email) is logged by its status and the kind of the error it carries", () => {
    const noRoute = new ErrorResponseImpl(404, "Not Found", new Error(`No route matches URL "/orders?email=${EMAIL}"`), true);
    handleError(noRoute, pageArgs("req-404"));
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toEqual({ event: "page_error", requestId: "req-404", error: "Error", cause: null, status: 404 });
    expect(written().join("\n")).not.toContain(EMAIL);
  });

  it("an aborted request (the visitor left) logs nothing", () => {
    const aborted = new AbortController();
    aborted.abort();
    handleError(leakyError(), pageArgs("req-aborted", aborted.signal));
    expect(written()).toEqual([]);
  });

  it("an error thrown outside React Router and the API (here, by the page renderer) answers 500 and is logged by its kind and the request id only", async () => {
    const server = createServer({
      renderPage: async () => {
        throw leakyError();
      },
    });
    const ctx = createExecutionContext();
    const response = await server.fetch(new Request(`${ORIGIN}/cart`), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toMatch(new RegExp(`${EMAIL}|${SESSION}`));
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();
    expect(errored).not.toHaveBeenCalled();
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual({ event: "request_failed", requestId, method: "GET", path: "/cart", status: 500, error: "Error", cause: "Error" });
    expect(written().join("\n")).not.toMatch(new RegExp(`${EMAIL}|${SESSION}`));
  });
});
