/**
 * UCP's MCP binding (mcp.openrpc.json at v2026-04-08) at /ucp/mcp: Streamable HTTP,
 * stateless (a new server and transport per request, no session id), on the official
 * `@modelcontextprotocol/sdk`. Its web-standard transport takes a Request and answers a
 * Response, which is what a Worker has, so Cloudflare's `agents` package (built around
 * Durable Objects for stateful sessions) brings nothing a stateless binding needs.
 *
 * The 13 tools run the same operations as the REST binding (shopping.ts), the same way
 * (`runOperation`, operation.ts), and answer with them as `structuredContent` (and as text, for clients without it). `meta["ucp-agent"]`
 * names the agent's profile as the UCP-Agent header does; `meta["idempotency-key"]` makes a
 * write idempotent as the header does (required on complete and cancel, as the OpenRPC
 * document marks it). Arguments the shop does not know are ignored.
 *
 * Each tool's input schema is its operation's valibot schema (schemas/requests.ts) as JSON
 * Schema (`@valibot/to-json-schema`): the one source of truth for what the shop reads, so
 * what tools/list publishes cannot drift from what a call is checked against.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { toJsonSchema } from "@valibot/to-json-schema";
import type { Context } from "hono";
import { errorKind } from "../../app/shared/errors";
import * as v from "valibot";
import { isUnavailable, UNAVAILABLE } from "../edge/errors";
import { ORDER_PAGE, overLimit, RETRY_AFTER_SECONDS, TOO_MANY_REQUESTS, withRetryAfter } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { isWrite, NO_INPUT, runOperation, type Limit, type Outcome } from "./operation";
import * as schemas from "./schemas";
import * as shopping from "./shopping";
import { CURRENT_VERSION, type UcpVersion } from "./versions";

export { UCP_MCP_PATH as MCP_PATH } from "../../app/shared/feeds";

/** The spec's JSON-RPC codes: discovery failures, and the protocol errors (409, 429) of REST. */
const DISCOVERY_FAILED = -32001;
const PROTOCOL_ERROR = -32000;

type Tool = {
  description: string;
  /** The argument that carries the operation's input (`catalog`, `cart`, `checkout`), if any. */
  input?: { name: "catalog" | "cart" | "checkout"; schema: v.GenericSchema | ((version: UcpVersion) => v.GenericSchema) };
  /** Whether it takes the resource's `id`. */
  id?: boolean;
  /** The abuse limit the call meets (null: none): a write's, or the order pages' for reading an order. */
  limit: Limit;
  /** `meta["idempotency-key"]` is required (complete and cancel). */
  keyRequired?: boolean;
  run: (ctx: shopping.UcpContext, input: never, id: string) => Promise<unknown>;
};

