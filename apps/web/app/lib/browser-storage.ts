import { useSyncExternalStore } from 'react';

/**
 * A JSON value in localStorage that React components can subscribe to. Renders `fallback` on
 * the server and during hydration, then the stored value (no hydration mismatch).
 * Changes in other tabs arrive through the 'storage' event.
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** The value rendered on the server and during hydration. */
  fallback: T;
}

/** Subscribes a component to a stored value. */
export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.fallback);
}

/**
 * How a value is written to storage. 'json' for lists and objects; 'text' keeps a string as it is
 * (product rules §9: the access token is stored as the plain token, so it can be sent as a Bearer header
 * exactly as read). A 'text' value written by an older build as a JSON string is still read.
 */
export type StorageFormat = 'json' | 'text';

function decode(raw: string, format: StorageFormat): unknown {
  if (format === 'json') return JSON.parse(raw);
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

/**
 * `parse` turns what storage holds into the value, or undefined when it is no such value (then
 * `fallback`): it may repair what it can, so one bad part does not cost the rest.
 */
export function storedValue<T>(
  key: string,
  fallback: T,
  parse: (value: unknown) => T | undefined,
  format: StorageFormat = 'json',
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cacheRaw: string | null | undefined;
  let cacheValue: T = fallback;

  function read(): T {
    if (typeof window === 'undefined') return fallback;
    const raw = window.localStorage.getItem(key);
    if (raw === cacheRaw) return cacheValue;
    cacheRaw = raw;
    try {
      const parsed: unknown = raw === null ? fallback : decode(raw, format);
      cacheValue = parse(parsed) ?? fallback;
    } catch {
      cacheValue = fallback;
    }
    return cacheValue;
  }
  function emit() {
    for (const listener of listeners) listener();
  }
  const store: StoredValue<T> = {
    get: read,
    set(value) {
      window.localStorage.setItem(
        key,
        format === 'text' && typeof value === 'string' ? value : JSON.stringify(value),
      );
      emit();
    },
    clear() {
      window.localStorage.removeItem(key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    fallback,
  };
  return store;
}
