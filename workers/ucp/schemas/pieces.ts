/**
 * The pieces every UCP shape is built of (ucp.json, service.json, the discovery profiles,
 * message and total types), from the spec's JSON schemas at tag v2026-04-08.
 */
import * as v from "valibot";

// ---------------------------------------------------------------- shared pieces

const Version = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** `reverse_domain_name.json`: `dev.ucp.shopping`, `com.rawdogg.demo`. */
const ReverseDomainName = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/));
export const Uri = v.pipe(v.string(), v.url());
const Config = v.record(v.string(), v.unknown());

/** `ucp.json#/$defs/entity`: what every service, capability and payment handler carries. */
const entity = { version: Version, spec: v.optional(Uri), schema: v.optional(Uri), id: v.optional(v.string()), config: v.optional(Config) };

const Extends = v.union([ReverseDomainName, v.pipe(v.array(ReverseDomainName), v.minLength(1))]);
const Capability = v.looseObject({ ...entity, extends: v.optional(Extends) });

const AvailableInstrument = v.looseObject({
  type: v.string(),
  constraints: v.optional(
    v.pipe(
      Config,
      v.check((c) => Object.keys(c).length >= 1, "constraints has at least one property"),
    ),
  ),
});
const PaymentHandler = v.looseObject({ ...entity, id: v.string(), available_instruments: v.optional(v.pipe(v.array(AvailableInstrument), v.minLength(1))) });

const TRANSPORTS = ["rest", "mcp", "a2a", "embedded"] as const;
const Service = v.looseObject({ ...entity, transport: v.picklist(TRANSPORTS), endpoint: v.optional(Uri) });
/** `service.json#/$defs/business_schema`: rest, mcp and a2a bindings name their endpoint. */
const BusinessService = v.pipe(
  Service,
  v.check((s) => s.transport === "embedded" || s.endpoint !== undefined, "a rest, mcp or a2a service names its endpoint"),
);

const registry = <S extends v.GenericSchema>(item: S) => v.record(ReverseDomainName, v.array(item));

const SigningKey = v.looseObject({
  kid: v.string(),
  kty: v.string(),
  crv: v.optional(v.string()),
  x: v.optional(v.string()),
  y: v.optional(v.string()),
  n: v.optional(v.string()),
  e: v.optional(v.string()),
  use: v.optional(v.picklist(["sig", "enc"])),
  alg: v.optional(v.string()),
});

const ucpBase = { version: Version, status: v.optional(v.picklist(["success", "error"])) };

// ---------------------------------------------------------------- discovery profiles

/** `profile_schema.json#/$defs/business_profile`: what /.well-known/ucp serves. */
export const BusinessProfile = v.looseObject({
  ucp: v.looseObject({
    ...ucpBase,
    supported_versions: v.optional(v.record(Version, Uri)),
    services: registry(BusinessService),
    capabilities: v.optional(registry(Capability)),
    payment_handlers: registry(PaymentHandler),
  }),
  /** 2026-04-08: the keys the business signs with. */
  signing_keys: v.optional(v.array(SigningKey)),
  /** From 2026-08-25: the same, at the profile's root, only when the business signs. */
  keys: v.optional(v.array(SigningKey)),
});
export type BusinessProfile = v.InferOutput<typeof BusinessProfile>;

/** `profile_schema.json#/$defs/platform_profile`: what an agent's UCP-Agent profile must be. */
export const PlatformProfile = v.looseObject({
  ucp: v.looseObject({
    ...ucpBase,
    services: registry(
      v.pipe(
        v.looseObject({ ...entity, spec: Uri, transport: v.picklist(TRANSPORTS), endpoint: v.optional(Uri) }),
        v.check((s) => s.transport === "a2a" || s.schema !== undefined, "a rest, mcp or embedded service names its schema"),
      ),
    ),
    // The spec's platform_schema wants spec and schema on each capability, but the shop reads
    // only names and versions (overview: businesses "serve their own schemas"), and Shopify's
    // ucp-cli profiles name neither: read loosely, so its agents are not refused as malformed.
    capabilities: v.optional(registry(v.looseObject({ ...entity, extends: v.optional(Extends) }))),
    payment_handlers: registry(v.looseObject({ ...entity, spec: Uri, schema: Uri, id: v.string() })),
  }),
  signing_keys: v.optional(v.array(SigningKey)),
});
export type PlatformProfile = v.InferOutput<typeof PlatformProfile>;

