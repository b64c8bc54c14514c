import { useEffect } from 'react';

/** Galleries open at the top (spec §2), also when only the category in the URL changes. */
export function useScrollToTop(key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is the trigger to scroll
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
  }, [key]);
}
