/**
 * The API's error shapes (product rules §7, Yii2-compatible).
 * - 422 validation: an array of `{ field, message }`.
 * - every other error: `{ name, message, code: 0, status }`.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface NamedError {
  name: string;
  message: string;
  code: number;
  status: number;
}

export const httpErrorNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Data Validation Failed.',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * The product's §8 rule for the message shown to a shopper: the first message of a data array,
 * then data.message, then a fallback.
 */
export function errorMessageOf(data: unknown, fallback: string): string {
  if (Array.isArray(data)) {
    const first = data[0] as { message?: unknown } | undefined;
    if (first && typeof first.message === 'string') return first.message;
  }
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
