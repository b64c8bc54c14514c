import { CSRF_HEADER } from '@shop/contract/admin/staff';
import type { FieldError, NamedError } from '@shop/contract/api-error';
import { errorMessageOf } from '@shop/contract/api-error';
import { ADMIN_API_PREFIX } from '@shop/contract/api-prefix';

export type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * A refused or failed call, carrying the API's own error body: a `{ field, message }[]` list for
 * 422, `{ name, message, code, status }` otherwise. `status` 0 means the shop was not reached.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly body: NamedError | FieldError[] | null;
  constructor(status: number, body: NamedError | FieldError[] | null, message: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.body = body;
  }

  /** The 422 list as field → first message, for showing each message under its input. */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    if (Array.isArray(this.body)) for (const { field, message } of this.body) errors[field] ??= message;
    return errors;
  }
}

let csrfToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

/** The session's CSRF token, sent as `X-CSRF-Token` with every unsafe method. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when the API answers 401: the session ended (expired, revoked, signed out elsewhere). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** `path?query` under the admin API's prefix (/backend/api/admin); empty, null and undefined values are left out. */
export function adminUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  const qs = params.toString();
  return `${ADMIN_API_PREFIX}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

async function send(method: string, path: string, query?: Query, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (!SAFE_METHODS.has(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(adminUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AdminApiError(0, null, 'Could not reach the shop. Please check your connection.');
  }
  if (response.ok) return response;
  const text = await response.text();
  let data: NamedError | FieldError[] | null = null;
  try {
    data = text ? (JSON.parse(text) as NamedError | FieldError[]) : null;
  } catch {
    data = null;
  }
  // The session call itself answers 401 for "not signed in": that is not a session that ended.
  if (response.status === 401 && path.replace(/^\//, '') !== 'session')
    for (const listener of unauthorizedListeners) listener();
  throw new AdminApiError(
    response.status,
    data,
    errorMessageOf(data, `The request failed (${response.status}). Please try again.`),
  );
}

async function json<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
  const response = await send(method, path, query, body);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The back office's one way to call its API: same-origin cookie session, the CSRF header on
 * unsafe methods, and the API's error shape thrown as an AdminApiError.
 */
export const adminApi = {
  get: <T>(path: string, query?: Query) => json<T>('GET', path, query),
  post: <T>(path: string, body?: unknown) => json<T>('POST', path, undefined, body ?? {}),
  put: <T>(path: string, body?: unknown) => json<T>('PUT', path, undefined, body ?? {}),
  patch: <T>(path: string, body?: unknown) => json<T>('PATCH', path, undefined, body ?? {}),
  delete: <T = void>(path: string) => json<T>('DELETE', path),
  /**
   * Fetches a file (a CSV export) and hands it to the browser under the server's file name (or
   * `fallbackName`): a plain link would work too, but this way a refusal shows as a message.
   */
  async download(path: string, query: Query | undefined, fallbackName: string): Promise<void> {
    const response = await send('GET', path, query);
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
