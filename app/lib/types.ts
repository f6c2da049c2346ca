/** The API's shapes as the browser sees them (the server defines them in workers/shop). */
export type { Bundle, CartCode, CartLine, Category, FeaturedCreator, PriceChange, Product, ReactionCounts, Recommendation } from "../../workers/shop";
