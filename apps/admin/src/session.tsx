import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { AdminApiError, adminApi, onUnauthorized, setCsrfToken } from './api.ts';
import type { StaffMe, StaffPermission } from '@shop/contract/admin/staff';

interface Session {
  /** The signed-in staff member; null when nobody is signed in. */
  staff: StaffMe | null;
  /** Takes the staff member a finished sign-in returned. */
  signedIn(staff: StaffMe): void;
  signOut(): Promise<void>;
  can(permission: StaffPermission | null): boolean;
}

const SessionContext = createContext<Session | null>(null);

/** The current session: who is signed in and what they may use. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

type Loaded = { state: 'loading' } | { state: 'ready'; staff: StaffMe | null } | { state: 'error' };

/**
 * Asks the server once who is signed in (the session cookie is httpOnly, so only the server
 * knows), keeps the CSRF token for the API client, and forgets the staff member as soon as any
 * call answers 401 (session expired or revoked by the owner).
 */
export function SessionProvider({
  children,
  loading,
  failed,
}: {
  children: ReactNode;
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (a retry) asks again
  useEffect(() => {
    let live = true;
    adminApi
      .get<{ staff: StaffMe }>('session')
      .then(({ staff }) => {
        if (!live) return;
        setCsrfToken(staff.csrf_token);
        setLoaded({ state: 'ready', staff });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof AdminApiError && error.status === 401)
          setLoaded({ state: 'ready', staff: null });
        else setLoaded({ state: 'error' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const staff = loaded.state === 'ready' ? loaded.staff : null;
  useEffect(
    () =>
      onUnauthorized(() => {
        setCsrfToken(null);
        setLoaded({ state: 'ready', staff: null });
      }),
    [],
  );

  const signedIn = useCallback((next: StaffMe) => {
    setCsrfToken(next.csrf_token);
    setLoaded({ state: 'ready', staff: next });
  }, []);
  const signOut = useCallback(async () => {
    try {
      await adminApi.delete('session');
    } finally {
      setCsrfToken(null);
      setLoaded({ state: 'ready', staff: null });
    }
  }, []);
  const can = useCallback(
    (permission: StaffPermission | null) =>
      Boolean(staff) && (permission === null || Boolean(staff?.permissions.includes(permission))),
    [staff],
  );
  const value = useMemo(() => ({ staff, signedIn, signOut, can }), [staff, signedIn, signOut, can]);

  if (loaded.state === 'loading') return loading;
  if (loaded.state === 'error') return failed(() => setAttempt((n) => n + 1));
  return <SessionContext value={value}>{children}</SessionContext>;
}
