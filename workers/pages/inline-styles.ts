/**
 * The pages' stylesheets, written into the page itself: the first paint waits for no
 * request but the page's own (Lighthouse: render-blocking requests held every page's first
 * paint back by 150-480 ms on a slow connection). Each `<link rel="stylesheet">` to a built
 * file becomes a `<style>` with the response's nonce, carrying the same CSS; the link stays,
 * marked for print only and held until hydration starts, so React finds the element it
 * rendered when it hydrates, and the browser then fetches it without waiting on it (for
 * client-side navigations it is then cached). Before the largest paint it would only compete
 * with what that paint needs.
 *
 * The same pass holds the hydration scripts back until the largest paint
 * (hydrate-after-paint.ts): started while the page is parsed, the largest paint of every page
 * waited on ~130 KB of JavaScript it does not need (docs/decisions/0024-first-paint-measured.md).
 *
 * Built files carry a hash of their content in their names, so each is read once per isolate
 * (a read that failed, again on the next page).
 */
import { holdHydration, holdLink } from "./hydrate-after-paint";

const STYLESHEET = 'link[rel="stylesheet"][href^="/assets/"]';
const stylesheets = new Map<string, Promise<string | null>>();

function stylesheet(assets: Fetcher, origin: string, path: string): Promise<string | null> {
  let css = stylesheets.get(path);
  if (!css) {
    css = assets
      .fetch(new Request(`${origin}${path}`))
      .then((response) => (response.ok ? response.text() : null))
      // A stylesheet that cannot go into a <style> element stays a link.
      .then((text) => (text === null || /<\/style/i.test(text) ? null : text))
      // A read that failed is tried again by the next page, not remembered for the isolate's life.
      .catch(() => {
        stylesheets.delete(path);
        return null;
      });
    stylesheets.set(path, css);
  }
  return css;
}

/** The page with its built stylesheets inlined (anything but HTML passes through). */
export function inlineStylesheets(page: Response, { assets, origin, cspNonce }: { assets: Fetcher; origin: string; cspNonce: string }): Response {
  if (!page.headers.get("Content-Type")?.startsWith("text/html")) return page;
  const rewriter = new HTMLRewriter().on(STYLESHEET, {
    async element(link) {
      const path = (link.getAttribute("href") ?? "").split("#")[0]!;
      const css = await stylesheet(assets, origin, path);
      if (css === null) return;
      link.before(`<style nonce="${cspNonce}" data-href="${path}">${css}</style>`, { html: true });
      link.setAttribute("media", "print");
      holdLink(link);
    },
  });
  for (const [selector, handlers] of holdHydration(cspNonce)) rewriter.on(selector, handlers);
  return rewriter.transform(page);
}
