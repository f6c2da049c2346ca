/**
 * What both UCP bindings (rest.ts, mcp.ts) take from a request: the agent it speaks for, and
 * the shop's deps the operations run with.
 */
import type { Context } from "hono";
import { createDatabase } from "../db/client";
import { clientAddress } from "../edge/client-address";
import { isLocalServer, withSimulatedLatency } from "../edge/local-server";
import { codeAttempts } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import type { ShopDeps } from "../shop/deps";
import { createOutbox } from "../shop/outbox";
import { createVisitor } from "../shop/visitor";
import { createProfileResolver, readAgent, type AgentCheck } from "./agents";
import { negotiate } from "./profile";
import type { PlatformProfile } from "./schemas";
import type { UcpContext } from "./answers";

/** Profiles of agents, fetched and kept by this isolate (production only: a local server fetches nothing). */
const profiles = createProfileResolver({ fetch: (input, init) => fetch(input, init) });

/** The agent `header` (a UCP-Agent value) names: read only on a local server, its profile fetched elsewhere. */
export async function checkAgent(c: Context<AppEnv>, header = c.req.header("UCP-Agent")): Promise<AgentCheck> {
  return isLocalServer(new URL(c.req.url)) ? readAgent(header) : profiles.resolve(header);
}

/** The shop's deps for a UCP request: no visitor of its own (each session is a cart of its own), reads from the primary. */
export function depsOf(c: Context<AppEnv>): ShopDeps {
  const ctx = c.executionCtx as ExecutionContext;
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  const d1 = withSimulatedLatency(c.env.DB, c.env, new URL(c.req.url)).withSession("first-primary");
  return {
    db: createDatabase(d1),
    kv: c.env.CATALOG_KV,
    visitor: createVisitor(null, { address: clientAddress(c.req.raw) }),
    waitUntil,
    log: c.var.log,
    outbox: createOutbox(c.env.EMAIL_QUEUE, waitUntil, c.var.log),
    codeAttempts: codeAttempts(c),
  };
}

/** The operations' context for an agent whose profile was read (or pre-approved: null), with the capabilities negotiated with it. */
export const contextOf = (c: Context<AppEnv>, profile: PlatformProfile | null): UcpContext => ({
  deps: depsOf(c),
  origin: new URL(c.req.url).origin,
  capabilities: negotiate(profile),
});

