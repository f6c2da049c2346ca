import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { serverSectionsReady } from "./components/ui/LazySection";
import { cspNonceContext } from "./context.server";
import { NonceProvider } from "./lib/nonce";
import { failedPageStatus, logPageError } from "./page-errors.server";

/**
 * A loader's or an action's error (and React Router's own, such as a path no route
 * matches): logged by its kind and the request id only, never whole (page-errors.server.ts).
 */
export const handleError: HandleErrorFunction = (error, args) => logPageError("page_error", error, args);

/**
 * Streams the page; bots get the whole document at once. Every script React and React
 * Router emit carries the response's CSP nonce (set by the Worker's page headers).
 *
 * React's Node build (through the Worker's nodejs_compat) rather than the `workerd` one it
 * resolves to by default: both return a web ReadableStream, but the Node build encodes
 * into reused 4 KB buffers with `encodeInto`, where the edge build allocates a new array
 * per string it writes. That took an uncached render of / from about 0.14 to 0.2 of the
 * static file's throughput (`npm run bench`, decision 0011).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  await serverSectionsReady();
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // React would otherwise send a large finished boundary (a lazy section: LazySection)
      // after its fallback, for a script to swap in: visitors without JavaScript would keep
      // the fallback. Only boundaries still waiting for data stream.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        // An error in the shell also rejects above (and React Router answers with its error
        // page); one inside a Suspense boundary leaves it for the browser to render, and is
        // only seen here, whether the shell was out yet or not.
        if (!shellRendered) responseStatusCode = 500;
        logPageError("page_render_error", error, { request, context: loadContext });
      },
    },
  );
  shellRendered = true;
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: failedPageStatus(responseStatusCode, responseHeaders, loadContext) });
}
