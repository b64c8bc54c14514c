import { timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import {
  CSRF_HEADER,
  ROLES_REQUIRING_TOTP,
  roleHasPermission,
  type StaffPermission,
  type StaffRole,
  staffMessages,
} from '@shop/contract/admin/staff';
import type { FastifyInstance, FastifyRequest, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../env.ts';
import type { AppContext, StaffSessionLookup } from '../context.ts';
import { AppError } from './app-error.ts';
import { PRIVATE_ANSWER } from './authenticate.ts';

export type { StaffPermission } from '@shop/contract/admin/staff';

/** The signed-in staff member of a request that passed requireStaff. */
export interface RequestStaff {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: RequestStaff | null;
  }
}

/**
 * What an admin operation requires, as its OpenAPI operation states it in `x-permission`: a
 * permission of the role table, 'signed-in' (any staff member, e.g. their own sessions), or
 * 'public' (the sign-in steps themselves). The authorization matrix test reads it from there.
 */
export type AdminAccess = StaffPermission | 'signed-in' | 'public';
export const PERMISSION_EXTENSION = 'x-permission';

/**
 * The session cookie: `__Host-` prefixed when the shop is served over https (Secure, Path=/, no
 * Domain: no subdomain or plain-http page can set or overwrite it), plain otherwise so that
 * development over http://127.0.0.1 works. httpOnly and SameSite=Strict either way.
 */
export function staffCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-staff_session' : 'staff_session';
}

export function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/** The session token a request presents, if any. */
export function staffTokenOf(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string | undefined {
  const token = request.cookies?.[staffCookieName(config)];
  return token && token.length <= 200 ? token : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface GuardOptions {
  /** Null: any signed-in staff member. */
  permission: StaffPermission | null;
  /**
   * Let an owner who has not set up two-factor authentication through (the enrolment and the
   * session's own endpoints); everything else waits until it is set up.
   */
  allowPendingEnrolment?: boolean;
}

/**
 * The live session of a request, checked in this order: a live session (else 401), the CSRF
 * token on unsafe methods (else 403 "reload"), a required second factor set up (else 403), the
 * permission (else 403). The CSRF check comes before the permission so that a forged request
 * learns nothing about what the victim may do.
 */
async function checkStaff(ctx: AppContext, request: FastifyRequest, options: GuardOptions) {
  const token = staffTokenOf(ctx.config, request);
  const session: StaffSessionLookup | undefined = token ? await ctx.findStaffSession(token) : undefined;
  if (session?.stage !== 'live') throw AppError.unauthorized(staffMessages.signInRequired);
  if (!SAFE_METHODS.has(request.method) && !csrfMatches(request.headers[CSRF_HEADER], session.csrfToken))
    throw new AppError('forbidden', staffMessages.reloadPage);
  if (!options.allowPendingEnrolment && !session.totpEnabled && ROLES_REQUIRING_TOTP.includes(session.role))
    throw new AppError('forbidden', staffMessages.enrolTotpFirst);
  if (options.permission && !roleHasPermission(session.role, options.permission))
    throw new AppError('forbidden', staffMessages.noPermission);
  request.staff = { id: session.staffId, email: session.email, role: session.role, sessionId: session.id };
}

const ACCESS = Symbol('staff access');
type TaggedGuard = preHandlerAsyncHookHandler & { [ACCESS]?: AdminAccess };

function tagged(handler: preHandlerAsyncHookHandler, access: AdminAccess): TaggedGuard {
  return Object.assign(handler, { [ACCESS]: access });
}

/**
 * preHandler of an admin operation: 401 without a live staff session, 403 "Please reload the
 * page and try again." for an unsafe method without the session's X-CSRF-Token, 403 "You do not
 * have permission to do this." when the role lacks `permission`. Sets `request.staff`. The answer is
 * marked `private, no-store`, as a customer's is (authenticate.ts).
 */
export function requireStaff(ctx: AppContext, permission: StaffPermission): preHandlerAsyncHookHandler {
  return tagged((request, reply) => {
    reply.header('cache-control', PRIVATE_ANSWER);
    return checkStaff(ctx, request, { permission });
  }, permission);
}

/** preHandler of what every staff member may do for themselves (their sessions, their password). */
export function requireSignedInStaff(
  ctx: AppContext,
  options: { allowPendingEnrolment?: boolean } = {},
): preHandlerAsyncHookHandler {
  return tagged((request, reply) => {
    reply.header('cache-control', PRIVATE_ANSWER);
    return checkStaff(ctx, request, { permission: null, ...options });
  }, 'signed-in');
}

/** Marks an operation open without a session (the sign-in steps): their own checks apply. */
export const PUBLIC_ADMIN_OPERATION = { [PERMISSION_EXTENSION]: 'public' } as const;

/** The signed-in staff member of a request that passed requireStaff. */
export function staffOf(request: FastifyRequest): RequestStaff {
  if (!request.staff) throw AppError.unauthorized(staffMessages.signInRequired);
  return request.staff;
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function accessOf(preHandler: unknown): AdminAccess | undefined {
  const handlers = toArray(preHandler);
  for (const handler of handlers) {
    const access = (handler as TaggedGuard | undefined)?.[ACCESS];
    if (access) return access;
  }
  return undefined;
}

/**
 * Every admin operation states who may call it: the guard's permission is written into its
 * OpenAPI operation as `x-permission` (and into the route's config), and an operation with
 * neither a guard nor `x-permission: 'public'` stops the server from starting — an unguarded
 * admin route is a bug no test should have to find.
 */
export function enforceStaffGuards(admin: FastifyInstance) {
  admin.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    const declared = (route.schema as Record<string, unknown> | undefined)?.[PERMISSION_EXTENSION];
    const access =
      accessOf(route.preHandler) ??
      accessOf(route.onRequest) ??
      (declared === 'public' ? 'public' : undefined);
    if (!access)
      throw new Error(
        `${route.method} ${route.url}: admin routes need preHandler (or onRequest): requireStaff(ctx, permission), or schema['${PERMISSION_EXTENSION}']: 'public'`,
      );
    // The guard runs first thing (onRequest), before the body is parsed and validated: a request
    // without a session is a 401 whatever its body, and a forged one is refused unread.
    const handlers = toArray(route.preHandler);
    const guards = handlers.filter((handler) => accessOf(handler) !== undefined);
    if (guards.length > 0) {
      route.preHandler = handlers.filter((handler) => !guards.includes(handler)) as typeof route.preHandler;
      route.onRequest = [...guards, ...toArray(route.onRequest)] as typeof route.onRequest;
    }
    route.schema = { ...route.schema, [PERMISSION_EXTENSION]: access } as FastifySchema;
    route.config = { ...route.config, staffAccess: access } as typeof route.config;
  });
}
