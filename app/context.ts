/**
 * What the Worker hands every loader and action: the shop's services for this request
 * and the Cloudflare env. Loaders call the shop directly, never the /api over HTTP.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Shop } from "../workers/shop";

export const shopContext = createContext<Shop>();
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();
/** This response's Content-Security-Policy nonce (undefined under Vite's dev server). */
export const cspNonceContext = createContext<string | undefined>(undefined);

export const getShop = (context: Readonly<RouterContextProvider>) => context.get(shopContext);
