import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { findLiveToken, type TokenScope } from '../modules/customers/customer-token.ts';
import { AppError } from './app-error.ts';

export interface RequestCustomer {
  id: number;
  tokenId: number;
  scope: TokenScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: RequestCustomer | null;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler for customer resources: a valid, unrevoked, unexpired Bearer token or a 401
 * `{name:'Unauthorized', …}`. `scopes` lists the token scopes the route accepts (default: full).
 */
export function requireCustomer(
  ctx: AppContext,
  scopes: TokenScope[] = ['full'],
): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerOf(request);
    if (!token || token.length > 200) throw AppError.unauthorized();
    const row = await findLiveToken(ctx.db, token);
    if (!row || !scopes.includes(row.scope as TokenScope)) throw AppError.unauthorized();
    request.customer = { id: row.customerId, tokenId: row.id, scope: row.scope as TokenScope };
  };
}

/** The authenticated customer of a request that passed requireCustomer. */
export function customerOf(request: FastifyRequest): RequestCustomer {
  if (!request.customer) throw AppError.unauthorized();
  return request.customer;
}
