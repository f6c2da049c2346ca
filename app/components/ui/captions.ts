/**
 * Videos' captions show once a video first plays. Their tracks are not `default`: the
 * browser fetches a default track with the page, even for a video with `preload="none"`
 * inside a closed dialog, so the home page's seven videos cost seven requests before its
 * largest paint (Lighthouse's simulated LCP was 200-300 ms later with them). Without
 * JavaScript the captions are one choice away in the player's captions menu.
 */
import { useEffect } from "react";

/** Videos that have played once. */
const played = new WeakSet<EventTarget>();

/**
 * On a video's first play its captions show; a visitor who turns them off keeps them off.
 * (A play event does not bubble: it is heard on the way down.)
 */
function showCaptions({ target }: Event) {
  if (!(target instanceof HTMLVideoElement) || played.has(target)) return;
  played.add(target);
  const captions = [...target.textTracks].find((track) => track.kind === "captions");
  if (captions?.mode === "disabled") captions.mode = "showing";
}

/** Every video on the page shows its captions when it first plays, whether its section has hydrated yet or not. */
export function useCaptionsOnPlay() {
  useEffect(() => {
    document.addEventListener("play", showCaptions, true);
    return () => document.removeEventListener("play", showCaptions, true);
  }, []);
}
