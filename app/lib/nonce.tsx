/**
 * The CSP nonce of the response being rendered, for the <Scripts> the root emits. In the
 * browser it is empty: browsers hide nonces from the DOM once the page has loaded.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
