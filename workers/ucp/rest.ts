/**
 * UCP's REST binding (rest.openapi.json, the same paths in 2026-04-08 and 2026-08-25) under
 * /ucp/v1, the business profiles at /.well-known/ucp (2026-08-25) and
 * /.well-known/ucp/2026-04-08, and the demo payment handler's spec page (the MCP binding, mcp.ts, is
 * mounted here too). This file only translates HTTP to the operations in shopping.ts and
 * back, through `runOperation` (operation.ts): the headers the binding requires
 * (`UCP-Agent`, `Request-Id`, `Idempotency-Key` on writes), the body read against the
 * request schemas, and the answer's status.
 *
 * Business outcomes answer 200 (201 for a create) with `messages`; protocol errors (a
 * header missing, a body that is not the operation's, a key reused with another body, too
 * many requests) answer their status with `{code, content}`. Fields and headers the shop
 * does not know are ignored. UCP carries no cookie and no session: it is mounted before the
 * visitor's session and the same-site guard, and has its own 16 KiB body limit.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as v from "valibot";
import { errorKind } from "../../app/shared/errors";
import { loggedPath } from "../../app/shared/log";
import { isUnavailable, retryShortly, UNAVAILABLE } from "../edge/errors";
import { ORDER_PAGE, refusedForNow } from "../edge/rate-limits";
import { bodyLimit, MAX_BODY_BYTES } from "../edge/request-body";
import type { AppEnv } from "../request-context";
import { UCP_PROFILE_PATH } from "../../app/shared/feeds";
import { MCP_PATH, mcpEndpoint } from "./mcp";
import { NO_INPUT, runOperation, type Limit } from "./operation";
import { DEMO_HANDLER, HANDLER_SPEC_PATH, PROFILE_CACHE_CONTROL, REST_BASE, businessProfile } from "./profile";
import * as schemas from "./schemas";
import * as shopping from "./shopping";
import { signingKeyOf, type SigningEnv } from "./signatures";
import { FIRST_VERSION, versionProfilePath, type UcpVersion } from "./versions";

/** A protocol error: its status, and the spec's `{code, content}`. */
function protocolError(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, content: string) {
  return c.json({ code, content } satisfies schemas.ProtocolErrorAnswer, status);
}

/** The request body as JSON (an empty body is `{}`), or why it is none. */
function bodyJson(text: string): { ok: true; value: unknown } | { ok: false; content: string } {
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, content: "The request body is not valid JSON." };
  }
}

type Operation<S extends v.GenericSchema> = (ctx: shopping.UcpContext, input: v.InferOutput<S>, id: string) => Promise<unknown>;

const KEY_NEEDED = "Send an Idempotency-Key header (a UUID, at most 255 characters) with every write.";

/** One operation of the binding: the call read from the request's headers and body, run (`runOperation`), its outcome answered. */
function route<S extends v.GenericSchema>(
  schema: S | ((version: UcpVersion) => S),
  operation: Operation<S>,
  { create = false, limit = "cart" as Limit, idempotent = true } = {},
) {
  return async (c: Context<AppEnv>) => {
    const text = await c.req.text();
    const id = c.req.param("id") ?? "";
    const outcome = await runOperation(c, {
      agent: c.req.header("UCP-Agent"),
      check: () => (c.req.header("Request-Id") ? null : "Send a Request-Id header (a UUID that names this request)."),
      // A read takes no key: one sent with it is not looked at.
      key: {
        value: idempotent ? c.req.header("Idempotency-Key") : undefined,
        required: idempotent,
        kept: idempotent,
        missing: KEY_NEEDED,
        malformed: KEY_NEEDED,
      },
      schema,
      input: bodyJson(text),
      field: (path) => path ?? "The request body",
      limit,
      scope: `${c.req.method} ${c.req.path}`,
      hashed: () => text,
      run: (ctx, input) => operation(ctx, input, id),
      create,
    });
    switch (outcome.kind) {
      case "answer":
        return c.body(outcome.body, outcome.status, { "Content-Type": "application/json" });
      case "agent":
        if (outcome.retryAfter) c.header("Retry-After", String(outcome.retryAfter));
        return protocolError(c, outcome.status, outcome.code, outcome.content);
      case "invalid":
        return protocolError(c, 400, "invalid_request", outcome.content);
      case "idempotency":
      case "conflict":
        return protocolError(c, 409, outcome.code, outcome.content);
      case "too_many":
        refusedForNow(c);
        return protocolError(c, 429, "too_many_requests", outcome.content);
    }
  };
}

