import { vi } from 'vitest';

/** One browser storage as a plain map. */
function storage(store: Map<string, string>) {
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
}

/**
 * A browser's localStorage and sessionStorage as plain maps on a stubbed `window`, for the unit
 * tests of what the storefront keeps in them. Undo with vi.unstubAllGlobals().
 */
export function stubBrowserStorage() {
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: storage(local),
    sessionStorage: storage(session),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  return { local, session };
}
