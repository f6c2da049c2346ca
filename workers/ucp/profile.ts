/**
 * What the shop tells agents about itself (UCP overview, "Profile Structure"): the business
 * profile at /.well-known/ucp, and the demo payment handler it declares. Every address in it
 * is on the origin the request came to, so a local server and production each name their own.
 */
import { PERMALINK_PATH } from "../../app/shared/feeds";
import { type BusinessProfile, type PlatformProfile } from "./schemas";
import type { SigningKey } from "./signatures";
import { CURRENT_VERSION, FIRST_VERSION, schemaUrl, serviceSchemaUrl, specUrl, UCP_VERSIONS, versionProfilePath, type UcpVersion } from "./versions";

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
  permalink: "dev.ucp.shopping.permalink",
} as const;

/** How long an agent may keep the profile (the spec's hosting rule wants `public` and at least 60 s). */
export const PROFILE_CACHE_CONTROL = "public, max-age=300";

/** The demo handler as the profile and every checkout answer declare it. */
export const demoHandler = (origin: string) => ({
  [DEMO_HANDLER.name]: [
    {
      id: DEMO_HANDLER.id,
      // The shop's own handler keeps its own version (handlers advance apart from the protocol).
      version: FIRST_VERSION,
      spec: `${origin}${HANDLER_SPEC_PATH}`,
      available_instruments: [{ type: DEMO_HANDLER.instrumentType }],
    },
  ],
});

type Capability = { spec: string; schema: string; extends?: string; config?: Record<string, unknown> };

/**
 * The capabilities of one version, with that version's spec and schema addresses. Permalinks
 * came with 2026-08-25, so an older version's profile and answers never name them.
 */
function capabilitiesOf(version: UcpVersion, origin: string): Record<string, Capability> {
  const at = (page: string, file: string) => ({ spec: specUrl(version, page), schema: schemaUrl(version, file) });
  return {
    [CAPABILITY.checkout]: at("checkout", "checkout.json"),
    [CAPABILITY.fulfillment]: { ...at("fulfillment", "fulfillment.json"), extends: CAPABILITY.checkout },
    [CAPABILITY.discount]: { ...at("discount", "discount.json"), extends: CAPABILITY.checkout },
    [CAPABILITY.order]: at("order", "order.json"),
    [CAPABILITY.cart]: at("cart", "cart.json"),
    [CAPABILITY.search]: at("catalog/search", "catalog_search.json"),
    [CAPABILITY.lookup]: at("catalog/lookup", "catalog_lookup.json"),
    ...(version === FIRST_VERSION
      ? {}
      : { [CAPABILITY.permalink]: { ...at("permalink", "permalink.json"), config: { endpoint: `${origin}${PERMALINK_PATH}` } } }),
  };
}

/**
 * The business profile of `version` (the newest by default). The REST binding is listed first.
 * The MCP binding is declared only once the shop answers it (`mcpEndpoint`): an agent must
 * never be sent where nobody answers. The newest profile links the older versions' through
 * `supported_versions`; theirs are leaves (overview, "Protocol Version"). The shop signs its
 * order webhooks once its key is set (signatures.ts): then the public key is published, as
 * `signing_keys` in 2026-04-08 and as `keys` at the profile's root from 2026-08-25; without
 * it, neither.
 */
export function businessProfile(
  origin: string,
  { mcpEndpoint, version = CURRENT_VERSION, signingKey }: { mcpEndpoint?: string; version?: UcpVersion; signingKey?: SigningKey["publicJwk"] } = {},
): BusinessProfile {
  const service = { version, spec: specUrl(version, "overview") };
  const older = UCP_VERSIONS.filter((other) => other < version);
  return {
    // The key the shop signs its order webhooks with (signatures.ts), once the secret is set.
    ...(signingKey ? (version === FIRST_VERSION ? { signing_keys: [signingKey] } : { keys: [signingKey] }) : {}),
    ucp: {
      version,
      ...(version === CURRENT_VERSION && older.length > 0
        ? { supported_versions: Object.fromEntries(older.map((other) => [other, `${origin}${versionProfilePath(other)}`])) }
        : {}),
      services: {
        [SHOPPING_SERVICE]: [
          { ...service, transport: "rest", endpoint: `${origin}${REST_BASE}`, schema: serviceSchemaUrl(version, "rest.openapi.json") },
          ...(mcpEndpoint
            ? [{ ...service, transport: "mcp" as const, endpoint: `${origin}${mcpEndpoint}`, schema: serviceSchemaUrl(version, "mcp.openrpc.json") }]
            : []),
        ],
      },
      capabilities: Object.fromEntries(Object.entries(capabilitiesOf(version, origin)).map(([name, capability]) => [name, [{ version, ...capability }]])),
      payment_handlers: demoHandler(origin),
    },
  };
}

/**
 * The capabilities active for an agent (overview, "Intersection Algorithm"): the shop's that
 * the platform's profile also names at the negotiated version, less any
 * extension whose parent is not among them, pruned until none is left dangling. Null when no
 * profile was read (a local server pre-approves every agent): then all the shop's are.
 */
export function negotiate(platform: PlatformProfile | null, version: UcpVersion = FIRST_VERSION): ReadonlySet<string> | null {
  if (!platform) return null;
  const theirs = platform.ucp.capabilities ?? {};
  const ours = capabilitiesOf(version, "");
  const active = new Set(Object.keys(ours).filter((name) => theirs[name]?.some((capability) => capability.version === version)));
  for (let pruned = true; pruned;) {
    pruned = false;
    for (const name of active) {
      const parent = ours[name]!.extends;
      if (parent && !active.has(parent)) {
        active.delete(name);
        pruned = true;
      }
    }
  }
  return active;
}

function activeCapabilities(names: string[], version: UcpVersion) {
  const ours = capabilitiesOf(version, "");
  return Object.fromEntries(
    names.filter((name) => name in ours).map((name) => [name, [{ version, ...(ours[name]!.extends ? { extends: ours[name]!.extends } : {}) }]]),
  );
}

/**
 * The `ucp` envelope of an answer: the version, the capabilities relevant to it (overview,
 * "Response Capability Selection") and the payment handlers (a checkout's must name them;
 * the others may).
 */
export const envelope = (names: string[], origin: string, version: UcpVersion = FIRST_VERSION) => ({
  version,
  capabilities: activeCapabilities(names, version),
  payment_handlers: demoHandler(origin),
});

/** The envelope of an answer that carries no resource, only why. */
export const errorEnvelope = (names: string[], version: UcpVersion = FIRST_VERSION) => ({
  version,
  status: "error" as const,
  capabilities: activeCapabilities(names, version),
});
