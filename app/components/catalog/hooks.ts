import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** False on the server and in the first browser render, true once React has hydrated. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** True while a navigation to `pathname` (e.g. the same listing with new filters) is loading. */
export function useLoadingPath(pathname: string) {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
