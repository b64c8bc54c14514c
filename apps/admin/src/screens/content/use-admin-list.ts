import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, adminApi, type Query } from '../../api.ts';

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

/** `2026-11-25T14:30` (a datetime-local input, the browser's time zone) from an ISO instant. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO instant of a datetime-local input's value; null when empty. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** "25 Nov 2026, 14:30" in the browser's time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
