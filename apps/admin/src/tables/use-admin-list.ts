import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, adminApi, type Query } from '../api.ts';
import { notifyFailed, notifySaved } from '../forms/notify.ts';

export interface AdminList<T> {
  items: T[];
  total: number;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** Loads a back-office list (`{ items, total? }`) and loads it again on `reload()` or new `query`. */
export function useAdminList<T>(path: string, query?: Query): AdminList<T> {
  const [state, setState] = useState<{ items: T[]; total: number; error: string | null }>({
    items: [],
    total: 0,
    error: null,
  });
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `query`; `version` asks again.
  useEffect(() => {
    let current = true;
    setLoading(true);
    adminApi
      .get<{ items: T[]; total?: number }>(path, query)
      .then((body) => {
        if (current) setState({ items: body.items, total: body.total ?? body.items.length, error: null });
      })
      .catch((error: unknown) => {
        if (current)
          setState((s) => ({
            ...s,
            error: error instanceof AdminApiError ? error.message : 'The list could not be loaded.',
          }));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [path, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, loading, reload };
}

/**
 * The on/off switch of a list's rows (coupons, carriers): PATCHes `is_active`, says what happened
 * in the row's own words ("DIWALI10 is switched off.") and loads the list again.
 */
export function useActiveSwitch<T extends { id: number; is_active: boolean }>(
  list: AdminList<T>,
  path: string,
  nameOf: (item: T) => string,
): (item: T) => Promise<void> {
  return async (item) => {
    try {
      await adminApi.patch(`${path}/${item.id}`, { is_active: !item.is_active });
      notifySaved(`${nameOf(item)} is switched ${item.is_active ? 'off' : 'on'}.`);
      list.reload();
    } catch (error) {
      notifyFailed(error);
    }
  };
}
