import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the customer still has to wait before asking for a new code: true for `seconds` after
 * the screen opens (or after `restart`), then false. One timer and no ticking count, because the
 * verify screens show the fixed text 'You can resend the OTP in 60 secs' (product rules §9). The first
 * render (also on the server) is waiting; the timer starts after hydration.
 */
export function useResendWait(seconds: number) {
  const [round, setRound] = useState(0);
  const [waiting, setWaiting] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` only restarts the timer
  useEffect(() => {
    setWaiting(true);
    const timer = window.setTimeout(() => setWaiting(false), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, round]);

  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { waiting, restart };
}
