/**
 * The shop's services for one request, with no HTTP in them: the API routers and the
 * React Router loaders and actions both call these.
 */
import * as applications from "./applications";
import * as cart from "./cart";
import * as catalog from "./catalog";
import * as checkout from "./checkout";
import type { ShopDeps } from "./deps";
import * as reactions from "./reactions";
import * as recommendations from "./recommendations";

type ShopFunction = (deps: ShopDeps, ...args: never[]) => unknown;
type Bound<M> = {
  [K in keyof M as M[K] extends ShopFunction ? K : never]: M[K] extends (deps: ShopDeps, ...args: infer A) => infer R
    ? (...args: A) => R
    : never;
};

/**
 * Binds the request's deps as the first argument of every function a shop module
 * exports (each of them takes `deps` first; pure helpers live in app/lib).
 */
function bind<M extends object>(deps: ShopDeps, module: M): Bound<M> {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === "function") bound[name] = (...args: unknown[]) => value(deps, ...args);
  }
  return bound as Bound<M>;
}

export function createShop(deps: ShopDeps) {
  return {
    visitor: deps.visitor,
    catalog: bind(deps, catalog),
    cart: bind(deps, cart),
    reactions: bind(deps, reactions),
    recommendations: bind(deps, recommendations),
    applications: bind(deps, applications),
    checkout: bind(deps, checkout),
  };
}

export type Shop = ReturnType<typeof createShop>;
export type { CartLine } from "./cart";
export type { Bundle, Category, FeaturedCreator, Product } from "./catalog";
export type { Order } from "./checkout";
export type { CartTotals } from "../../app/lib/money";
export type { ReactionCounts } from "./reactions";
export type { Recommendation } from "./recommendations";
export { ShopError } from "./errors";
