/**
 * The one way both UCP bindings (rest.ts, mcp.ts) run an operation: the agent checked, the
 * binding's own checks, the Idempotency-Key taken, the input read against the operation's
 * schema, the write limited, the operation run (once per key), its answer given. A binding
 * only reads its transport (headers and a body, or `meta` and arguments) into an
 * `OperationCall` and says the `Outcome` in its own shape.
 */
import type { Context } from "hono";
import * as v from "valibot";
import { isShopError } from "../../app/shared/errors";
import { clientAddress } from "../edge/client-address";
import { isLocalServer, withSimulatedLatency } from "../edge/local-server";
import { ORDER_PAGE, overLimit, PROFILE, TOO_MANY_REQUESTS } from "../edge/rate-limits";
import { shopDeps } from "../edge/shop-deps";
import type { AppEnv } from "../request-context";
import { bodyHash, IDEMPOTENCY_CONFLICT, IDEMPOTENCY_RUNNING, once } from "../shop/agents/idempotency";
import { createVisitor } from "../shop/visitor";
import { createProfileResolver, declaredWebhook, readAgent, webhookRefusal, type AgentCheck, type AgentRefusal } from "./agents";
import { NotModifiable, type UcpContext } from "./answers";
import { inVersion } from "./answer-shapes";
import { negotiate } from "./profile";
import { expects, jsonPath } from "./schemas/words";
import type { UcpVersion } from "./versions";

/** Profiles of agents, fetched and kept by this isolate (production only: a local server fetches nothing). */
const profiles = createProfileResolver({ fetch: (input, init) => fetch(input, init) });

/** The agent `header` (a UCP-Agent value) names: read only on a local server, its profile fetched elsewhere. */
const checkAgent = (c: Context<AppEnv>, header: string | undefined): Promise<AgentCheck> =>
  isLocalServer(new URL(c.req.url)) ? Promise.resolve(readAgent(header)) : profiles.resolve(header, async () => !(await overLimit(c, PROFILE)));

/**
 * The operations' context for an agent whose profile was read (or pre-approved: null): the
 * shop's deps with no visitor of its own (each session is a cart of its own) reading from the
 * primary, the version and capabilities negotiated with it, and where its platform wants order events.
 */
function contextOf(c: Context<AppEnv>, agent: Extract<AgentCheck, { ok: true }>): UcpContext {
  const url = new URL(c.req.url);
  const d1 = withSimulatedLatency(c.env.DB, c.env, url).withSession("first-primary");
  const webhook = declaredWebhook(agent.profile);
  const webhookUrl = webhook && !webhookRefusal(webhook, url.origin) ? webhook : null;
  return {
    deps: shopDeps(c, createVisitor(null, { address: clientAddress(c.req.raw) }), d1),
    origin: url.origin,
    capabilities: negotiate(agent.profile, agent.version),
    version: agent.version,
    webhookUrl,
  };
}

/** The schema of an operation that takes no input (a read by id, a cancel). */
export const NO_INPUT = v.unknown();

/**
 * Which of the shop's abuse limits a call meets: placing an order is a checkout; any other
 * write, a cart change; reading an order, the order pages' limit (its id is the page's link).
 */
export type Limit = "cart" | "checkout" | typeof ORDER_PAGE | null;

/** Whether a call is a write (its answer kept under its Idempotency-Key). */
export const isWrite = (limit: Limit) => limit === "cart" || limit === "checkout";

