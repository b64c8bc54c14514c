import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { CustomerTokenScope } from '@shop/contract/customers';
import type { AppContext } from '../context.ts';
import { AppError } from './app-error.ts';

export interface RequestCustomer {
  id: number;
  tokenId: number;
  scope: CustomerTokenScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: RequestCustomer | null;
  }
}

/** Cache-Control of an answer for one signed-in person only. */
export const PRIVATE_ANSWER = 'private, no-store';

/**
 * onRequest of the calls that hand out a session (login, e-mail verification): their answer
 * carries the access token and the customer, which no cache on the way may keep.
 */
export const answerPrivately: onRequestAsyncHookHandler = async (_request, reply) => {
  reply.header('cache-control', PRIVATE_ANSWER);
};

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler for customer resources: a valid, unrevoked, unexpired Bearer token or a 401
 * `{name:'Unauthorized', …}`. `scopes` lists the token scopes the route accepts (default: full).
 * The answer is marked `private, no-store`: it is one customer's data (profile, addresses, orders),
 * and no cache between the shop and the browser — a CDN, a company proxy — may keep it for the
 * next person who asks for the same URL.
 */
export function requireCustomer(
  ctx: AppContext,
  scopes: CustomerTokenScope[] = ['full'],
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    reply.header('cache-control', PRIVATE_ANSWER);
    const token = bearerOf(request);
    if (!token || token.length > 200) throw AppError.unauthorized();
    const row = await ctx.findAccessToken(token);
    if (!row || !scopes.includes(row.scope)) throw AppError.unauthorized();
    request.customer = { id: row.customerId, tokenId: row.id, scope: row.scope };
  };
}

/** The authenticated customer of a request that passed requireCustomer. */
export function customerOf(request: FastifyRequest): RequestCustomer {
  if (!request.customer) throw AppError.unauthorized();
  return request.customer;
}

/**
 * The customer behind an optional Bearer token (forms open to guests and customers alike): null
 * without a token, and null for a token that is not a live full login, so a stale session
 * never blocks a guest's request.
 */
export async function optionalCustomerId(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const token = bearerOf(request);
  if (!token || token.length > 200) return null;
  const row = await ctx.findAccessToken(token);
  return row?.scope === 'full' ? row.customerId : null;
}
