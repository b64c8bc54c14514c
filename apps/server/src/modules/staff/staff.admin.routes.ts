import {
  changeStaffPasswordSchema,
  staffCodeRequestSchema,
  staffDoneSchema,
  staffMeResponseSchema,
  staffSessionListSchema,
  staffSessionRequestSchema,
  staffSessionStepSchema,
  totpEnrolmentSchema,
} from '@shop/contract/admin/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { PRIVATE_ANSWER } from '../../http/authenticate.ts';
import { idParam } from '../../http/query-params.ts';
import {
  isHttps,
  PUBLIC_ADMIN_OPERATION,
  requireSignedInStaff,
  staffCookieName,
  staffOf,
  staffTokenOf,
} from '../../http/require-staff.ts';
import {
  type ClientInfo,
  changeOwnPassword,
  completeSecondFactor,
  confirmTotpEnrolment,
  currentStaff,
  listStaffSessions,
  revokeStaffSession,
  type SessionOutcome,
  signIn,
  signOut,
  startTotpEnrolment,
} from './staff.service.ts';
import { staffAccountsAdminRoutes } from './staff-accounts.admin.routes.ts';

const messageSchema = z.object({ message: z.string() });

/**
 * The back office's sign-in, session and own-account operations (mounted under
 * /backend/api/admin), and the owner's staff management.
 */
export async function staffAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: session'];
  const cookieName = staffCookieName(ctx.config);
  const secure = isHttps(ctx.config);
  const signedIn = requireSignedInStaff(ctx, { allowPendingEnrolment: true });

  const clientOf = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    presentedToken: staffTokenOf(ctx.config, request),
  });
  const setSession = <Body>(reply: FastifyReply, outcome: SessionOutcome<Body>): Body => {
    // A sign-in step's answer belongs to this browser alone (its cookie, who signed in).
    reply.header('cache-control', PRIVATE_ANSWER);
    if (outcome.token)
      reply.setCookie(cookieName, outcome.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        maxAge: outcome.maxAgeSeconds,
      });
    return outcome.body;
  };

  api.post(
    '/session',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        ...PUBLIC_ADMIN_OPERATION,
        body: staffSessionRequestSchema,
        response: { 200: staffSessionStepSchema },
      },
    },
    async (request, reply) => setSession(reply, await signIn(ctx, request.body, clientOf(request))),
  );

  api.post(
    '/session/totp',
    {
      schema: {
        tags,
        summary: 'Give the second factor: a TOTP code or a recovery code',
        ...PUBLIC_ADMIN_OPERATION,
        body: staffCodeRequestSchema,
        response: { 200: staffDoneSchema },
      },
    },
    async (request, reply) =>
      setSession(reply, await completeSecondFactor(ctx, request.body.code, clientOf(request))),
  );

  api.get(
    '/session',
    {
      preHandler: signedIn,
      schema: { tags, summary: 'The signed-in staff member', response: { 200: staffMeResponseSchema } },
    },
    async (request) => currentStaff(ctx, staffOf(request)),
  );

  // Signing out needs no CSRF token: the worst a forged request can do is sign someone out.
  api.delete(
    '/session',
    { schema: { tags, summary: 'Sign out', ...PUBLIC_ADMIN_OPERATION, response: { 204: z.null() } } },
    async (request, reply) => {
      await signOut(ctx, staffTokenOf(ctx.config, request), request.ip);
      reply.clearCookie(cookieName, { path: '/', secure, httpOnly: true, sameSite: 'strict' });
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/session/totp/enrol',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Start setting up two-factor authentication (secret and recovery codes, shown once)',
        response: { 200: totpEnrolmentSchema },
      },
    },
    async (request) => startTotpEnrolment(ctx, staffOf(request)),
  );

  api.post(
    '/session/totp/enrol/confirm',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Confirm two-factor authentication with the first code from the app',
        body: staffCodeRequestSchema,
        response: { 200: staffDoneSchema },
      },
    },
    async (request, reply) =>
      setSession(
        reply,
        await confirmTotpEnrolment(ctx, staffOf(request), request.body.code, clientOf(request)),
      ),
  );

  api.post(
    '/session/password',
    {
      preHandler: requireSignedInStaff(ctx),
      schema: {
        tags,
        summary: 'Change your own password (ends your other sessions)',
        body: changeStaffPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => changeOwnPassword(ctx, staffOf(request), request.body, request.ip),
  );

  api.get(
    '/sessions',
    {
      preHandler: requireSignedInStaff(ctx),
      schema: {
        tags,
        summary: 'Open sessions: every account for an owner, your own otherwise',
        response: { 200: staffSessionListSchema },
      },
    },
    async (request) => listStaffSessions(ctx, staffOf(request)),
  );

  api.delete(
    '/sessions/:id',
    {
      preHandler: requireSignedInStaff(ctx),
      schema: {
        tags,
        summary: 'End a session (an owner: any; otherwise your own)',
        params: z.object({ id: idParam }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeStaffSession(ctx, staffOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  await staffAccountsAdminRoutes(app, ctx);
}
