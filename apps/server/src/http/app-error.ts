import type { FieldError } from '@shop/contract/api-error';

export type AppErrorKind =
  | 'invalid'
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-many-requests'
  | 'bad-gateway';

const statusOfKind: Record<AppErrorKind, number> = {
  invalid: 422,
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-requests': 429,
  'bad-gateway': 502,
};

/**
 * The one error type of the server . The error handler maps it to the
 * product's shapes: 'invalid' → 422 `[{field, message}]`, the rest → `{name, message, code, status}`.
 */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly status: number;
  readonly fields: FieldError[];

  constructor(kind: AppErrorKind, message: string, fields: FieldError[] = []) {
    super(message);
    this.kind = kind;
    this.status = statusOfKind[kind];
    this.fields = fields;
  }

  /** A 422 for one field. */
  static invalid(field: string, message: string): AppError {
    return new AppError('invalid', message, [{ field, message }]);
  }

  static notFound(message = 'The requested resource was not found.'): AppError {
    return new AppError('not-found', message);
  }

  static unauthorized(message = 'Your request was made with invalid credentials.'): AppError {
    return new AppError('unauthorized', message);
  }
}