/** The REST binding's routes, relative to REST_BASE. */
function restBinding() {
  return new Hono<AppEnv>()
    .post(
      "/catalog/search",
      route(schemas.SearchRequest, (ctx, input) => shopping.searchCatalog(ctx, input), { limit: null, idempotent: false }),
    )
    .post(
      "/catalog/lookup",
      route(schemas.LookupRequest, (ctx, input) => shopping.lookupCatalog(ctx, input), { limit: null, idempotent: false }),
    )
    .post(
      "/catalog/product",
      route(schemas.ProductRequest, (ctx, input) => shopping.getProduct(ctx, input), { limit: null, idempotent: false }),
    )
    .post(
      "/carts",
      route(schemas.CartCreateRequest, (ctx, input) => shopping.createCart(ctx, input), { create: true }),
    )
    .get(
      "/carts/:id",
      route(NO_INPUT, (ctx, _, id) => shopping.getCart(ctx, id), { limit: null, idempotent: false }),
    )
    .put(
      "/carts/:id",
      route(schemas.CartUpdateRequest, (ctx, input, id) => shopping.updateCart(ctx, id, input)),
    )
    .post(
      "/carts/:id/cancel",
      route(NO_INPUT, (ctx, _, id) => shopping.cancelCart(ctx, id)),
    )
    .post(
      "/checkout-sessions",
      route(schemas.CheckoutCreateRequest, (ctx, input) => shopping.createCheckout(ctx, input), { create: true }),
    )
    .get(
      "/checkout-sessions/:id",
      route(NO_INPUT, (ctx, _, id) => shopping.getCheckout(ctx, id), { limit: null, idempotent: false }),
    )
    .put(
      "/checkout-sessions/:id",
      route(schemas.checkoutUpdateIn, (ctx, input, id) => shopping.updateCheckout(ctx, id, input)),
    )
    .post(
      "/checkout-sessions/:id/complete",
      route(schemas.CheckoutCompleteRequest, (ctx, input, id) => shopping.completeCheckout(ctx, id, input), { limit: "checkout" }),
    )
    .post(
      "/checkout-sessions/:id/cancel",
      route(NO_INPUT, (ctx, _, id) => shopping.cancelCheckout(ctx, id)),
    )
    .get(
      "/orders/:id",
      route(NO_INPUT, (ctx, _, id) => shopping.getOrder(ctx, id), { limit: ORDER_PAGE, idempotent: false }),
    );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The demo payment handler's spec page (payment-handler guide: a handler names a spec a platform can read). */
function handlerSpecPage(origin: string) {
  const name = escapeHtml(DEMO_HANDLER.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}: the Raw Dogg demo payment handler</title></head>
<body><main>
<h1>${name}</h1>
<p>The Raw Dogg shop's own UCP payment handler, for version ${schemas.UCP_VERSION}. It takes no money:
like the shop's web checkout, which is a demo, it places the order and charges nothing.</p>
<h2>Declaration</h2>
<p>The shop's profile (<a href="${escapeHtml(origin)}/.well-known/ucp">/.well-known/ucp</a>) and every checkout declare it
under <code>payment_handlers["${name}"]</code> with <code>id</code> <code>"${DEMO_HANDLER.id}"</code> and one available
instrument type, <code>"${DEMO_HANDLER.instrumentType}"</code>. It has no configuration and no prerequisites.</p>
<h2>Instrument</h2>
<p>Any instrument with <code>handler_id</code> <code>"${DEMO_HANDLER.id}"</code> and <code>type</code>
<code>"${DEMO_HANDLER.instrumentType}"</code> is accepted. A <code>credential</code>, if sent, is neither read nor kept,
and no card number is ever asked for: send none.</p>
<pre>{"payment": {"instruments": [{"id": "instr_1", "handler_id": "${DEMO_HANDLER.id}", "type": "${DEMO_HANDLER.instrumentType}", "selected": true}]}}</pre>
<h2>Processing</h2>
<p>Complete Checkout with such an instrument places the order once the checkout is <code>ready_for_complete</code>;
nothing is authorised, captured or refunded. An instrument of another handler or type is refused with a
<code>payment_failed</code> message (severity <code>recoverable</code>). The handler never declines.</p>
</main></body></html>`;
}

/** The shop's 16 KiB body limit, refused as a UCP protocol error. */
const sixteenKiB = bodyLimit<AppEnv>(MAX_BODY_BYTES, (c) => protocolError(c, 413, "request_too_large", "The request body is too large (16 KiB at most)."));

/** What server.ts mounts: the profile, the handler's page, the MCP binding (mcp.ts) and the REST binding. */
export function createUcp() {
  const binding = restBinding();
  return (
    new Hono<AppEnv>()
      .onError((failure, c) => {
        // A binding that did not answer this time: the agent may send the same call again shortly (its idempotency key kept it safe).
        const unavailable = isUnavailable(failure);
        const status = unavailable ? UNAVAILABLE.status : 500;
        c.var.log("ucp_failure", { method: c.req.method, path: loggedPath(c.req.path), status, ...errorKind(failure) });
        if (!unavailable) return protocolError(c, 500, "internal_error", "Something went wrong on our side. Please try again.");
        retryShortly(c);
        return protocolError(c, status, "unavailable", UNAVAILABLE.message);
      })
      .get(UCP_PROFILE_PATH, (c) => {
        c.header("Cache-Control", PROFILE_CACHE_CONTROL);
        const signingKey = signingKeyOf((c.env as SigningEnv).UCP_SIGNING_KEY)?.publicJwk;
        return c.json(businessProfile(new URL(c.req.url).origin, { mcpEndpoint: MCP_PATH, signingKey }));
      })
      // The older version's profile, as the newest one's `supported_versions` links it.
      .get(versionProfilePath(FIRST_VERSION), (c) => {
        c.header("Cache-Control", PROFILE_CACHE_CONTROL);
        const signingKey = signingKeyOf((c.env as SigningEnv).UCP_SIGNING_KEY)?.publicJwk;
        return c.json(businessProfile(new URL(c.req.url).origin, { mcpEndpoint: MCP_PATH, version: FIRST_VERSION, signingKey }));
      })
      .get(HANDLER_SPEC_PATH, (c) => {
        c.header("Cache-Control", PROFILE_CACHE_CONTROL);
        return c.html(handlerSpecPage(new URL(c.req.url).origin));
      })
      .use(MCP_PATH, sixteenKiB)
      .post(MCP_PATH, mcpEndpoint)
      // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
      .on(["GET", "DELETE"], MCP_PATH, (c) => {
        c.header("Allow", "POST");
        return protocolError(c, 405, "method_not_allowed", "This MCP endpoint is stateless: POST JSON-RPC messages to it.");
      })
      .use(`${REST_BASE}/*`, sixteenKiB)
      .route(REST_BASE, binding)
      .all(`${REST_BASE}/*`, (c) => protocolError(c, 404, "not_found", "There is no such UCP operation."))
  );
}