// ---------------------------------------------------------------- messages and totals

const contentType = v.optional(v.picklist(["plain", "markdown"]));
export const MessageError = v.looseObject({
  type: v.literal("error"),
  code: v.string(),
  path: v.optional(v.string()),
  content_type: contentType,
  content: v.string(),
  severity: v.picklist(["recoverable", "requires_buyer_input", "requires_buyer_review", "unrecoverable"]),
});
const MessageWarning = v.looseObject({
  type: v.literal("warning"),
  code: v.string(),
  path: v.optional(v.string()),
  content: v.string(),
  content_type: contentType,
  presentation: v.optional(v.string()),
  image_url: v.optional(Uri),
  url: v.optional(Uri),
});
const MessageInfo = v.looseObject({
  type: v.literal("info"),
  path: v.optional(v.string()),
  code: v.optional(v.string()),
  content_type: contentType,
  content: v.string(),
});
export const Message = v.variant("type", [MessageError, MessageWarning, MessageInfo]);
export type Message = v.InferOutput<typeof Message>;

export const Amount = v.pipe(v.number(), v.integer(), v.minValue(0));
const SignedAmount = v.pipe(v.number(), v.integer());

const STANDARD_TOTALS = new Set(["subtotal", "items_discount", "discount", "fulfillment", "tax", "fee", "total"]);
/** `total.json`: a discount is below zero; a subtotal, fulfillment, tax or fee is not. */
export const Total = v.pipe(
  v.looseObject({ type: v.string(), display_text: v.optional(v.string()), amount: SignedAmount }),
  v.check((t) => !["discount", "items_discount"].includes(t.type) || t.amount < 0, "a discount total is below zero"),
  v.check((t) => !["subtotal", "fulfillment", "tax", "fee"].includes(t.type) || t.amount >= 0, "this total is not below zero"),
);
export type Total = v.InferOutput<typeof Total>;

/** `totals.json`: exactly one subtotal and one total; a type of the business's own has its display text. */
export const Totals = v.pipe(
  v.array(
    v.pipe(
      Total,
      v.check((t) => STANDARD_TOTALS.has(t.type) || t.display_text !== undefined, "a custom total has display_text"),
    ),
  ),
  v.check((ts) => ts.filter((t) => t.type === "subtotal").length === 1, "exactly one subtotal"),
  v.check((ts) => ts.filter((t) => t.type === "total").length === 1, "exactly one total"),
);

export const Link = v.looseObject({ type: v.string(), url: Uri });
export const PostalAddress = v.looseObject({
  extended_address: v.optional(v.string()),
  street_address: v.optional(v.string()),
  address_locality: v.optional(v.string()),
  address_region: v.optional(v.string()),
  address_country: v.optional(v.string()),
  postal_code: v.optional(v.string()),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  phone_number: v.optional(v.string()),
});
export const Buyer = v.looseObject({
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  email: v.optional(v.string()),
  phone_number: v.optional(v.string()),
});

/** `ucp` of an answer: the version, and the capabilities and payment handlers relevant to it. */
const capabilities = v.optional(registry(Capability));
export const ResponseUcp = v.looseObject({
  ...ucpBase,
  services: v.optional(registry(Service)),
  capabilities,
  payment_handlers: v.optional(registry(PaymentHandler)),
});
export const ResponseCheckoutUcp = v.looseObject({ ...ResponseUcp.entries, payment_handlers: registry(PaymentHandler) });
