import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter of the page's URL as state, so that a list's page, sort, search and
 * filters survive a reload and can be shared as a link. Changing any value other than `page`
 * goes back to page 1 (the old page number may not exist in the new list).
 */
export function useUrlParam(name: string, fallback = ''): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const setValue = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === '' || next === fallback) updated.delete(name);
          else updated.set(name, next);
          if (name !== 'page') updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [name, fallback, setParams],
  );
  return [value, setValue];
}
