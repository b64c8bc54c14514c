import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until `from` seconds have passed, ticking once a second. The first render (also on
 * the server) shows `from`; the clock starts after hydration. Measured against Date.now() so a
 * throttled background tab still ends on time.
 */
export function useCountdown(from: number) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(from);

  useEffect(() => {
    setDeadline(Date.now() + from * 1000);
  }, [from]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setSeconds(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    setSeconds(from);
    setDeadline(Date.now() + from * 1000);
  }, [from]);

  return { seconds, restart };
}
