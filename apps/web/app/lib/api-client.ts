import { API_PREFIX } from '@shop/contract/api-prefix';
import { ApiFailure, type ApiGetOptions, withQuery } from '@shop/contract/storefront-context';
import { sessionStore } from './session-store.ts';

/** Client-side fetch error statuses of product rules §8. */
export type FetchErrorStatus = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export interface ApiRequestOptions extends ApiGetOptions {
  body?: unknown;
  /** Send the stored access token (customer resources). Default: true when one is stored. */
  auth?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Calls the shop's REST API from the browser. Resolves the JSON body; rejects with an ApiFailure
 * whose `data` is the contract's error body (422 array or named error), or whose status is a
 * FetchErrorStatus for network, timeout and parsing failures. An 'Unauthorized' answer clears
 * the stored session (product rules §6).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.token ?? (options.auth === false ? undefined : sessionStore.token());
  if (token) headers.authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
  let response: Response;
  try {
    response = await fetch(withQuery(`${API_PREFIX}/${path.replace(/^\//, '')}`, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted;
    throw new ApiFailure(
      0,
      { status: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR' },
      timedOut
        ? 'The request timed out. Please try again.'
        : 'Could not reach the shop. Please check your connection.',
    );
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiFailure(response.status, { status: 'PARSING_ERROR' }, 'The shop sent an unreadable answer.');
  }
  if (!response.ok) {
    const name =
      data && typeof data === 'object' && 'name' in data ? (data as { name?: unknown }).name : undefined;
    if (response.status === 401 && name === 'Unauthorized' && token) sessionStore.clear();
    throw new ApiFailure(response.status, data, `Request failed (${response.status})`);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>('DELETE', path, options),
};

/**
 * Downloads a file the API serves to the logged-in customer (an invoice PDF): fetched with the
 * stored token, which a plain link cannot send, and handed to the browser under `fileName`.
 * Rejects with an ApiFailure carrying the API's error body.
 */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  const token = sessionStore.token();
  const response = await fetch(`${API_PREFIX}/${path.replace(/^\//, '')}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw new ApiFailure(response.status, data, `Request failed (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
