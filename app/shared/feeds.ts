/** Where the shop describes itself to machines (robots.txt names them; the Worker serves them: workers/feeds). Browser-safe. */

/** Google Merchant Center's product feed: RSS 2.0 with the `g:` namespace, one item per variant. */
export const MERCHANT_FEED_PATH = "/feeds/products.xml";
/** The index for language models (llmstxt.org). */
export const LLMS_TXT_PATH = "/llms.txt";

/** The UCP business profile (workers/ucp), and the REST and MCP endpoints it names. */
export const UCP_PROFILE_PATH = "/.well-known/ucp";
export const UCP_REST_BASE = "/ucp/v1";
export const UCP_MCP_PATH = "/ucp/mcp";
/**
 * UCP's permalink endpoint (dev.ucp.shopping.permalink): `/buy/{sku}:{quantity},…` fills the
 * visitor's cart and answers 303 to it (workers/ucp/permalink.ts).
 */
export const PERMALINK_PATH = "/buy";
/** A compact item token may be the SKU itself when it is made of these (permalink.md, "Item ID Token"). */
export const RAW_ITEM_TOKEN = /^[A-Za-z0-9._-]+$/;
/** The permalink of one item, or null when its id needs the `~` encoding (the shop's SKUs never do). */
export const permalinkPath = (itemId: string, quantity = 1) => (RAW_ITEM_TOKEN.test(itemId) ? `${PERMALINK_PATH}/${itemId}:${quantity}` : null);
