/**
 * What the Worker hands every loader and action: the shop's services for this request
 * and the Cloudflare env. Loaders call the shop directly, never the /api over HTTP.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Shop } from "../workers/shop";

export const shopContext = createContext<Shop>();
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

export const getShop = (context: Readonly<RouterContextProvider>) => context.get(shopContext);
