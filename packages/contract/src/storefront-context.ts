/**
 * What the server hands to the storefront's loaders (React Router `context`).
 * Loaders call the same REST API in-process (no network hop), so there is one contract.
 */
export interface ApiGetOptions {
  query?: Record<string, string | number | undefined>;
  /** Bearer token for customer resources (client side only; SSR pages are public). */
  token?: string;
}

export interface StorefrontApi {
  /** GET under /backend/api/web; resolves the JSON body or throws an ApiFailure. */
  get<T>(path: string, options?: ApiGetOptions): Promise<T>;
}

export interface StorefrontLoadContext {
  api: StorefrontApi;
  /**
   * A value made by `make` from public API answers once and shared by every render after, until a
   * change touches one of those answers (the layout's data: settings, menus, categories …). The
   * value is frozen: renders read it and never change it.
   */
  shared<T>(key: string, make: (api: StorefrontApi) => Promise<T>): Promise<T>;
  publicUrl: string;
  isProduction: boolean;
  /**
   * This response's content-security-policy nonce: the document's inline scripts carry it (the
   * policy allows no other inline script). Server-only; never put it in loader data.
   */
  cspNonce?: string;
}

/** Marks an ApiFailure whichever copy of this module made it (see hasInstance below). */
const API_FAILURE = Symbol.for('@shop/contract/ApiFailure');

/** A non-2xx API answer: status plus the contract's error body. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly [API_FAILURE] = true;
  constructor(status: number, data: unknown, message: string) {
    super(message);
    this.status = status;
    this.data = data;
  }

  /**
   * The server's in-process API (tsx) and the storefront build (bundled) each load their own copy
   * of this class, so plain `instanceof` failed for every loader's error from the server and a
   * refused request (a 4xx) became a 500. The brand is a registered symbol, shared by all copies.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && API_FAILURE in value;
  }
}

/** Builds `path?query` with the Yii2 bracket keys kept as they are (URL-encoded). */
export function withQuery(path: string, query?: ApiGetOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
