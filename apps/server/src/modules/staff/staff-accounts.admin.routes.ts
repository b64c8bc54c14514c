import {
  createdStaffSchema,
  createStaffSchema,
  staffAccountListSchema,
  staffAccountSchema,
  updateStaffSchema,
} from '@shop/contract/admin/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import {
  type Actor,
  createStaffAccount,
  listStaffAccounts,
  resetStaffTotp,
  unlockStaffAccount,
  updateStaffAccount,
} from './staff-accounts.service.ts';

const idParams = z.object({ id: idParam });

/** The owner's staff management (permission 'staff'). */
export async function staffAccountsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: staff'];
  const owner = requireStaff(ctx, 'staff');
  const actorOf = (request: FastifyRequest): Actor => ({ id: staffOf(request).id, ip: request.ip });

  api.get(
    '/staff',
    {
      preHandler: owner,
      schema: { tags, summary: 'Staff accounts', response: { 200: staffAccountListSchema } },
    },
    async () => listStaffAccounts(ctx.db),
  );

  api.post(
    '/staff',
    {
      preHandler: owner,
      schema: {
        tags,
        summary: 'Create a staff account (without a password, one is generated and returned once)',
        body: createStaffSchema,
        response: { 200: createdStaffSchema },
      },
    },
    async (request) => createStaffAccount(ctx.db, actorOf(request), request.body),
  );

  api.patch(
    '/staff/:id',
    {
      preHandler: owner,
      schema: {
        tags,
        summary: 'Change name or role, disable or enable',
        params: idParams,
        body: updateStaffSchema,
        response: { 200: staffAccountSchema },
      },
    },
    async (request) => updateStaffAccount(ctx.db, actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/staff/:id/reset-totp',
    {
      preHandler: owner,
      schema: {
        tags,
        summary: 'Remove the second factor and recovery codes (the member sets them up again)',
        params: idParams,
        response: { 200: staffAccountSchema },
      },
    },
    async (request) => resetStaffTotp(ctx.db, actorOf(request), request.params.id),
  );

  api.post(
    '/staff/:id/unlock',
    {
      preHandler: owner,
      schema: {
        tags,
        summary: 'Lift a sign-in lock',
        params: idParams,
        response: { 200: staffAccountSchema },
      },
    },
    async (request) => unlockStaffAccount(ctx.db, actorOf(request), request.params.id),
  );
}
