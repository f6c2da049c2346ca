/**
 * What the Worker hands every loader and action: the shop's services for this request,
 * the Cloudflare env, the response's CSP nonce and the request's log. Loaders call the
 * shop directly, never the /api over HTTP.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { createLog, type Log } from "./shared/log";
import type { Shop } from "../workers/shop";
import type { PartnerSessions } from "../workers/edge/partner-session";

export const shopContext = createContext<Shop>();
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();
/** The request's partner session (workers/edge/partner-session.ts): who is signed in at /partner, and signing in and out. */
export const partnerSessionContext = createContext<PartnerSessions>();
/** This response's Content-Security-Policy nonce (undefined under Vite's dev server). */
export const cspNonceContext = createContext<string | undefined>(undefined);

/**
 * One JSON line per event, as app/shared/log.ts writes them. The Worker sets the request's
 * own log (which adds its request id); where it has not, lines go out without the id.
 */
export const logContext = createContext<Log>(createLog());

export const getShop = (context: Readonly<RouterContextProvider>) => context.get(shopContext);

export const getPartnerSessions = (context: Readonly<RouterContextProvider>) => context.get(partnerSessionContext);

export const getLog = (context: Readonly<RouterContextProvider>) => context.get(logContext);
