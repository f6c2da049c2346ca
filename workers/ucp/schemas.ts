/**
 * UCP 2026-04-08 as the shop speaks it: valibot schemas written from the spec's JSON
 * schemas (source/schemas/**, source/discovery/profile_schema.json at tag v2026-04-08).
 *
 * Answers (`…Answer`) are held to the spec's shapes: the tests check every UCP answer
 * against them. Requests (`…Request`) are read loosely, as the spec asks: a field the shop
 * does not know is ignored, never refused; a field it knows, in the wrong shape, is a 400.
 */
import * as v from "valibot";

export const UCP_VERSION = "2026-04-08";

// ---------------------------------------------------------------- shared pieces

const Version = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** `reverse_domain_name.json`: `dev.ucp.shopping`, `com.rawdogg.demo`. */
const ReverseDomainName = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/));
const Uri = v.pipe(v.string(), v.url());
const Config = v.record(v.string(), v.unknown());

/** `ucp.json#/$defs/entity`: what every service, capability and payment handler carries. */
const entity = { version: Version, spec: v.optional(Uri), schema: v.optional(Uri), id: v.optional(v.string()), config: v.optional(Config) };

const Extends = v.union([ReverseDomainName, v.pipe(v.array(ReverseDomainName), v.minLength(1))]);
const Capability = v.looseObject({ ...entity, extends: v.optional(Extends) });

