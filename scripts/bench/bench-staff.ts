/**
 * The bench's back-office account. The bench runs the shop in production mode, which disables the
 * demo staff accounts (their passwords are published), so the bench adds its own manager the way
 * an owner would — `npm run staff:create`'s code — with a password made for this run.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@shop/db/client';
import {
  createStaffFromCommandLine,
  parseStaffCreateArgs,
} from '../../apps/server/src/modules/staff/staff-create.service.ts';

const ADMIN = '/backend/api/admin';

const BENCH_MANAGER = {
  email: 'bench-manager@kesarfoods.in',
  password: `Bench-${randomBytes(12).toString('hex')}`,
};

/** Adds the bench's manager to a freshly seeded database (before the server starts). */
export async function createBenchManager(db: Db): Promise<void> {
  const args = parseStaffCreateArgs([
    '--email',
    BENCH_MANAGER.email,
    '--role',
    'manager',
    '--password',
    BENCH_MANAGER.password,
  ]);
  if (!args.ok) throw new Error(`bench manager: ${args.message}`);
  await createStaffFromCommandLine(db, args);
}

/** Signs the bench's manager in (no second factor for a manager) and returns its cookie header. */
export async function benchManagerSession(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}${ADMIN}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_MANAGER),
  });
  if (!res.ok) throw new Error(`staff sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}
