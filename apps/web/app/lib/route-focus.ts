import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation to another page, a focus the new page did not place itself goes to the page
 * content, as a full page load would start reading there. A link inside the old page goes with it,
 * and the browser then drops the focus to the document: the next Tab would start again at the
 * top bar, and a screen reader would announce nothing.
 *
 * Only a lost focus moves (on the body, or on an element taken away): a field the new page
 * focused itself (the code field of /verify-email) and a header link that stays keep it. Only
 * another path counts: a sort or filter changes the query and leaves the focus where it was.
 * Runs after the new page's own effects, because a parent's effects run after its children's.
 */
export function useFocusContentOnNavigation(content: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost) content.current?.focus({ preventScroll: true });
  }, [pathname, content]);
}
