/**
 * A page the speculation rules prerendered (app/speculation-rules.server.ts) runs its
 * scripts before the visitor opens it, and may never be opened at all: whatever it counts
 * (a recommendation seen) must wait until the visitor is looking at it.
 */
type MaybePrerendering = Document & { prerendering?: boolean };

/** Runs `count` once the document is shown to the visitor (now, unless it is being prerendered); returns a cancel. */
export function whenActivated(count: () => void): () => void {
  if (!(document as MaybePrerendering).prerendering) {
    count();
    return () => undefined;
  }
  const activated = () => count();
  document.addEventListener("prerenderingchange", activated, { once: true });
  return () => document.removeEventListener("prerenderingchange", activated);
}
