/**
 * The order's page follows the order: with JavaScript it reads its loader again every
 * ORDER_REFRESH_MS while the tab is visible (and at once when it becomes visible again),
 * so an owner's move shows within 5 s (contract, "After checkout"). The answers are never
 * cached: the Worker makes every answer under /orders private, no-store.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** Under the contract's 5 s with room for the request itself. */
export const ORDER_REFRESH_MS = 3000;

/** Reads the page's data again on an interval while `following` (an order that can still change) and the tab is visible. */
export function useFollowOrder(following: boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // The latest of both for the interval, which outlives a render.
  const latest = useRef({ revalidator, navigation });
  latest.current = { revalidator, navigation };
  useEffect(() => {
    if (!following) return;
    const refresh = () => {
      const { revalidator: now, navigation: going } = latest.current;
      // A cancel being posted reads the page again itself when it is done.
      if (document.visibilityState !== "visible" || now.state !== "idle" || going.state !== "idle") return;
      void now.revalidate();
    };
    const timer = setInterval(refresh, ORDER_REFRESH_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [following]);
}
