/**
 * A below-the-fold section whose code the browser loads only when the visitor comes near it
 * (decision 0010: the home page's first visit must stay within its JavaScript budget).
 *
 * The server renders the section in full, so crawlers and visitors without JavaScript get
 * all of it, styled. In the browser React leaves that HTML as it is, inside a Suspense
 * boundary that stays dehydrated, until the section nears the viewport or the visitor points
 * at it or tabs into it; then its chunk loads and React hydrates it in place: no flash, no
 * layout shift. Its links and forms work meanwhile as they do without JavaScript, and a
 * plain button pressed meanwhile is pressed again once the section is live. On client
 * navigations (the page has hydrated before) the section loads at once, behind `fallback`.
 *
 * Both sides load the section through the same `import()`, so the route's chunk does not
 * carry it: the server starts every such import when the route module loads, and the
 * document waits for them (`serverSectionsReady`, in entry.server) so that the HTML is whole.
 * The caller imports the section's `.css.ts` for its side effect, so its styles come with
 * the page rather than with the chunk:
 *
 *   import "./coin.css";
 *   export const CoinSection = lazySection("coin", () => import("./CoinSection").then((m) => m.CoinSection));
 *
 * What keeps the server's HTML in place: React throws a dehydrated boundary's HTML away when
 * a context above it changes outside a transition, and holds a transition back until the
 * boundary has hydrated. So contexts above the page's sections must not change (the cart is
 * a store whose context never changes), and a change of the router's state (a navigation, a
 * fetcher, a revalidation: all transitions) loads the section at once.
 */
import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** How far ahead of the viewport a section starts loading. */
const NEAR_VIEWPORT = "300px 0px";

/**
 * A control the browser runs itself, which needs none of the section's code: a dialog's
 * opener (where the browser has invoker commands: the button has `command`) and its Close
 * button (ui/Dialog.tsx).
 */
const browserRuns = (control: Element) => control.closest("form[method=dialog]") !== null || (control.hasAttribute("commandfor") && "command" in control);

/** The root marks the document once the first page has hydrated: later mounts are navigations. */
const pageHydrated = () => document.documentElement.dataset.hydrated === "true";

/** The sections' imports the server has started; the document waits for all of them. */
const serverImports: Promise<unknown>[] = [];

/** Resolves once every lazy section's module is loaded on the server (at once after the first request). */
export const serverSectionsReady = () => Promise.all(serverImports);

/**
 * A promise of the component that settles once `start()` has run `load`, never before. A
 * chunk that fails to load leaves the server's HTML, whose links and forms work without
 * JavaScript: `onFail` hears of it.
 */
function gatedImport<T>(load: () => Promise<T>) {
  let start!: () => void;
  const gate = { promise: undefined as unknown as Promise<T>, start: () => start(), onFail: () => {} };
  gate.promise = new Promise<T>((resolve) => {
    let started = false;
    start = () => {
      if (started) return;
      started = true;
      load().then(resolve, () => gate.onFail());
    };
  });
  return gate;
}

type Gate<P> = ReturnType<typeof gatedImport<ComponentType<P>>>;

/** Is the router busy? Then React wants every section hydrated before it shows what is next. */
function useRouterBusy() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  return navigation.state !== "idle" || fetchers.length > 0 || revalidator.state !== "idle";
}

/**
 * @param name names the section in the DOM (`data-lazy-section`), for tests and for reading the page.
 * @param load loads the component: `() => import("./X").then((m) => m.X)`.
 * @param fallback shows on client navigations while the chunk loads.
 * @param wake "near" (the default): when the section comes near the viewport, or the visitor
 * points at it or tabs into it; "interaction": only when the visitor points at it, tabs or
 * taps into it (a form at the top of its page that most visits only read, like checkout's).
 */
export function lazySection<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
  wake: "near" | "interaction" = "near",
) {
  // On the server: the import, started now, and the component once it is in.
  let Server: ComponentType<P> | undefined;
  let serverGate: Gate<P> | undefined;
  if (import.meta.env.SSR) {
    serverGate = { promise: load(), start: () => {}, onFail: () => {} };
    serverImports.push(serverGate.promise.then((component) => void (Server = component)));
  }

  /** The section itself, once its chunk is in (in the browser). */
  function Loaded({ gate, props }: { gate: Gate<P>; props: P }) {
    if (useRouterBusy()) gate.start();
    const Component = use(gate.promise);
    return <Component {...props} />;
  }

  /** Renders nothing; its effect runs when the boundary around it has hydrated (or mounted). */
  function WhenLive({ onLive }: { onLive: () => void }) {
    useEffect(onLive, [onLive]);
    return null;
  }

  function LazySection(props: P) {
    const host = useRef<HTMLDivElement>(null);
    const live = useRef(false);
    const pressed = useRef<HTMLElement | null>(null);
    const detach = useRef<() => void>(undefined);
    const [gate] = useState(() => {
      if (import.meta.env.SSR) return null;
      const gate = gatedImport(load);
      if (pageHydrated()) gate.start();
      return gate;
    });

    useEffect(() => {
      const element = host.current;
      if (!gate || !element || live.current) return;
      const start = () => gate.start();
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
        rootMargin: NEAR_VIEWPORT,
      });
      if (wake === "near") observer.observe(element);
      // Listened for on the window, ahead of React: on a section it has not hydrated, React
      // stops these events before they reach the section (and a click is lost).
      const inside = (event: Event) => event.target instanceof Element && element.contains(event.target);
      const wakeFrom = (event: Event) => inside(event) && start();
      // A press on a link or a button waits for the section to be live and is then replayed,
      // so it does what it does with JavaScript (a toast, a client-side navigation). A press
      // that opens a new tab or window, or that the browser carries out itself (a dialog
      // opening or closing), goes through as it is.
      const holdPress = (event: MouseEvent) => {
        if (live.current || !inside(event) || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        const control = (event.target as Element).closest<HTMLElement>("a[href], button");
        if (!control || browserRuns(control)) return;
        event.preventDefault();
        event.stopPropagation();
        pressed.current = control;
        start();
      };
      const listeners = [
        ["pointerover", wakeFrom],
        ["focusin", wakeFrom],
        ["click", holdPress],
      ] as const;
      for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, true);
      detach.current = () => {
        observer.disconnect();
        for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener, true);
      };
      return detach.current;
    }, [gate]);

    const [onLive] = useState(() => {
      /** Stops holding presses and replays the one held, if any. */
      const release = () => {
        live.current = true;
        detach.current?.();
        const control = pressed.current;
        pressed.current = null;
        if (control?.isConnected) control.click();
      };
      if (gate) gate.onFail = release;
      return () => {
        host.current?.setAttribute("data-live", "true");
        release();
      };
    });

    return (
      <div ref={host} data-lazy-section={name} data-wake={wake}>
        <Suspense fallback={fallback}>
          {Server ? <Server {...props} /> : <Loaded gate={(gate ?? serverGate)!} props={props} />}
          <WhenLive onLive={onLive} />
        </Suspense>
      </div>
    );
  }
  LazySection.displayName = `LazySection(${name})`;
  // Memoised: a parent's re-render with the same props must not reach a dehydrated boundary.
  return memo(LazySection);
}
