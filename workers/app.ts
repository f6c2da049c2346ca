/**
 * The Worker's entry: the shop's Hono app, with React Router rendering its pages, the
 * consumers of the shop's email, insights and UCP order webhook queues, and the 15th's
 * payout run (the Cron Trigger).
 */
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, cspNonceContext, logContext, partnerSessionContext, shopContext } from "../app/context.server";
import { withEmailQueue } from "./email-queue";
import { withDoNothingRoute } from "./edge/local-server";
import { partnerSessions } from "./edge/partner-session";
import { withInsightsQueue } from "./insights/queue";
import { withPayoutRun } from "./payout-run";
import { createServer } from "./server";
import { withWebhookQueue } from "./webhook-queue";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's request handler. Given the build as a function, it derives its routes and
 * ranks them again on every request (so that dev's hot reload is seen): a few percent of
 * every server render (decision 0011). Outside dev it is given the loaded build once per isolate.
 */
let handler: RequestHandler | undefined;
const requestHandler = async (): Promise<RequestHandler> =>
  import.meta.env.DEV ? createRequestHandler(loadBuild, import.meta.env.MODE) : (handler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE));

export default withPayoutRun(
  withDoNothingRoute(
    withWebhookQueue(
      withInsightsQueue(
        withEmailQueue(
          createServer({
            renderPage: async (request, { shop, env, ctx, cspNonce, log }) => {
              const context = new RouterContextProvider();
              context.set(shopContext, shop);
              context.set(cloudflareContext, { env, ctx });
              context.set(cspNonceContext, cspNonce);
              context.set(logContext, log);
              context.set(partnerSessionContext, partnerSessions(request, env));
              return (await requestHandler())(request, context);
            },
            production: !import.meta.env.DEV,
            buildId: import.meta.env.VITE_BUILD_ID ?? "dev",
          }),
        ),
      ),
    ),
  ),
) satisfies ExportedHandler<Env>;
