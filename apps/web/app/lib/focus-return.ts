import { useCallback, useEffect, useRef } from 'react';

/** How often, and how long, the focus is watched after a dialog closes. */
const WATCH_EVERY_MS = 50;
const WATCH_FOR_MS = 3_000;

/**
 * Gives the focus back to the control that opened a dialog once the dialog has closed, as a
 * keyboard or screen-reader user expects. Mantine's Modal and Drawer do it themselves only from
 * their second opening: a dialog loaded on first use mounts already open, and they note the
 * opener only when `opened` changes. Call the returned function in the opening handler (the
 * opener has the focus then).
 *
 * The closing transition (200 ms, §9; longer on a busy phone) keeps the focus in the dialog
 * until its content is gone, so the focus is watched for a while: once it is lost (on the page
 * body, or on an element taken away) it goes back to the opener; once it is outside every dialog
 * (the shopper moved on) the watch ends. A dialog opened meanwhile keeps the focus.
 */
export function useFocusReturn(opened: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const target = opener.current;
    if (opened || !target) return;
    opener.current = null;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost && target.isConnected) target.focus({ preventScroll: true });
      if (lost || !active?.closest('[role="dialog"]') || Date.now() - started > WATCH_FOR_MS)
        window.clearInterval(timer);
    }, WATCH_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [opened]);
  return useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}