/** What a binding read of one call. */
export type OperationCall<S extends v.GenericSchema> = {
  /** The UCP-Agent value naming the agent's profile (MCP's `meta["ucp-agent"]` as one). */
  agent: string | undefined;
  /** The binding's own check once the agent is known (REST: Request-Id; MCP: the id argument): why it fails, or null. */
  check?: () => string | null;
  /**
   * The Idempotency-Key sent (undefined: none, or none that counts), whether one is required,
   * whether the answer is kept under it (a write's), and the words for one missing or malformed.
   */
  key: { value: unknown; required: boolean; kept: boolean; missing: string; malformed: string };
  /** What the input is read against: one schema, or one per negotiated version (a checkout update's, schemas/requests.ts). */
  schema: S | ((version: UcpVersion) => S);
  /** The input sent, or why it could not be read. */
  input: { ok: true; value: unknown } | { ok: false; content: string };
  /** How the input's field at `path` is named in a refusal (a body's field, or an argument's). */
  field: (path: string | null) => string;
  /** The abuse limit the call meets here (null: none, or met before). */
  limit: Limit;
  /** Where a key is kept (with the agent's profile before it), and what its body hash is of. */
  scope: string;
  hashed: (input: v.InferOutput<S>) => string;
  run: (ctx: UcpContext, input: v.InferOutput<S>) => Promise<unknown>;
  /** A create answers 201 when it made the resource. */
  create?: boolean;
};

export type Outcome =
  | { kind: "answer"; status: 200 | 201; body: string }
  /** The agent's profile cannot be used (the spec's negotiation errors). */
  | ({ kind: "agent" } & AgentRefusal)
  /** The call is not the operation's: a header, an argument or the input. */
  | { kind: "invalid"; content: string }
  | { kind: "idempotency"; code: "idempotency_conflict" | "idempotency_in_progress"; content: string }
  /** The resource's state refuses the write (a completed or canceled checkout): 409. */
  | { kind: "conflict"; code: string; content: string }
  /** Too many writes, or discount codes tried, from this address. */
  | { kind: "too_many"; content: string };

const isErrorAnswer = (answer: unknown) => (answer as { ucp?: { status?: string } }).ucp?.status === "error";

/** The input against `schema`: its value, or the first field that is not as the operation wants, its path and what it expects. */
function readInput<S extends v.GenericSchema>(schema: S, value: unknown, field: OperationCall<S>["field"]) {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true as const, value: result.output };
  const issue = result.issues[0];
  return { ok: false as const, content: `${field(jsonPath(issue))} ${expects(issue)}.` };
}

export async function runOperation<S extends v.GenericSchema>(c: Context<AppEnv>, call: OperationCall<S>): Promise<Outcome> {
  const agent = await checkAgent(c, call.agent);
  if (!agent.ok) return { ...agent, kind: "agent" };
  const refused = call.check?.();
  if (refused) return { kind: "invalid", content: refused };
  const key = call.key.value;
  if (key === undefined ? call.key.required : typeof key !== "string" || key === "" || key.length > 255) {
    return { kind: "invalid", content: key === undefined ? call.key.missing : call.key.malformed };
  }
  if (!call.input.ok) return { kind: "invalid", content: call.input.content };
  const input = readInput(typeof call.schema === "function" ? call.schema(agent.version) : call.schema, call.input.value, call.field);
  if (!input.ok) return { kind: "invalid", content: input.content };
  if (call.limit && (await overLimit(c, call.limit))) return { kind: "too_many", content: TOO_MANY_REQUESTS };

  const ctx = contextOf(c, agent);
  const run = async () => {
    const answer = await inVersion(ctx, await call.run(ctx, input.value));
    return { status: call.create && !isErrorAnswer(answer) ? 201 : 200, body: JSON.stringify(answer) } as const;
  };
  try {
    if (typeof key !== "string" || !call.key.kept) return { kind: "answer", ...(await run()) };
    const outcome = await once(ctx.deps, key, `${agent.profileUrl} ${call.scope}`, await bodyHash(call.hashed(input.value)), run);
    if (outcome.kind === "conflict") return { kind: "idempotency", code: "idempotency_conflict", content: IDEMPOTENCY_CONFLICT };
    if (outcome.kind === "running") return { kind: "idempotency", code: "idempotency_in_progress", content: IDEMPOTENCY_RUNNING };
    return { kind: "answer", status: outcome.status as 200 | 201, body: outcome.body };
  } catch (failure) {
    if (failure instanceof NotModifiable) return { kind: "conflict", code: failure.code, content: failure.content };
    // Too many discount codes tried from this address (the shop counts them): its key let go
    // (`once`), so the same call may be sent again in a minute.
    if (!(isShopError(failure) && failure.kind === "too_many")) throw failure;
    return { kind: "too_many", content: failure.message };
  }
}