const AvailableInstrument = v.looseObject({
  type: v.string(),
  constraints: v.optional(v.pipe(Config, v.check((c) => Object.keys(c).length >= 1, "constraints has at least one property"))),
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
  signing_keys: v.optional(v.array(SigningKey)),
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
    capabilities: v.optional(registry(v.looseObject({ ...entity, spec: Uri, schema: Uri, extends: v.optional(Extends) }))),
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
const MessageInfo = v.looseObject({ type: v.literal("info"), path: v.optional(v.string()), code: v.optional(v.string()), content_type: contentType, content: v.string() });
export const Message = v.variant("type", [MessageError, MessageWarning, MessageInfo]);
export type Message = v.InferOutput<typeof Message>;

const Amount = v.pipe(v.number(), v.integer(), v.minValue(0));
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
  v.array(v.pipe(Total, v.check((t) => STANDARD_TOTALS.has(t.type) || t.display_text !== undefined, "a custom total has display_text"))),
  v.check((ts) => ts.filter((t) => t.type === "subtotal").length === 1, "exactly one subtotal"),
  v.check((ts) => ts.filter((t) => t.type === "total").length === 1, "exactly one total"),
);

const Link = v.looseObject({ type: v.string(), url: Uri });
const PostalAddress = v.looseObject({
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
const Buyer = v.looseObject({
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  email: v.optional(v.string()),
  phone_number: v.optional(v.string()),
});

// ---------------------------------------------------------------- answers

const capabilities = v.optional(registry(Capability));
const ResponseUcp = v.looseObject({ ...ucpBase, services: v.optional(registry(Service)), capabilities, payment_handlers: v.optional(registry(PaymentHandler)) });
const ResponseCheckoutUcp = v.looseObject({ ...ResponseUcp.entries, payment_handlers: registry(PaymentHandler) });

const Item = v.looseObject({ id: v.string(), title: v.string(), price: Amount, image_url: v.optional(Uri) });
const LineItem = v.looseObject({ id: v.string(), item: Item, quantity: v.pipe(v.number(), v.integer(), v.minValue(1)), totals: v.array(Total), parent_id: v.optional(v.string()) });

const FulfillmentOption = v.looseObject({ id: v.string(), title: v.string(), description: v.optional(v.string()), totals: v.array(Total) });
const FulfillmentGroup = v.looseObject({
  id: v.string(),
  line_item_ids: v.array(v.string()),
  options: v.optional(v.array(FulfillmentOption)),
  selected_option_id: v.optional(v.nullable(v.string())),
});
const ShippingDestination = v.looseObject({ ...PostalAddress.entries, id: v.string() });
const FulfillmentMethod = v.looseObject({
  id: v.string(),
  type: v.picklist(["shipping", "pickup"]),
  line_item_ids: v.array(v.string()),
  destinations: v.optional(v.array(ShippingDestination)),
  selected_destination_id: v.optional(v.nullable(v.string())),
  groups: v.optional(v.array(FulfillmentGroup)),
});
const Fulfillment = v.looseObject({ methods: v.optional(v.array(FulfillmentMethod)), available_methods: v.optional(v.array(v.looseObject({}))) });

const SelectedInstrument = v.looseObject({ id: v.string(), handler_id: v.string(), type: v.string(), selected: v.optional(v.boolean()) });

export const CHECKOUT_STATUSES = ["incomplete", "requires_escalation", "ready_for_complete", "complete_in_progress", "completed", "canceled"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const AppliedDiscount = v.looseObject({ code: v.optional(v.string()), title: v.string(), amount: Amount, automatic: v.optional(v.boolean()) });
/** `discount.json` `discounts_object` as the shop answers it. */
const Discounts = v.looseObject({ codes: v.optional(v.array(v.string())), applied: v.optional(v.array(AppliedDiscount)) });

/** `checkout.json` with the fulfillment extension (`fulfillment.json`) and the discount extension (`discount.json`). */
export const CheckoutAnswer = v.looseObject({
  ucp: ResponseCheckoutUcp,
  id: v.string(),
  line_items: v.array(LineItem),
  buyer: v.optional(Buyer),
  status: v.picklist(CHECKOUT_STATUSES),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
  links: v.array(Link),
  expires_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  continue_url: v.optional(Uri),
  payment: v.optional(v.looseObject({ instruments: v.optional(v.array(SelectedInstrument)) })),
  order: v.optional(v.looseObject({ id: v.string(), label: v.optional(v.string()), permalink_url: Uri })),
  fulfillment: v.optional(Fulfillment),
  discounts: v.optional(Discounts),
});
export type CheckoutAnswer = v.InferOutput<typeof CheckoutAnswer>;

/** `cart.json`. */
export const CartAnswer = v.looseObject({
  ucp: ResponseUcp,
  id: v.string(),
  line_items: v.array(LineItem),
  buyer: v.optional(Buyer),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
  links: v.optional(v.array(Link)),
  continue_url: v.optional(Uri),
  expires_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type CartAnswer = v.InferOutput<typeof CartAnswer>;

const Quantity = v.pipe(v.number(), v.integer(), v.minValue(0));
const OrderLineItem = v.looseObject({
  id: v.string(),
  item: Item,
  quantity: v.looseObject({ original: v.optional(Quantity), total: Quantity, fulfilled: Quantity }),
  totals: v.array(Total),
  status: v.picklist(["processing", "partial", "fulfilled", "removed"]),
  parent_id: v.optional(v.string()),
});
const Expectation = v.looseObject({
  id: v.string(),
  line_items: v.array(v.looseObject({ id: v.string(), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  method_type: v.picklist(["shipping", "pickup", "digital"]),
  destination: PostalAddress,
  description: v.optional(v.string()),
  fulfillable_on: v.optional(v.string()),
});

const LineRef = (minimum?: number) =>
  v.looseObject({ id: v.string(), quantity: minimum === undefined ? v.pipe(v.number(), v.integer()) : v.pipe(v.number(), v.integer(), v.minValue(minimum)) });
const RFC3339 = v.pipe(v.string(), v.isoTimestamp());

/** `types/fulfillment_event.json`: tracking number and link are required for every type but `processing`. */
const FulfillmentEvent = v.pipe(
  v.looseObject({
    id: v.string(),
    occurred_at: RFC3339,
    type: v.string(),
    line_items: v.array(LineRef(1)),
    tracking_number: v.optional(v.string()),
    tracking_url: v.optional(Uri),
    carrier: v.optional(v.string()),
    description: v.optional(v.string()),
  }),
  v.check((event) => event.type === "processing" || (event.tracking_number !== undefined && event.tracking_url !== undefined), "tracking_number and tracking_url are required unless type is processing"),
);

/** `types/adjustment.json`: line quantities are signed (a reduction is negative). */
const Adjustment = v.looseObject({
  id: v.string(),
  type: v.string(),
  occurred_at: RFC3339,
  status: v.picklist(["pending", "completed", "failed"]),
  line_items: v.optional(v.array(LineRef())),
  totals: v.optional(v.array(Total)),
  description: v.optional(v.string()),
});

/** `order.json`. */
export const OrderAnswer = v.looseObject({
  ucp: ResponseUcp,
  id: v.string(),
  label: v.optional(v.string()),
  checkout_id: v.string(),
  permalink_url: Uri,
  line_items: v.array(OrderLineItem),
  fulfillment: v.looseObject({ expectations: v.optional(v.array(Expectation)), events: v.optional(v.array(FulfillmentEvent)) }),
  adjustments: v.optional(v.array(Adjustment)),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
});
export type OrderAnswer = v.InferOutput<typeof OrderAnswer>;

const Currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const Price = v.looseObject({ amount: Amount, currency: Currency });
const Description = v.pipe(
  v.looseObject({ plain: v.optional(v.string()), html: v.optional(v.string()), markdown: v.optional(v.string()) }),
  v.check((d) => Object.keys(d).length >= 1, "a description has at least one form"),
);
const Media = v.looseObject({ type: v.string(), url: Uri, alt_text: v.optional(v.string()), width: v.optional(v.number()), height: v.optional(v.number()) });
const SelectedOption = v.looseObject({ name: v.string(), id: v.optional(v.string()), label: v.string() });
const Variant = v.looseObject({
  id: v.string(),
  sku: v.optional(v.string()),
  title: v.string(),
  description: Description,
  url: v.optional(Uri),
  price: Price,
  availability: v.optional(v.looseObject({ available: v.optional(v.boolean()), status: v.optional(v.string()) })),
  options: v.optional(v.array(SelectedOption)),
  media: v.optional(v.array(Media)),
});
const productEntries = {
  id: v.string(),
  handle: v.optional(v.string()),
  title: v.string(),
  description: Description,
  url: v.optional(Uri),
  categories: v.optional(v.array(v.looseObject({ value: v.string(), taxonomy: v.optional(v.string()) }))),
  price_range: v.looseObject({ min: Price, max: Price }),
  media: v.optional(v.array(Media)),
  options: v.optional(v.array(v.looseObject({ name: v.string(), values: v.pipe(v.array(v.looseObject({ id: v.optional(v.string()), label: v.string() })), v.minLength(1)) }))),
  variants: v.pipe(v.array(Variant), v.minLength(1)),
  tags: v.optional(v.array(v.string())),
  metadata: v.optional(v.looseObject({})),
};
export const Product = v.looseObject(productEntries);
export type Product = v.InferOutput<typeof Product>;

const Pagination = v.pipe(
  v.looseObject({ cursor: v.optional(v.string()), has_next_page: v.boolean(), total_count: v.optional(Quantity) }),
  v.check((p) => !p.has_next_page || p.cursor !== undefined, "a next page has a cursor"),
);

/** `catalog_search.json#/$defs/search_response`. */
export const SearchAnswer = v.looseObject({ ucp: ResponseUcp, products: v.array(Product), pagination: v.optional(Pagination), messages: v.optional(v.array(Message)) });
export type SearchAnswer = v.InferOutput<typeof SearchAnswer>;

/** `catalog_lookup.json#/$defs/lookup_response`: each variant says which requested ids it answers. */
export const LookupAnswer = v.looseObject({
  ucp: ResponseUcp,
  products: v.array(
    v.looseObject({
      ...productEntries,
      variants: v.pipe(
        v.array(v.looseObject({ ...Variant.entries, inputs: v.pipe(v.array(v.looseObject({ id: v.string(), match: v.optional(v.string()) })), v.minLength(1)) })),
        v.minLength(1),
      ),
    }),
  ),
  messages: v.optional(v.array(Message)),
});
export type LookupAnswer = v.InferOutput<typeof LookupAnswer>;

/** `catalog_lookup.json#/$defs/get_product_response`: option values say whether they can be had. */
export const ProductAnswer = v.looseObject({
  ucp: ResponseUcp,
  product: v.looseObject({
    ...productEntries,
    selected: v.optional(v.array(SelectedOption)),
    options: v.optional(
      v.array(
        v.looseObject({
          name: v.string(),
          values: v.pipe(
            v.array(v.looseObject({ id: v.optional(v.string()), label: v.string(), available: v.optional(v.boolean()), exists: v.optional(v.boolean()) })),
            v.minLength(1),
          ),
        }),
      ),
    ),
  }),
  messages: v.optional(v.array(Message)),
});
export type ProductAnswer = v.InferOutput<typeof ProductAnswer>;

/** `error_response.json`: no resource, only why (nothing else may be in it). */
export const ErrorAnswer = v.strictObject({
  ucp: v.looseObject({ ...ResponseUcp.entries, status: v.literal("error") }),
  messages: v.pipe(v.array(Message), v.minLength(1)),
  continue_url: v.optional(Uri),
});
export type ErrorAnswer = v.InferOutput<typeof ErrorAnswer>;

/** A protocol error's body (overview, "Error Handling"): its code and words. */
export const ProtocolErrorAnswer = v.looseObject({ code: v.string(), content: v.string(), continue_url: v.optional(Uri) });
export type ProtocolErrorAnswer = v.InferOutput<typeof ProtocolErrorAnswer>;

// ---------------------------------------------------------------- requests

/** Texts an agent sends are bounded: the shop never stores or echoes more. */
const Text = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const Id = Text(100);

const LineItemRequest = v.looseObject({
  id: v.optional(Id),
  item: v.looseObject({ id: Id }),
  // Any count is a request the shop can answer: more than a cart line holds is a business outcome (shopping.ts `putLines`).
  quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});
const LineItemsRequest = v.pipe(v.array(LineItemRequest), v.maxLength(50));
const BuyerRequest = v.looseObject({
  first_name: v.optional(Text(100)),
  last_name: v.optional(Text(100)),
  email: v.optional(Text(254)),
  phone_number: v.optional(Text(40)),
  /** Not the spec's (it dropped `full_name`): read only when neither first_name nor last_name is sent (shopping.ts `buyerOf`). */
  name: v.optional(Text(200)),
});
const AddressRequest = v.looseObject({
  extended_address: v.optional(Text()),
  street_address: v.optional(Text()),
  address_locality: v.optional(Text()),
  address_region: v.optional(Text()),
  address_country: v.optional(Text()),
  postal_code: v.optional(Text()),
  first_name: v.optional(Text(100)),
  last_name: v.optional(Text(100)),
  phone_number: v.optional(Text(40)),
  /** Not the spec's names for address_locality / address_region; read only in their absence (shopping.ts `destinationOf`). */
  locality: v.optional(Text()),
  region: v.optional(Text()),
});
const FulfillmentRequest = v.looseObject({
  methods: v.optional(
    v.pipe(
      v.array(
        v.looseObject({
          type: v.optional(v.picklist(["shipping", "pickup"])),
          destinations: v.optional(v.pipe(v.array(v.looseObject({ ...AddressRequest.entries, id: v.optional(Id) })), v.maxLength(5))),
          selected_destination_id: v.optional(v.nullable(Id)),
        }),
      ),
      v.maxLength(5),
    ),
  ),
});

/**
 * `payment_instrument.json#/$defs/selected_payment_instrument` as a platform sends it. The
 * demo handler's instruments are cards (`card_payment_instrument.json`): its `display` is
 * read for those fields only. `credential` and `billing_address` are never kept or echoed.
 */
export const CardDisplay = v.object({
  brand: v.optional(Text(50)),
  last_digits: v.optional(Text(4)),
  expiry_month: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  expiry_year: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999))),
  description: v.optional(Text()),
  card_art: v.optional(v.pipe(Text(2000), v.url())),
});
const InstrumentRequest = v.looseObject({ id: v.optional(Id), handler_id: Id, type: Id, selected: v.optional(v.boolean()), display: v.optional(v.unknown()) });
const Instruments = v.pipe(v.array(InstrumentRequest), v.maxLength(5));
const PaymentRequest = v.looseObject({ instruments: v.optional(Instruments) });

/** `discount.json` `discounts_object` as a platform sends it: the codes, any case (`applied` is the business's answer: ignored). */
const DiscountsRequest = v.looseObject({ codes: v.optional(v.pipe(v.array(Text(100)), v.maxLength(10))) });

export const CheckoutCreateRequest = v.looseObject({
  line_items: LineItemsRequest,
  buyer: v.optional(BuyerRequest),
  fulfillment: v.optional(FulfillmentRequest),
  payment: v.optional(PaymentRequest),
  discounts: v.optional(DiscountsRequest),
});
export type CheckoutCreateRequest = v.InferOutput<typeof CheckoutCreateRequest>;

/** An update replaces what it names; what it leaves out stays as it was. */
export const CheckoutUpdateRequest = v.looseObject({
  line_items: v.optional(LineItemsRequest),
  buyer: v.optional(BuyerRequest),
  fulfillment: v.optional(FulfillmentRequest),
  payment: v.optional(PaymentRequest),
  discounts: v.optional(DiscountsRequest),
});
export type CheckoutUpdateRequest = v.InferOutput<typeof CheckoutUpdateRequest>;

export const CheckoutCompleteRequest = v.looseObject({
  payment: v.looseObject({ instruments: v.pipe(Instruments, v.minLength(1)) }),
  buyer: v.optional(BuyerRequest),
});
export type CheckoutCompleteRequest = v.InferOutput<typeof CheckoutCompleteRequest>;

export const CartCreateRequest = v.looseObject({ line_items: LineItemsRequest, buyer: v.optional(BuyerRequest) });
export type CartCreateRequest = v.InferOutput<typeof CartCreateRequest>;
export const CartUpdateRequest = v.looseObject({ line_items: LineItemsRequest, buyer: v.optional(BuyerRequest) });
export type CartUpdateRequest = v.InferOutput<typeof CartUpdateRequest>;

const PaginationRequest = v.looseObject({ cursor: v.optional(Text(20)), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) });
export const SearchRequest = v.looseObject({
  query: v.optional(Text(100)),
  filters: v.optional(
    v.looseObject({
      categories: v.optional(v.pipe(v.array(Text(100)), v.maxLength(20))),
      price: v.optional(v.looseObject({ min: v.optional(Amount), max: v.optional(Amount) })),
    }),
  ),
  pagination: v.optional(PaginationRequest),
});
export type SearchRequest = v.InferOutput<typeof SearchRequest>;

export const LookupRequest = v.looseObject({ ids: v.pipe(v.array(Id), v.minLength(1), v.maxLength(50)) });
export type LookupRequest = v.InferOutput<typeof LookupRequest>;

export const ProductRequest = v.looseObject({
  id: Id,
  selected: v.optional(v.pipe(v.array(v.looseObject({ name: Text(50), label: Text(50) })), v.maxLength(10))),
});
export type ProductRequest = v.InferOutput<typeof ProductRequest>;