const TOOLS: Record<string, Tool> = {
  search_catalog: {
    description: "Search the shop's catalog by text, category and price; answers products with their variants, options, availability and prices in cents.",
    input: { name: "catalog", schema: schemas.SearchRequest },
    limit: null,
    run: (ctx, input: schemas.SearchRequest) => shopping.searchCatalog(ctx, input),
  },
  lookup_catalog: {
    description: "Look products up by product id (handle) or variant id (SKU).",
    input: { name: "catalog", schema: schemas.LookupRequest },
    limit: null,
    run: (ctx, input: schemas.LookupRequest) => shopping.lookupCatalog(ctx, input),
  },
  get_product: {
    description: "One product by product or variant id, with the variants matching the selected options and each option value's availability.",
    input: { name: "catalog", schema: schemas.ProductRequest },
    limit: null,
    run: (ctx, input: schemas.ProductRequest) => shopping.getProduct(ctx, input),
  },
  create_cart: {
    description: "Create a cart of line items, each naming a variant by its id (SKU).",
    input: { name: "cart", schema: schemas.CartCreateRequest },
    limit: "cart",
    run: (ctx, input: schemas.CartCreateRequest) => shopping.createCart(ctx, input),
  },
  get_cart: { description: "Read a cart.", id: true, limit: null, run: (ctx, _, id) => shopping.getCart(ctx, id) },
  update_cart: {
    description: "Replace a cart: its line items, and the buyer to keep (in UCP 2026-08-25 a buyer left out is cleared; in 2026-04-08 it stays).",
    input: { name: "cart", schema: schemas.CartUpdateRequest },
    id: true,
    limit: "cart",
    run: (ctx, input: schemas.CartUpdateRequest, id) => shopping.updateCart(ctx, id, input),
  },
  cancel_cart: { description: "Cancel a cart.", id: true, limit: "cart", keyRequired: true, run: (ctx, _, id) => shopping.cancelCart(ctx, id) },
  create_checkout: {
    description:
      "Create a checkout of line items (variants by SKU), optionally with the buyer, a shipping destination and a discount code (discounts.codes; one per order).",
    input: { name: "checkout", schema: schemas.CheckoutCreateRequest },
    limit: "cart",
    run: (ctx, input: schemas.CheckoutCreateRequest) => shopping.createCheckout(ctx, input),
  },
  get_checkout: { description: "Read a checkout.", id: true, limit: null, run: (ctx, _, id) => shopping.getCheckout(ctx, id) },
  update_checkout: {
    description:
      "Replace a checkout: send it whole, its line items with the buyer, shipping destination and discount code to keep (in UCP 2026-08-25 what is left out is cleared; in 2026-04-08 it stays). discounts.codes replaces the code; [] removes it.",
    input: { name: "checkout", schema: schemas.checkoutUpdateIn },
    id: true,
    limit: "cart",
    run: (ctx, input: schemas.CheckoutUpdateRequest, id) => shopping.updateCheckout(ctx, id, input),
  },
  complete_checkout: {
    description: 'Place the checkout\'s order with the demo payment handler (handler_id "demo", type "card"): no money is taken.',
    input: { name: "checkout", schema: schemas.CheckoutCompleteRequest },
    id: true,
    limit: "checkout",
    keyRequired: true,
    run: (ctx, input: schemas.CheckoutCompleteRequest, id) => shopping.completeCheckout(ctx, id, input),
  },
  cancel_checkout: { description: "Cancel a checkout.", id: true, limit: "cart", keyRequired: true, run: (ctx, _, id) => shopping.cancelCheckout(ctx, id) },
  get_order: { description: "Read an order placed through UCP.", id: true, limit: ORDER_PAGE, run: (ctx, _, id) => shopping.getOrder(ctx, id) },
};

const META_SCHEMA = {
  type: "object",
  required: ["ucp-agent"],
  properties: {
    "ucp-agent": { type: "object", required: ["profile"], properties: { profile: { type: "string", format: "uri" } } },
    "idempotency-key": { type: "string", format: "uuid" },
  },
};

/** An input's valibot schema as the JSON Schema (2020-12, MCP's dialect) nested in a tool's input schema. */
function jsonSchemaOf(schema: v.GenericSchema) {
  const { $schema: _, ...nested } = toJsonSchema(schema, { target: "draft-2020-12", errorMode: "throw", ignoreActions: ["check"] });
  return nested;
}

/** The tools as tools/list names them: the spec's names and arguments, each input's schema as the shop reads it. */
const toolList = Object.entries(TOOLS).map(([name, tool]) => ({
  name,
  description: tool.description,
  inputSchema: {
    type: "object" as const,
    properties: {
      meta: tool.keyRequired ? { ...META_SCHEMA, required: ["ucp-agent", "idempotency-key"] } : META_SCHEMA,
      ...(tool.id ? { id: { type: "string", maxLength: 200, description: "The id an earlier answer gave." } } : {}),
      ...(tool.input
        ? { [tool.input.name]: jsonSchemaOf(typeof tool.input.schema === "function" ? tool.input.schema(CURRENT_VERSION) : tool.input.schema) }
        : {}),
    },
    required: ["meta", ...(tool.id ? ["id"] : []), ...(tool.input ? [tool.input.name] : [])],
  },
}));

