/**
 * The beacon (docs/decisions/0022), its own chunk, loaded only once the page has painted,
 * loaded and gone idle (use-beacon.ts): it reports what the server cannot see, in sums the
 * server keeps per day and route. That is a page a client-side navigation showed, and the
 * page's real-user LCP, INP, CLS and TTFB (the web-vitals library's standard build). Every
 * event is a path and, for a vital, its value: no identifier, no cookie (`credentials:
 * "omit"`, which `sendBeacon` cannot do, so a keepalive fetch, which outlives the page as a
 * beacon does), no query string. Sent a second after the first of them waits (so a page
 * view reaches the owner while the visitor is still on the page), when 20 wait, and when the
 * page is hidden or left. A request carries at most one event of each kind.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

type BeaconEvent = { t: "view"; p: string } | { t: Metric["name"]; p: string; v: number };

const MAX_EVENTS = 20;
const waiting: BeaconEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function send() {
  clearTimeout(timer);
  timer = undefined;
  while (waiting.length > 0) {
    const body = JSON.stringify({ e: waiting.splice(0, MAX_EVENTS) });
    fetch("/api/events", { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => undefined);
  }
}

function add(event: BeaconEvent) {
  // The server counts one of each kind a request (one page's view, one of each vital): a second goes in the next.
  if (waiting.some((e) => e.t === event.t)) send();
  waiting.push(event);
  if (waiting.length >= MAX_EVENTS) send();
  else timer ??= setTimeout(send, 1000);
}

/** A page shown by a client-side navigation: the server never saw it as a document. */
export const view = (path: string) => add({ t: "view", p: path });

/**
 * Starts measuring the document's vitals, which belong to the page it was loaded for. A
 * prerendered page the visitor then opened was never counted by the server (a prerender is
 * not a view): its view is reported here.
 */
export function start() {
  const path = location.pathname;
  const navigation = performance.getEntriesByType("navigation")[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  if ((navigation?.activationStart ?? 0) > 0) view(path);
  const report = ({ name, value }: Metric) => add({ t: name, p: path, v: value });
  onLCP(report);
  onINP(report);
  onCLS(report);
  onTTFB(report);
  // After web-vitals' own listeners, so the values they report on hiding are sent with the rest.
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());
  addEventListener("pagehide", send);
}
