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

/** Each module's functions, listed once: reading a module namespace object is slow. */
const functionsOf = new Map<object, [string, ShopFunction][]>();

/**
 * Binds the request's deps as the first argument of every function a shop module
 * exports (each of them takes `deps` first; pure helpers live in app/lib).
 */
function bind<M extends object>(deps: ShopDeps, module: M): Bound<M> {
  let functions = functionsOf.get(module);
  if (!functions) {
    functions = Object.entries(module).filter((entry): entry is [string, ShopFunction] => typeof entry[1] === "function");
    functionsOf.set(module, functions);
  }
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of functions) bound[name] = (...args: never[]) => fn(deps, ...args);
  return bound as Bound<M>;
}

/**
 * The shop for one request. Each service is bound when first used: most requests use one
 * or two of them, and a page served from the cache builds two shops (issue 6's bench).
 */
export function createShop(deps: ShopDeps) {
  const services = new Map<object, unknown>();
  const service = <M extends object>(module: M): Bound<M> => {
    if (!services.has(module)) services.set(module, bind(deps, module));
    return services.get(module) as Bound<M>;
  };
  return {
    visitor: deps.visitor,
    get catalog() {
      return service(catalog);
    },
    get cart() {
      return service(cart);
    },
    get reactions() {
      return service(reactions);
    },
    get recommendations() {
      return service(recommendations);
    },
    get applications() {
      return service(applications);
    },
    get checkout() {
      return service(checkout);
    },
  };
}

export type Shop = ReturnType<typeof createShop>;
export type { CartLine } from "./cart";
export type { Bundle, Category, FeaturedCreator, Product } from "./catalog";
export type { Order } from "./checkout";
export type { CartTotals } from "../../app/lib/money";
export type { ReactionCounts } from "./reactions";
export type { Recommendation } from "./recommendations";