/**
 * A JSON-RPC error of a tool, its message in the shop's words alone: the SDK answers a thrown
 * error with its `code`, `message` and `data`, and its own McpError puts "MCP error <code>: "
 * before the message, which clients print before their own prefix.
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

const invalidParams = (message: string) => new RpcError(ErrorCode.InvalidParams, message);

/** An sf-string of RFC 8941, for reading `meta["ucp-agent"].profile` as the header would carry it. */
const asHeader = (profile: string) => `profile="${profile.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** Thrown by a tool whose run tried too many discount codes: the endpoint answers it with HTTP 429, as the spec wants. */
class CodeAttemptsRefused extends RpcError {
  constructor(content: string) {
    super(PROTOCOL_ERROR, "Rate limit exceeded", { retry_after: RETRY_AFTER_SECONDS, content });
  }
}

/** Why a call was not run, as the binding's JSON-RPC error (the REST binding's status, in `data`, where the spec wants one). */
function refusal(outcome: Exclude<Outcome, { kind: "answer" }>, onRefused: () => void): RpcError {
  switch (outcome.kind) {
    case "agent":
      return new RpcError(outcome.status === 429 ? PROTOCOL_ERROR : DISCOVERY_FAILED, outcome.status === 429 ? "Rate limit exceeded" : "UCP discovery failed", {
        code: outcome.code,
        content: outcome.content,
        ...(outcome.retryAfter ? { retry_after: outcome.retryAfter } : {}),
      });
    case "invalid":
      return invalidParams(outcome.content);
    case "idempotency":
    case "conflict":
      return new RpcError(PROTOCOL_ERROR, outcome.content, { code: outcome.code, content: outcome.content });
    case "too_many":
      onRefused();
      return new CodeAttemptsRefused(outcome.content);
  }
}

/** A tools/call: the call read from its arguments, run (`runOperation`), its answer as structured content and as text. */
async function callTool(c: Context<AppEnv>, name: string, args: Record<string, unknown>, onRefused: () => void, onUnavailable: () => void) {
  const tool = TOOLS[name];
  if (!tool) throw invalidParams(`There is no tool named ${JSON.stringify(name).slice(0, 60)}.`);
  const meta = (typeof args.meta === "object" && args.meta !== null ? args.meta : {}) as Record<string, unknown>;
  const agentMeta = meta["ucp-agent"] as { profile?: unknown } | undefined;
  const profile = typeof agentMeta?.profile === "string" ? agentMeta.profile : null;
  const id = tool.id ? args.id : "";
  const outcome = await runOperation(c, {
    agent: profile === null ? undefined : asHeader(profile),
    check: () => (typeof id !== "string" || id.length > 200 ? "id must be a string (at most 200 characters)." : null),
    // A read's key is checked, but only a write's answer is kept under it.
    key: {
      value: meta["idempotency-key"],
      required: tool.keyRequired ?? false,
      kept: isWrite(tool.limit),
      missing: `${name} needs meta.idempotency-key (a UUID).`,
      malformed: "meta.idempotency-key must be a string (a UUID).",
    },
    schema: tool.input?.schema ?? NO_INPUT,
    input: { ok: true, value: tool.input ? args[tool.input.name] : undefined },
    field: (path) => `${tool.input?.name}${path ? `.${path}` : ""}`,
    // The write's abuse limit was met by the endpoint, before the server ran.
    limit: null,
    scope: `mcp ${name} ${String(id)}`,
    hashed: (input) => JSON.stringify(input ?? null),
    run: (ctx, input) => tool.run(ctx, input as never, id as string),
  }).catch((failure: unknown) => {
    // The SDK would answer a thrown error with its message (a database fault's carries the query's values).
    if (failure instanceof RpcError) throw failure;
    c.var.log("ucp_failure", { method: c.req.method, path: c.req.path, tool: name, ...errorKind(failure) });
    if (isUnavailable(failure)) {
      onUnavailable();
      throw new RpcError(ErrorCode.InternalError, UNAVAILABLE.message, { retry_after: UNAVAILABLE.retryAfterSeconds });
    }
    throw new RpcError(ErrorCode.InternalError, "Something went wrong on our side. Please try again.");
  });
  if (outcome.kind !== "answer") throw refusal(outcome, onRefused);
  return { structuredContent: JSON.parse(outcome.body) as Record<string, unknown>, content: [{ type: "text" as const, text: outcome.body }] };
}

/** A stateless MCP server for one request: the tools, bound to this request's context. */
function serverFor(c: Context<AppEnv>, onRefused: () => void, onUnavailable: () => void) {
  const server = new Server(
    { name: "raw-dogg-shop", version: schemas.UCP_VERSION },
    { capabilities: { tools: {} }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(c, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>, onRefused, onUnavailable),
  );
  return server;
}

const jsonRpcError = (c: Context<AppEnv>, status: 400 | 406 | 429, id: unknown, code: number, message: string, data?: unknown) =>
  c.json({ jsonrpc: "2.0", id: typeof id === "string" || typeof id === "number" ? id : null, error: { code, message, ...(data ? { data } : {}) } }, status);

/** The q of the most specific range of `accept` that covers `type` (0: not acceptable). No header accepts anything. */
function quality(accept: string | null, type: string): number {
  if (accept === null || accept.trim() === "") return 1;
  let best = { specificity: -1, q: 0 };
  for (const range of accept.split(",")) {
    const [media = "", ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const specificity = media === type ? 2 : media === `${type.split("/")[0]}/*` ? 1 : media === "*/*" ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((param) => param.startsWith("q="));
    best = { specificity, q: q ? Number(q.slice(2)) || 0 : 1 };
  }
  return best.q;
}

