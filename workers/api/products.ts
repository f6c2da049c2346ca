import { Hono } from "hono";
import { ReactionSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { invalidInput } from "../../app/shared/errors";
import { pathId, queryFlag, readBody } from "./http";

const CATEGORY_IDS_MESSAGE = "Category must be a category id or a comma-separated list of ids.";
const SEARCH_MAX = 100;

/** `categoryId=1` or `categoryId=1,2,3`; any other shape is bad input. */
function parseCategoryIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,9}$/.test(part))) {
    throw invalidInput(CATEGORY_IDS_MESSAGE, [{ path: "categoryId", message: CATEGORY_IDS_MESSAGE }]);
  }
  return parts.map(Number);
}

function parseSearch(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.length > SEARCH_MAX) {
    const message = `Search text must be at most ${SEARCH_MAX} characters.`;
    throw invalidInput(message, [{ path: "search", message }]);
  }
  return raw;
}

export const productsApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const products = await c.var.shop.catalog.listProducts({
      categoryIds: parseCategoryIds(c.req.query("categoryId")),
      featured: queryFlag(c, "featured"),
      search: parseSearch(c.req.query("search")),
    });
    return c.json(products);
  })
  // No pattern on `:id` (pathId answers a malformed id with 400): a custom pattern beside
  // `/:slug` made Hono fall back from its RegExpRouter to the slower TrieRouter.
  .get("/:id/reaction-counts", async (c) => {
    return c.json(await c.var.shop.reactions.reactionCounts(pathId(c, "id", "Product")));
  })
  .post("/:id/reactions", limitWrites("reaction"), async (c) => {
    const productId = pathId(c, "id", "Product");
    const { emoji } = await readBody(c, ReactionSchema);
    return c.json(await c.var.shop.reactions.react(productId, emoji));
  })
  .get("/:slug", async (c) => c.json(await c.var.shop.catalog.getProductBySlug(c.req.param("slug"))));

export const categoriesApi = new Hono<AppEnv>().get("/", async (c) => {
  const type = c.req.query("type");
  if (type !== undefined && type !== "condom" && type !== "apparel") {
    const message = "Category type must be condom or apparel.";
    throw invalidInput(message, [{ path: "type", message }]);
  }
  const categories = await c.var.shop.catalog.listCategories(type);
  return c.json(categories.map(({ id, name, slug, type }) => ({ id, name, slug, type })));
});
