/**
 * The shop's one toast helper (sonner): one toast visible at a time, 5 s each, swipe
 * right to dismiss, F8 to reach the toasts from the keyboard (spec section 9).
 *
 * sonner (9 KB of gzipped JavaScript) is not part of a visit until it is needed (the
 * JavaScript budget, measured in a real browser by tests/browser/first-visit.spec.ts): it is imported on the first
 * toast, or when F8 is first pressed, and <Toaster> mounts then. A toast asked for before
 * the Toaster subscribed is not lost: sonner hands its active toasts to a Toaster when it
 * subscribes.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToastWords } from "~/content/cart-toasts";

export const TOAST_DURATION_MS = 5000;

let sonner: Promise<typeof import("sonner")> | undefined;
const loadSonner = () =>
  (sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined; // a later toast tries again
    throw error;
  }));

// Whether the Toaster is wanted yet: a one-way switch the root's <Toaster> listens to.
let toasterWanted = false;
const listeners = new Set<() => void>();
const wantToaster = () => {
  if (toasterWanted) return;
  toasterWanted = true;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const SonnerToaster = lazy(async () => {
  const { Toaster: Sonner } = await loadSonner();
  return {
    default: () => (
      <Sonner visibleToasts={1} duration={TOAST_DURATION_MS} swipeDirections={["right"]} hotkey={["F8"]} position="bottom-right" theme="dark" richColors />
    ),
  };
});

export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  useEffect(() => {
    // The toasts' hotkey mounts them; from then on sonner answers it itself.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") wantToaster();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

/** A toast's one button, e.g. the order just placed: "View order". */
export type ToastAction = { label: string; onClick: () => void };

function show(kind: "success" | "error", { title, description }: ToastWords, action?: ToastAction) {
  wantToaster();
  void loadSonner().then(
    ({ toast }) => {
      toast.dismiss();
      toast[kind](title, { description, action });
    },
    (error: unknown) => console.error("The toasts could not be loaded", error),
  );
}

/** A success toast: the spec's title and text (app/content/toasts.ts), and at most one button. */
export const notifySuccess = (toast: ToastWords, action?: ToastAction) => show("success", toast, action);

/** A destructive toast, for failures. */
export const notifyError = (toast: ToastWords) => show("error", toast);
