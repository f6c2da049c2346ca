/**
 * What the shop tells agents about itself (UCP overview, "Profile Structure"): the business
 * profile at /.well-known/ucp, and the demo payment handler it declares. Every address in it
 * is on the origin the request came to, so a local server and production each name their own.
 */
import { UCP_VERSION, type BusinessProfile, type PlatformProfile } from "./schemas";
import type { SigningKey } from "./signatures";

export const SHOPPING_SERVICE = "dev.ucp.shopping";
/** Where the REST binding's OpenAPI paths are appended (overview, "Endpoint Resolution"). */
export { UCP_REST_BASE as REST_BASE } from "../../app/shared/feeds";
import { UCP_REST_BASE as REST_BASE } from "../../app/shared/feeds";
export const HANDLER_SPEC_PATH = "/ucp/payment-handlers/demo";

/**
 * The shop's own payment handler: it accepts any instrument of type `card` naming it and
 * takes no money, exactly as the web checkout (which the spec calls a demo) takes none.
 */
export const DEMO_HANDLER = { name: "com.rawdogg.demo", id: "demo", instrumentType: "card" } as const;

export const CAPABILITY = {
  checkout: "dev.ucp.shopping.checkout",
  fulfillment: "dev.ucp.shopping.fulfillment",
  cart: "dev.ucp.shopping.cart",
  order: "dev.ucp.shopping.order",
  search: "dev.ucp.shopping.catalog.search",
  lookup: "dev.ucp.shopping.catalog.lookup",
  discount: "dev.ucp.shopping.discount",
} as const;

/** How long an agent may keep the profile (the spec's hosting rule wants `public` and at least 60 s). */
export const PROFILE_CACHE_CONTROL = "public, max-age=300";

const specUrl = (page: string) => `https://ucp.dev/${UCP_VERSION}/specification/${page}`;
const schemaUrl = (file: string) => `https://ucp.dev/${UCP_VERSION}/schemas/shopping/${file}`;

/** The demo handler as the profile and every checkout answer declare it. */
export const demoHandler = (origin: string) => ({
  [DEMO_HANDLER.name]: [
    {
      id: DEMO_HANDLER.id,
      version: UCP_VERSION,
      spec: `${origin}${HANDLER_SPEC_PATH}`,
      available_instruments: [{ type: DEMO_HANDLER.instrumentType }],
    },
  ],
});

const CAPABILITIES: Record<string, { spec: string; schema: string; extends?: string }> = {
  [CAPABILITY.checkout]: { spec: specUrl("checkout"), schema: schemaUrl("checkout.json") },
  [CAPABILITY.fulfillment]: { spec: specUrl("fulfillment"), schema: schemaUrl("fulfillment.json"), extends: CAPABILITY.checkout },
  [CAPABILITY.discount]: { spec: specUrl("discount"), schema: schemaUrl("discount.json"), extends: CAPABILITY.checkout },
  [CAPABILITY.order]: { spec: specUrl("order"), schema: schemaUrl("order.json") },
  [CAPABILITY.cart]: { spec: specUrl("cart"), schema: schemaUrl("cart.json") },
  [CAPABILITY.search]: { spec: specUrl("catalog/search"), schema: schemaUrl("catalog_search.json") },
  [CAPABILITY.lookup]: { spec: specUrl("catalog/lookup"), schema: schemaUrl("catalog_lookup.json") },
};

/**
 * The business profile. The REST binding is listed first. The MCP binding is declared only
 * once the shop answers it (`mcpEndpoint`): an agent must never be sent where nobody answers.
 * `signing_keys` holds the public key that verifies the shop's order webhooks.
 */
export function businessProfile(origin: string, { mcpEndpoint, signingKey }: { mcpEndpoint?: string; signingKey?: SigningKey["publicJwk"] } = {}): BusinessProfile {
  const service = { version: UCP_VERSION, spec: specUrl("overview") };
  return {
    // The key the shop signs its order webhooks with (signatures.ts), once the secret is set.
    ...(signingKey ? { signing_keys: [signingKey] } : {}),
    ucp: {
      version: UCP_VERSION,
      services: {
        [SHOPPING_SERVICE]: [
          { ...service, transport: "rest", endpoint: `${origin}${REST_BASE}`, schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json` },
          ...(mcpEndpoint
            ? [{ ...service, transport: "mcp" as const, endpoint: `${origin}${mcpEndpoint}`, schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/mcp.openrpc.json` }]
            : []),
        ],
      },
      capabilities: Object.fromEntries(Object.entries(CAPABILITIES).map(([name, capability]) => [name, [{ version: UCP_VERSION, ...capability }]])),
      payment_handlers: demoHandler(origin),
    },
  };
}

/**
 * The capabilities active for an agent (overview, "Intersection Algorithm"): the shop's that
 * the platform's profile also names at a version both speak (the shop speaks one), less any
 * extension whose parent is not among them, pruned until none is left dangling. Null when no
 * profile was read (a local server pre-approves every agent): then all the shop's are.
 */
export function negotiate(platform: PlatformProfile | null): ReadonlySet<string> | null {
  if (!platform) return null;
  const theirs = platform.ucp.capabilities ?? {};
  const active = new Set(Object.keys(CAPABILITIES).filter((name) => theirs[name]?.some((capability) => capability.version === UCP_VERSION)));
  for (let pruned = true; pruned; ) {
    pruned = false;
    for (const name of active) {
      const parent = CAPABILITIES[name]!.extends;
      if (parent && !active.has(parent)) {
        active.delete(name);
        pruned = true;
      }
    }
  }
  return active;
}

const activeCapabilities = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, [{ version: UCP_VERSION, ...(CAPABILITIES[name]?.extends ? { extends: CAPABILITIES[name].extends } : {}) }]]));

/**
 * The `ucp` envelope of an answer: the version, the capabilities relevant to it (overview,
 * "Response Capability Selection") and the payment handlers (a checkout's must name them;
 * the others may).
 */
export const envelope = (names: string[], origin: string) => ({
  version: UCP_VERSION,
  capabilities: activeCapabilities(names),
  payment_handlers: demoHandler(origin),
});

/** The envelope of an answer that carries no resource, only why. */
export const errorEnvelope = (names: string[]) => ({ version: UCP_VERSION, status: "error" as const, capabilities: activeCapabilities(names) });
