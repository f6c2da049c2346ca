// The shop's Worker as the tests run it: the real Hono app, API and middleware, with a
// stand-in page renderer (pages are covered by the Playwright tests against the build).
import { createServer } from "../../workers/server";

export default createServer(
  async (request, { cspNonce }) =>
    new Response(`<!doctype html><p>page: ${new URL(request.url).pathname}</p><script nonce="${cspNonce}"></script>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }),
);
