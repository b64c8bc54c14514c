import { settingsListSchema, settingsUpdateSchema } from '@shop/contract/admin/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import {
  issueInvoicesAwaitingRegistration,
  listAdminSettings,
  updateSettings,
} from './settings-admin.service.ts';

/** The shop's typed settings (permission 'settings'): each with its kind and where it shows. */
export async function settingsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: settings'];
  const guard = requireStaff(ctx, 'settings');

  api.get(
    '/settings',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every editable setting: value (paise for money), kind, and where it shows',
        response: { 200: settingsListSchema },
      },
    },
    async () => ({ items: await listAdminSettings(ctx.db) }),
  );

  api.put(
    '/settings',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Saves some settings, all or none; a 422 names each wrong key',
        description:
          'When the save leaves the shop registration (legal name, address, GSTIN, state, FSSAI ' +
          'number) valid, the tax invoices of orders confirmed while it was incomplete are issued, ' +
          'oldest confirmation first, dated today.',
        body: settingsUpdateSchema,
        response: { 200: settingsListSchema },
      },
    },
    async (request) => {
      const items = await updateSettings(
        ctx.db,
        { staffId: staffOf(request).id, ip: request.ip },
        request.body.values,
      );
      await issueInvoicesAwaitingRegistration(ctx, Object.keys(request.body.values));
      return { items };
    },
  );
}
