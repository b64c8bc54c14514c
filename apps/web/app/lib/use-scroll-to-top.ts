import { useEffect, useRef } from 'react';

/**
 * Scrolls to the top when `key` changes while the route stays mounted (another gallery
 * category, content page or product category through a link) — product rules §2 "scroll to top".
 * Never on the first render: a fresh page already opens at the top, and after hydration the
 * shopper may have scrolled the server-rendered page; yanking them back would lose their place.
 */
export function useScrollToTopOnChange(key: string | number, behavior: ScrollBehavior = 'auto') {
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [key, behavior]);
}