/**
 * How the answer is sent, from the Accept header: JSON (application/json) to a client that
 * accepts it, as Shopify's ucp-cli asks with `Accept: application/json` alone, and as the
 * SDK answers a client accepting both in JSON response mode; an event stream only to one
 * that asks for text/event-stream and not JSON; null (406) to one that accepts neither.
 */
function answerKind(accept: string | null): "json" | "stream" | null {
  if (quality(accept, "application/json") > 0) return "json";
  if (accept?.toLowerCase().includes("text/event-stream") && quality(accept, "text/event-stream") > 0) return "stream";
  return null;
}

const NOT_ACCEPTABLE = "This MCP endpoint answers in application/json, or as a text/event-stream when asked: send Accept: application/json.";

/**
 * POST /ucp/mcp. A tools/call of a write meets the shop's abuse limit before the server
 * runs, so a refusal answers HTTP 429 with the JSON-RPC error (the spec: the status is the
 * primary signal).
 */
export async function mcpEndpoint(c: Context<AppEnv>) {
  const kind = answerKind(c.req.header("Accept") ?? null);
  if (!kind) return jsonRpcError(c, 406, null, PROTOCOL_ERROR, NOT_ACCEPTABLE);
  const text = await c.req.text();
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return jsonRpcError(c, 400, null, ErrorCode.ParseError, "The request body is not valid JSON.");
  }
  const calls = (Array.isArray(message) ? message : [message]) as { method?: unknown; id?: unknown; params?: { name?: unknown } }[];
  for (const call of calls) {
    const tool = call?.method === "tools/call" && typeof call.params?.name === "string" ? TOOLS[call.params.name] : undefined;
    if (tool?.limit && (await overLimit(c, tool.limit))) {
      return jsonRpcError(c, 429, call.id, PROTOCOL_ERROR, "Rate limit exceeded", { retry_after: RETRY_AFTER_SECONDS, content: TOO_MANY_REQUESTS });
    }
  }
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: kind === "json" });
  // A tool that tried too many discount codes answers its JSON-RPC error with HTTP 429 too.
  let refused = false;
  // A tool whose binding did not answer: HTTP 503 with Retry-After, so the agent retries shortly.
  let unavailable = false;
  const server = serverFor(
    c,
    () => (refused = true),
    () => (unavailable = true),
  );
  await server.connect(transport);
  // The SDK's transport wants both types accepted; the answer's kind was chosen above.
  const headers = new Headers(c.req.raw.headers);
  headers.set("Accept", "application/json, text/event-stream");
  const request = new Request(c.req.url, { method: "POST", headers, body: text });
  const response = await transport.handleRequest(request, { parsedBody: message });
  if (kind === "stream" && response.body) {
    // The stream's status and headers are sent before the tools run; the server closes when the transport ends the stream.
    return new Response(response.body.pipeThrough(new TransformStream({ flush: () => server.close() })), response);
  }
  c.executionCtx.waitUntil(server.close());
  if (unavailable) {
    const retry = new Response(response.body, { status: UNAVAILABLE.status, headers: response.headers });
    retry.headers.set("Retry-After", String(UNAVAILABLE.retryAfterSeconds));
    return retry;
  }
  return refused ? withRetryAfter(new Response(response.body, { status: 429, headers: response.headers })) : response;
}
