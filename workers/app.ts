/** The Worker's entry: the shop's Hono app with React Router rendering the pages. */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, cspNonceContext, shopContext } from "../app/context";
import { createServer } from "./server";

const renderPage = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default createServer(
  (request, { shop, env, ctx, cspNonce }) => {
    const context = new RouterContextProvider();
    context.set(shopContext, shop);
    context.set(cloudflareContext, { env, ctx });
    context.set(cspNonceContext, cspNonce);
    return renderPage(request, context);
  },
  { production: !import.meta.env.DEV, buildId: import.meta.env.VITE_BUILD_ID ?? "dev" },
) satisfies ExportedHandler<Env>;
