import {
  CSRF_HEADER,
  roleHasPermission,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type StaffPermission,
  type StaffRole,
  staffMessages,
} from '@shop/contract/admin/staff';
import { ADMIN_API_PREFIX, API_PREFIX } from '@shop/contract/api-prefix';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_EXTENSION } from './http/require-staff.ts';
import { makeCustomer } from './modules/orders/orders.test-kit.ts';
import { type SignedInStaff, signInStaff } from './modules/staff/staff.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The back office's authorization matrix, generated from the OpenAPI document the server serves:
 * every operation under /backend/api/admin is called by six callers and must answer as its
 * declared permission (`x-permission`, written by the requireStaff guard) says:
 *
 * | caller                       | permission P                  | 'signed-in' | 'public' |
 * |------------------------------|-------------------------------|-------------|----------|
 * | no session                   | 401                           | 401         | any      |
 * | a customer's Bearer token    | 401                           | 401         | any      |
 * | staff, manager, owner        | 403 unless the role has P     | allowed     | any      |
 * | owner with a wrong CSRF token| 403 on POST/PUT/PATCH/DELETE  | same        | any      |
 *
 * "Allowed" means neither 401 nor 403 (a 404 for a made-up id or a 422 for an empty body is the
 * operation itself answering). No caller ever gets a 5xx. Operations added later are covered as
 * soon as they are in the document; one without `x-permission` fails here (and the server does
 * not start without a guard on it).
 */
type Caller = 'no session' | 'customer token' | StaffRole | 'wrong CSRF token';
type Access = StaffPermission | 'signed-in' | 'public';
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  [PERMISSION_EXTENSION]?: string;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function isAccess(value: unknown): value is Access {
  return (
    value === 'signed-in' || value === 'public' || (STAFF_PERMISSIONS as readonly unknown[]).includes(value)
  );
}

/** What `caller` must get from an operation needing `access` (null: anything below 500). */
function expected(
  caller: Caller,
  access: Access,
  method: string,
): { status: 401 | 403 | 'allowed'; message?: string } | null {
  if (access === 'public') return null;
  if (caller === 'no session' || caller === 'customer token') return { status: 401 };
  if (caller === 'wrong CSRF token')
    return UNSAFE.has(method) ? { status: 403, message: staffMessages.reloadPage } : { status: 'allowed' };
  if (access === 'signed-in' || roleHasPermission(caller, access)) return { status: 'allowed' };
  return { status: 403, message: staffMessages.noPermission };
}

describe('admin authorization matrix (from the OpenAPI document)', () => {
  let t: TestApp;
  let doc: OpenApi;
  let customerAuth: Record<string, string>;
  const sessions = new Map<StaffRole, SignedInStaff>();

  beforeAll(async () => {
    t = await createTestApp();
    customerAuth = (await makeCustomer(t.database.db)).auth;
    for (const role of STAFF_ROLES) sessions.set(role, await signInStaff(t.app, role));
    const response = await t.request({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
    expect(response.statusCode).toBe(200);
    doc = response.json<OpenApi>();
  });
  afterAll(() => t.close());

  /** The role's session, signed in again if an operation (sign-out, a revocation) ended it. */
  async function sessionOf(role: StaffRole): Promise<SignedInStaff> {
    const current = sessions.get(role);
    if (current) {
      const alive = await t.request({
        method: 'GET',
        url: `${ADMIN_API_PREFIX}/session`,
        headers: current.headers,
      });
      if (alive.statusCode === 200) return current;
    }
    const fresh = await signInStaff(t.app, role);
    sessions.set(role, fresh);
    return fresh;
  }

  async function headersOf(caller: Caller): Promise<Record<string, string>> {
    switch (caller) {
      case 'no session':
        return {};
      case 'customer token':
        return customerAuth;
      case 'wrong CSRF token': {
        const { headers } = await sessionOf('owner');
        return { ...headers, [CSRF_HEADER]: 'not-the-session-token' };
      }
      default:
        return (await sessionOf(caller)).headers;
    }
  }

  it('lists the admin operations with a declared permission each', () => {
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(ADMIN_API_PREFIX))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => METHODS.has(method))
          .map(([method, op]) => ({ path, method, access: op[PERMISSION_EXTENSION] })),
      );
    // The staff lane's own operations are there; every operation states who may call it.
    expect(operations.length).toBeGreaterThanOrEqual(14);
    expect(operations.filter((op) => !isAccess(op.access))).toEqual([]);
    expect(
      operations.find((op) => op.path === `${ADMIN_API_PREFIX}/staff` && op.method === 'get')?.access,
    ).toBe('staff');
    expect(
      operations.find((op) => op.path === `${ADMIN_API_PREFIX}/audit` && op.method === 'get')?.access,
    ).toBe('audit');
  });

  it('answers every admin operation × caller as its permission says, and never with a 5xx', async () => {
    const callers: Caller[] = [
      'no session',
      'customer token',
      'staff',
      'manager',
      'owner',
      'wrong CSRF token',
    ];
    const failures: string[] = [];
    const table: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith(ADMIN_API_PREFIX)) continue;
      for (const [lower, operation] of Object.entries(item)) {
        if (!METHODS.has(lower)) continue;
        const method = lower.toUpperCase();
        const access = operation[PERMISSION_EXTENSION];
        if (!isAccess(access)) {
          failures.push(`${method} ${path}: no ${PERMISSION_EXTENSION}`);
          continue;
        }
        // Made-up ids: an allowed call reaches the operation, which finds nothing to change.
        const url = path.replace(/\{[^}]+\}/g, '999999');
        const row: string[] = [];
        for (const caller of callers) {
          const options: InjectOptions = {
            method: method as InjectOptions['method'],
            url,
            headers: await headersOf(caller),
            ...(operation.requestBody ? { payload: {} } : {}),
          };
          const response = await t.app.inject(options);
          const status = response.statusCode;
          row.push(`${caller}=${status}`);
          const want = expected(caller, access, method);
          const where = `${method} ${path} [${access}] as ${caller}`;
          if (status >= 500) {
            failures.push(`${where}: ${status} ${response.body.slice(0, 200)}`);
            continue;
          }
          if (!want) continue;
          if (want.status === 'allowed') {
            if (status === 401 || status === 403)
              failures.push(
                `${where}: expected to be let through, got ${status} ${response.body.slice(0, 200)}`,
              );
          } else if (status !== want.status) {
            failures.push(`${where}: expected ${want.status}, got ${status} ${response.body.slice(0, 200)}`);
          } else if (want.message && response.json<{ message?: string }>().message !== want.message) {
            failures.push(`${where}: expected "${want.message}", got ${response.body.slice(0, 200)}`);
          }
        }
        table.push(`${method.padEnd(6)} ${path} [${access}]: ${row.join(' ')}`);
      }
    }
    if (failures.length) console.log(table.join('\n'));
    expect(failures).toEqual([]);
  });
});
