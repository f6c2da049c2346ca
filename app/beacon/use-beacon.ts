/**
 * What the pages that run JavaScript carry of the beacon (docs/decisions/0022): a few lines
 * that, after the first paint, the load and an idle moment, import the beacon's own chunk
 * (beacon.ts), and hand it each page a client-side navigation shows. Under Global Privacy
 * Control nothing is loaded or sent; during a prerender nothing starts until the visitor
 * opens the page.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

type Beacon = typeof import("./beacon");
let loading: Promise<Beacon> | undefined;

const when = (ready: boolean, target: EventTarget, event: string) =>
  new Promise<void>((go) => (ready ? go() : target.addEventListener(event, () => go(), { once: true })));

/** Once the browser has painted a frame: a task queued from an animation frame runs after it. */
const painted = () => new Promise((go) => requestAnimationFrame(() => setTimeout(go)));

function beacon(): Promise<Beacon> {
  return (loading ??= (async () => {
    await when(!(document as Document & { prerendering?: boolean }).prerendering, document, "prerenderingchange");
    // An opened prerender paints first: an idle moment can come before that paint on a busy machine.
    await painted();
    await when(document.readyState === "complete", window, "load");
    await new Promise((go) => (window.requestIdleCallback ?? setTimeout)(go));
    const module = await import("./beacon");
    module.start();
    return module;
  })());
}

/** Reports the pages this document shows after its first: the server counted the first itself. */
export function useBeacon() {
  const { pathname } = useLocation();
  const shown = useRef<string>(undefined);
  useEffect(() => {
    if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || shown.current === pathname) return;
    const first = shown.current === undefined;
    shown.current = pathname;
    void beacon().then((loaded) => first || loaded.view(pathname));
  }, [pathname]);
}
