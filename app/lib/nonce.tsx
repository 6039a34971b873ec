import { createContext, useContext } from "react";

// The per-request CSP nonce (server/app.ts makes it, app/entry.server.tsx provides it). On the
// client it is undefined: the browser hides nonces from the DOM, and hydration never re-runs scripts.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
