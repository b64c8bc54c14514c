import { createContext, type ReactNode, useContext } from 'react';

/**
 * The document's content-security-policy nonce, given by the server for each response. The
 * document's inline scripts must carry it (the policy allows no inline script without it). In
 * the browser it is empty: browsers hide the nonce from the page, and scripts added after
 * hydration are files from the shop's own origin, which need none.
 */
const NonceContext = createContext('');

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
