/**
 * The next page before the click (app/speculation-rules.server.ts): on a page that ships no
 * JavaScript (the about page, whose story links to two products), a product page the visitor
 * rests the pointer on is prerendered, and opened it is drawn at once; nothing that changes
 * state is fetched before a click, and a prerender writes nothing; a page that hydrates has
 * no rules (it opens the next page itself); a document navigation cross-fades, unless the
 * visitor asked for less motion.
 *
 * Chrome prerenders nothing for a page a debugger is attached to the old way, as Playwright
 * attaches to every page it drives (the Preload domain reports PrerenderingDisabledByDevTools).
 * So the prerender tests start a Chromium of their own and drive it through the DevTools
 * protocol attached to the tab, as DevTools itself does, which leaves prerendering on. Their
 * waits are conditions on the protocol's events and the page's state, never sleeps.
 */
import { expect, test, type Page } from "./playwright";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS } from "../../scripts/find-browser.mjs";
import { hydrated } from "./fixtures";

/** The most main-thread CPU time a prerendered product page may spend from its activation to its first paint. */
const ACTIVATION_CPU_BUDGET_MS = 50;
const PRODUCT = "/products/24k-gold";
/** A page without JavaScript whose main content links to PRODUCT. */
const START = "/about";
/** The pages the rules may speculate on: the product and listing pages, without a query. */
const SPECULATED = /^\/(products(\/[^/?#]+)?|apparel)$/;

type Message = { id?: number; method?: string; params?: any; result?: any; error?: unknown; sessionId?: string };

/**
 * A Chromium of the test's own, driven through one tab: its page (the listing) and, once the
 * speculation rules start one, the prerendered page, each with its own protocol session.
 */
async function tabBrowser(baseURL: string) {
  const profile = mkdtempSync(join(tmpdir(), "speculation-"));
  const chrome: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? "chromium",
    [...CHROMIUM_ARGS, "--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "--window-size=1280,800", "about:blank"],
    // A process group of its own: the path may be a wrapper script (Debian's runs the browser as
    // its child), and stopping only the wrapper would leave the browser running.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = "";
    chrome.stderr!.on("data", (chunk) => {
      output += chunk;
      const found = /ws:\/\/\S+/.exec(output);
      if (found) resolve(found[0]);
    });
    chrome.on("exit", () => reject(new Error(`Chromium exited: ${output}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));

  let lastId = 0;
  const replies = new Map<number, (message: Message) => void>();
  const events: Message[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) replies.get(message.id)?.(message);
    else events.push(message);
  });
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<any>((resolve, reject) => {
      const id = ++lastId;
      replies.set(id, (message) => (message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result)));
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });

  const { targetInfos } = await send("Target.getTargets", { filter: [{ type: "tab" }] });
  const { sessionId: tab } = await send("Target.attachToTarget", { targetId: targetInfos[0].targetId, flatten: true });
  // Every page of the tab (the listing, then each prerender) is held until its requests are watched.
  const pages: { session: string; subtype?: string }[] = [];
  const handled = new Set<Message>();
  const watchNewPages = () => {
    for (const event of events) {
      if (event.method !== "Target.attachedToTarget" || event.sessionId !== tab || handled.has(event)) continue;
      handled.add(event);
      const session = event.params.sessionId as string;
      pages.push({ session, subtype: event.params.targetInfo.subtype });
      // A session handles its commands in order: the page resumes with its requests already watched.
      for (const method of ["Network.enable", "Preload.enable", "Page.enable", "Runtime.enable", "Runtime.runIfWaitingForDebugger"]) {
        void send(method, {}, session).catch(() => undefined);
      }
    }
  };
  const watcher = setInterval(watchNewPages, 10);
  await send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, tab);
  await expect.poll(() => pages.length).toBeGreaterThan(0);
  // The tab's shown page: the first, then whichever prerendered page the visitor opened.
  let listing = pages[0]!.session;

  const evaluate = async <T>(session: string, expression: string): Promise<T> =>
    (await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, session)).result.value as T;

  return {
    events,
    get listing() {
      return listing;
    },
    /** The visitor opened a prerendered page: it is the tab's page from now on. */
    useSession: (session: string) => void (listing = session),
    /** Opens `path` (a page without JavaScript) in the tab and waits until it has loaded. */
    async open(path: string) {
      await send("Page.navigate", { url: new URL(path, baseURL).href }, listing);
      await expect.poll(() => evaluate(listing, "location.pathname + ':' + document.readyState"), { timeout: 20_000 }).toBe(`${path}:complete`);
    },
    /** The centre of the first link to `path` in the page's main content, scrolled into view. */
    async linkTo(path: string) {
      const centre = await evaluate<string>(
        listing,
        `(() => { const link = document.querySelector('main a[href="${path}"]'); link.scrollIntoView({ block: "center" });
          const box = link.getBoundingClientRect(); return JSON.stringify({ x: box.x + box.width / 2, y: box.y + box.height / 2 }); })()`,
      );
      return JSON.parse(centre) as { x: number; y: number };
    },
    hover: (at: { x: number; y: number }) => send("Input.dispatchMouseEvent", { type: "mouseMoved", ...at }, listing),
    async click(at: { x: number; y: number }) {
      await send("Input.dispatchMouseEvent", { type: "mousePressed", ...at, button: "left", clickCount: 1 }, listing);
      await send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at, button: "left", clickCount: 1 }, listing);
    },
    /** The latest status of the prerender of `path` ("Pending", "Running", "Ready", "Failure"), from the `since`th event on. */
    prerenderStatus(path: string, since = 0) {
      const updates = events
        .slice(since)
        .filter((event) => event.method === "Preload.prerenderStatusUpdated" && new URL(event.params.key.url).pathname === path);
      return updates.at(-1)?.params.status as string | undefined;
    },
    /** The pages the rules started a prerender of, by path. */
    prerendered: () => [
      ...new Set(events.filter((event) => event.method === "Preload.prerenderStatusUpdated").map((event) => new URL(event.params.key.url).pathname)),
    ],
    /** The session of the newest prerendered page. */
    prerenderSession: () => pages.filter((page) => page.subtype === "prerender").at(-1)?.session,
    evaluate,
    /** Every request any page of the tab sent, as `METHOD URL`. */
    requests: () =>
      events.filter((event) => event.method === "Network.requestWillBeSent").map((event) => `${event.params.request.method} ${event.params.request.url}`),
    /** The Set-Cookie headers of every response the tab's pages received. */
    cookiesSet: () =>
      events
        .filter((event) => event.method === "Network.responseReceivedExtraInfo")
        .flatMap((event) =>
          Object.entries(event.params.headers as Record<string, string>)
            .filter(([name]) => name.toLowerCase() === "set-cookie")
            .map(([, value]) => value),
        ),
    /** How many of the page's requests have neither finished nor failed. */
    inFlight(session: string) {
      const ofPage = events.filter((event) => event.sessionId === session);
      const started = new Set(ofPage.filter((event) => event.method === "Network.requestWillBeSent").map((event) => event.params.requestId as string));
      for (const event of ofPage)
        if (event.method === "Network.loadingFinished" || event.method === "Network.loadingFailed") started.delete(event.params.requestId);
      return started.size;
    },
    /**
     * The CPU time the main thread of a prerendered page's renderer spent from the task that
     * activated it through the task that first painted it, read from a trace of `during`.
     */
    async activationWork(during: () => Promise<void>) {
      const since = events.length;
      await send("Tracing.start", {
        transferMode: "ReportEvents",
        traceConfig: { includedCategories: ["navigation", "devtools.timeline", "disabled-by-default-devtools.timeline"] },
      });
      await during();
      await send("Tracing.end");
      await expect
        .poll(() => events.slice(since).some((event) => event.method === "Tracing.tracingComplete"), { message: "the trace never completed", timeout: 20_000 })
        .toBe(true);
      type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };
      const trace = events.slice(since).flatMap((event) => (event.method === "Tracing.dataCollected" ? (event.params.value as TraceEvent[]) : []));
      const activation = trace.find((event) => event.name === "Document::ActivateForPrerendering");
      if (!activation) throw new Error("the trace holds no activation of a prerendered page");
      const onMainThread = (event: TraceEvent) => event.pid === activation.pid && event.tid === activation.tid;
      const paint = trace.filter((event) => event.name === "Paint" && onMainThread(event) && event.ts >= activation.ts).sort((a, b) => a.ts - b.ts)[0];
      if (!paint) throw new Error("the trace holds no paint of the activated page");
      const tasks = trace.filter((event) => event.name === "RunTask" && event.ph === "X" && onMainThread(event));
      const first = tasks.find((task) => task.ts <= activation.ts && activation.ts <= task.ts + task.dur!);
      const last = tasks.find((task) => task.ts <= paint.ts && paint.ts <= task.ts + task.dur!);
      return tasks.filter((task) => task.ts >= first!.ts && task.ts <= last!.ts).reduce((sum, task) => sum + task.tdur!, 0) / 1000;
    },
    /** Every cookie the browser holds. */
    cookies: async () => ((await send("Storage.getCookies")).cookies as { name: string }[]).map((cookie) => cookie.name),
    async close() {
      clearInterval(watcher);
      socket.close();
      try {
        process.kill(-chrome.pid!, "SIGTERM");
      } catch {
        // Gone already.
      }
      await new Promise((resolve) => (chrome.exitCode === null ? chrome.once("exit", resolve) : resolve(undefined)));
      // Chromium's helper processes may still be writing the profile as the browser exits: Node retries ENOTEMPTY.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

type TabBrowser = Awaited<ReturnType<typeof tabBrowser>>;

/**
 * Opens the start page (or stays on the one open) and rests the pointer on the product's link
 * until its page is prerendered. On the page already open, a prerender that is ready and held
 * counts: the pointer passed over the link before (on a busy machine it rests long enough on
 * each link for Chromium to start one), and a hover on a page it holds starts none.
 */
async function hoverUntilPrerendered(browser: TabBrowser, path = PRODUCT, { open = true } = {}) {
  if (open) await browser.open(START);
  const held = open ? undefined : browser.prerenderStatus(path);
  const link = await browser.linkTo(path);
  const since = browser.events.length;
  await browser.hover({ x: 0, y: 0 });
  await browser.hover(link);
  await expect.poll(() => browser.prerenderStatus(path, since) ?? held, { message: `${path} was never prerendered`, timeout: 15_000 }).toBe("Ready");
  return link;
}

/** A request that may change state: anything but a read, or a read of a page that is one visitor's or acts when opened. */
function changesState(request: string): boolean {
  const [method, url] = request.split(" ") as [string, string];
  if (!["GET", "HEAD"].includes(method)) return true;
  return /^\/(cart|checkout|admin|orders?|downloads|newsletter|ucp|login)(\/|$)/i.test(new URL(url).pathname);
}

// The page as most shoppers see it: with its motion (the config asks for less elsewhere).
test.use({ reducedMotion: "no-preference" });

test.describe("speculation rules", () => {
  let browser: TabBrowser;
  test.beforeEach(async ({ baseURL }) => void (browser = await tabBrowser(baseURL!)));
  test.afterEach(() => browser.close());

  test("a product page opened after a hover needs nothing fetched and at most 50 ms of its main thread's CPU to paint (measured with the machine to itself: painted 48–68 ms, presented 111–133 ms after activation)", async () => {
    // A wall clock on a shared two-core machine measures the other work on it (the same opens
    // took 60–1000 ms to paint under a load of 20), so the test holds what the page decides:
    // it waits on no request, and its renderer's main thread does little between activation
    // and first paint (10–26 ms measured, loaded or not). The wall-clock figures are logged.
    // With Chromium given the machine (real-time priority), the first paint (Paint Timing's
    // paintTime) came 48–68 ms after activation and its frame was presented at 111–133 ms
    // (34–49 and 75–107 ms without the view transition): the rest is the old page's snapshot
    // (~30 ms), software raster (~35 ms) and software drawing (~20 ms), as this headless
    // Chromium has no GPU (docs/decisions/0024-first-paint-measured.md).
    // Each open is traced, and a trace takes seconds to collect on a busy machine.
    test.setTimeout(90_000);
    const opens: { paint: number; presented: number; cpu: number; fetched: string[] }[] = [];
    for (let open = 0; open < 3; open++) {
      const link = await hoverUntilPrerendered(browser);
      const shown = browser.prerenderSession()!;
      // The visitor rested on the link until the page was ready: its scripts have run and its requests settled.
      await expect.poll(() => browser.evaluate(shown, "document.documentElement.dataset.hydrated"), { timeout: 15_000 }).toBe("true");
      await expect.poll(() => browser.inFlight(shown)).toBe(0);
      let timing!: { activationStart: number; paintTime: number; presented: number; fetched: string[] };
      const cpu = await browser.activationWork(async () => {
        await browser.click(link);
        await expect.poll(() => browser.evaluate(shown, "location.pathname + ':' + document.prerendering")).toBe(`${PRODUCT}:false`);
        // A prerendered page's paints are timed from its prerender's start; the visitor waits only from its activation.
        // paintTime is the rendering update that first drew content; startTime is that frame's presentation.
        timing = await browser.evaluate(
          shown,
          `new Promise((resolve) => new PerformanceObserver((list, observer) => {
            const paint = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
            if (!paint) return;
            observer.disconnect();
            const { activationStart } = performance.getEntriesByType("navigation")[0];
            const paintTime = paint.paintTime ?? paint.startTime;
            // What the first paint could have waited on: anything but the page's own fetch() calls, started after its activation.
            const fetched = performance.getEntriesByType("resource")
              .filter((entry) => entry.startTime >= activationStart && entry.startTime <= paintTime && entry.initiatorType !== "fetch")
              .map((entry) => entry.name);
            resolve({ activationStart, paintTime, presented: paint.startTime, fetched });
          }).observe({ type: "paint", buffered: true }))`,
        );
      });
      expect(timing.activationStart, "the page shown is the prerendered one").toBeGreaterThan(0);
      opens.push({ paint: timing.paintTime - timing.activationStart, presented: timing.presented - timing.activationStart, cpu, fetched: timing.fetched });
      browser.useSession(shown);
    }
    const list = (key: "paint" | "presented" | "cpu") => opens.map((open) => open[key].toFixed(1)).join(", ");
    const measured = `main-thread CPU ${list("cpu")} ms; painted ${list("paint")} ms, presented ${list("presented")} ms after activation`;
    console.log(`prerendered ${PRODUCT}: ${measured}`);
    expect(
      opens.flatMap((open) => open.fetched),
      "requests between activation and first paint",
    ).toEqual([]);
    expect(Math.max(...opens.map((open) => open.cpu)), measured).toBeLessThanOrEqual(ACTIVATION_CPU_BUDGET_MS);
  });

  test("nothing that changes state is fetched from the page's load through a hover on every link, and only product and listing pages are speculated on", async () => {
    await browser.open(START);
    // The rules' candidates on the page, whether or not the pointer ever comes near them.
    const candidates = () =>
      browser.events
        .filter((event) => event.method === "Preload.preloadingAttemptSourcesUpdated")
        .flatMap((event) => (event.params.preloadingAttemptSources as { key: { url: string } }[]).map((source) => new URL(source.key.url).pathname));
    await expect.poll(candidates).toContain(PRODUCT);
    expect(
      candidates().filter((path) => !SPECULATED.test(path)),
      "candidates outside the product and listing pages",
    ).toEqual([]);

    const links = await browser.evaluate<number>(browser.listing, "document.querySelectorAll('a[href]').length");
    for (let index = 0; index < links; index++) {
      const at = await browser.evaluate<string | null>(
        browser.listing,
        `(() => { const link = document.querySelectorAll('a[href]')[${index}]; if (!link || !link.checkVisibility()) return null;
          link.scrollIntoView({ block: "center" }); const box = link.getBoundingClientRect();
          return JSON.stringify({ x: box.x + box.width / 2, y: box.y + box.height / 2 }); })()`,
      );
      if (at) await browser.hover(JSON.parse(at));
    }
    await hoverUntilPrerendered(browser, PRODUCT, { open: false });
    await expect.poll(() => browser.prerendered().filter((path) => ["Pending", "Running"].includes(browser.prerenderStatus(path)!))).toEqual([]);
    expect(
      browser.prerendered().filter((path) => !SPECULATED.test(path)),
      "prerendered pages outside the product and listing pages",
    ).toEqual([]);
    expect(browser.requests().filter(changesState), "state-changing requests before a click").toEqual([]);
  });

  test("a prerendered product page writes nothing until it is opened: no cookie, no recommendation marked seen", async () => {
    const link = await hoverUntilPrerendered(browser);
    const prerender = browser.prerenderSession()!;
    // The prerendered page has hydrated and shows its recommendation: what it would count, it counts from here.
    await expect
      .poll(() => browser.evaluate(prerender, "Boolean(document.querySelector('[aria-labelledby^=recommendation-]'))"), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => browser.inFlight(prerender), { message: "the prerendered page's requests never settled" }).toBe(0);
    expect(browser.requests().filter(changesState), "state-changing requests before a click").toEqual([]);
    expect(browser.cookiesSet(), "Set-Cookie before a click").toEqual([]);
    expect(await browser.cookies(), "cookies before a click").toEqual([]);

    // Opened, the page counts its recommendation as seen: that write gives the visitor a session.
    await browser.click(link);
    await expect.poll(() => browser.requests().filter((request) => /^PATCH .*\/api\/recommendations\/\d+\/viewed$/.test(request))).toHaveLength(1);
    await expect.poll(() => browser.cookies()).toContain("rd_session");
  });
});

test("a page that opens the next one itself (the listing hydrates) has no speculation rules", async ({ page }) => {
  await page.goto("/products");
  await hydrated(page);
  await expect(page.locator("script[type=speculationrules]")).toHaveCount(0);
});

test.describe("view transitions between pages", () => {
  /** Whether the product page the visitor opened from the about page was revealed with a view transition. */
  async function revealedWithTransition(page: Page) {
    await page.addInitScript(() => {
      addEventListener("pagereveal", (event) => {
        (window as unknown as { __transition: boolean }).__transition = Boolean((event as Event & { viewTransition: unknown }).viewTransition);
      });
    });
    await page.goto(START);
    await page.locator(`main a[href="${PRODUCT}"]`).first().click();
    await expect(page).toHaveURL(PRODUCT);
    return expect.poll(() => page.evaluate(() => (window as unknown as { __transition?: boolean }).__transition));
  }

  test("a product page opened from another page cross-fades in", async ({ page }) => {
    await (await revealedWithTransition(page)).toBe(true);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("a product page opened from another page appears without a view transition", async ({ page }) => {
      await (await revealedWithTransition(page)).toBe(false);
    });
  });
});
