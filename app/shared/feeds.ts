/** Where the shop describes itself to machines (robots.txt names them; the Worker serves them: workers/feeds). Browser-safe. */

/** Google Merchant Center's product feed: RSS 2.0 with the `g:` namespace, one item per variant. */
export const MERCHANT_FEED_PATH = "/feeds/products.xml";
/** The index for language models (llmstxt.org). */
export const LLMS_TXT_PATH = "/llms.txt";

/** The UCP business profile (workers/ucp), and the REST and MCP endpoints it names. */
export const UCP_PROFILE_PATH = "/.well-known/ucp";
export const UCP_REST_BASE = "/ucp/v1";
export const UCP_MCP_PATH = "/ucp/mcp";
