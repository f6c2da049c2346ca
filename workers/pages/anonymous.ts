/**
 * What a page shared by every visitor is rendered with, and who must not be given one.
 */
import type { Context } from "hono";
import { readCookie } from "../edge/cookies";
import { withSimulatedLatency } from "../edge/local-server";
import { productPath, REACTED_COOKIE, shopFor } from "../edge/session";
import type { AppEnv } from "../request-context";
import { createVisitor } from "../shop/visitor";

/** The shop as a visitor with no session sees it. */
export const anonymousShop = (c: Context<AppEnv>) =>
  shopFor(c, createVisitor(null), withSimulatedLatency(c.env.DB, c.env, new URL(c.req.url)).withSession("first-unconstrained"));

/** Whether the visitor reacted to the product of this page in the last minute (the browser sends the cookie only there): their view is their own. */
export const reactedHere = (request: Request) => readCookie(request, REACTED_COOKIE, productPath("")) !== null;
