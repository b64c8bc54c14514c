import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { enforceStaffGuards, PERMISSION_EXTENSION, requireStaff } from './require-staff.ts';

/** Only what the guard reads: the cookie's name comes from the public URL; no session exists. */
const ctx = {
  config: { publicUrl: 'http://127.0.0.1:3000' },
  findStaffSession: async () => undefined,
} as unknown as AppContext;

async function adminApp(register: (api: FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('staff', null);
  await app.register(async (admin) => {
    enforceStaffGuards(admin);
    register(admin);
  });
  return app;
}

describe('every admin route is guarded', () => {
  it('refuses to start with an admin route that has no requireStaff guard', async () => {
    await expect(
      adminApp((admin) => {
        admin.get('/unguarded', async () => ({ ok: true }));
      }).then((app) => app.ready()),
    ).rejects.toThrow(/GET \/unguarded: admin routes need preHandler/);
  });

  it('writes the permission into the route schema and checks the session before the body', async () => {
    let schema: Record<string, unknown> | undefined;
    const app = await adminApp((admin) => {
      admin.addHook('onRoute', (route) => {
        schema = route.schema as Record<string, unknown>;
      });
      admin
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/products',
          { preHandler: requireStaff(ctx, 'catalogue'), schema: { body: z.object({ name: z.string() }) } },
          async () => ({ ok: true }),
        );
    });
    await app.ready();
    expect(schema?.[PERMISSION_EXTENSION]).toBe('catalogue');
    // No session and an invalid body: the 401 comes first, the body is never validated.
    const response = await app.inject({ method: 'POST', url: '/products', payload: { name: 42 } });
    expect(response.statusCode).toBe(401);
    await app.close();
  });
});
