/**
 * The per-account login limit (README "Security"): 10 failed logins of one e-mail within
 * 15 minutes lock it for 15 minutes. The counters live where the other rate limits live — in
 * memory, or in Redis with REDIS_URL, where every instance sees the same lock.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { customerMessages } from '@shop/contract/customers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter, redisRateLimiter } from '../../plugins/rate-limiter.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isLoginLocked, LOGIN_LOCKOUT, recordLoginFailure } from './login-lockout.ts';

const MINUTE = 60_000;

describe('login lockout counters in memory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('locks an e-mail on its 10th failure within 15 minutes and unlocks it 15 minutes later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = memoryRateLimiter({ ipScale: 1 });
    expect(LOGIN_LOCKOUT).toEqual({ maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
    for (let i = 0; i < 9; i += 1) await recordLoginFailure(limiter, 'a@b.in');
    expect(await isLoginLocked(limiter, 'a@b.in')).toBe(false);
    await recordLoginFailure(limiter, 'a@b.in');
    expect(await isLoginLocked(limiter, 'a@b.in')).toBe(true);
    expect(await isLoginLocked(limiter, 'c@d.in')).toBe(false);

    vi.advanceTimersByTime(15 * MINUTE - 1_000);
    expect(await isLoginLocked(limiter, 'a@b.in')).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(await isLoginLocked(limiter, 'a@b.in')).toBe(false);
    // A fresh window: one more failure does not lock again.
    await recordLoginFailure(limiter, 'a@b.in');
    expect(await isLoginLocked(limiter, 'a@b.in')).toBe(false);
    await limiter.close();
  });

  it('forgets failures older than the 15-minute window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = memoryRateLimiter({ ipScale: 1 });
    for (let i = 0; i < 9; i += 1) await recordLoginFailure(limiter, 'slow@b.in');
    vi.advanceTimersByTime(15 * MINUTE);
    await recordLoginFailure(limiter, 'slow@b.in');
    expect(await isLoginLocked(limiter, 'slow@b.in')).toBe(false);
    await limiter.close();
  });
});

/** A throw-away redis-server on a free port, when the machine has one. */
const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

/**
 * Starts redis-server on a free port. Another process may take the port between the probe and
 * redis-server's bind (an outgoing connection's local port, say), so a server that
 * exits before it is ready is started again on another port.
 */
async function startRedis(binary: string, tries = 5): Promise<{ server: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const ready = await new Promise<boolean>((resolve, reject) => {
      server.once('error', reject);
      server.once('exit', () => resolve(false));
      server.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve(true);
      });
    });
    if (ready) return { server, url: `redis://127.0.0.1:${port}` };
    if (attempt === tries) throw new Error(`redis-server did not start on ${tries} free ports`);
  }
}

describe.skipIf(!redisServer)('login lockout counters in Redis (REDIS_URL), shared by instances', () => {
  let server: ChildProcess;
  let url = '';
  const apps: TestApp[] = [];

  beforeAll(async () => {
    ({ server, url } = await startRedis(redisServer as string));
    apps.push(
      await createTestApp({ env: { REDIS_URL: url } }),
      await createTestApp({ env: { REDIS_URL: url } }),
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    server?.kill();
  });

  it('keeps the lock in Redis for 15 minutes', async () => {
    const redis = new Redis(url);
    const limiter = redisRateLimiter(redis, { ipScale: 1 });
    for (let i = 0; i < 10; i += 1) await recordLoginFailure(limiter, 'r@b.in');
    expect(await isLoginLocked(limiter, 'r@b.in')).toBe(true);
    const ttl = await redis.pttl('rl:login-lock:email:r@b.in');
    expect(ttl).toBeGreaterThan(14 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(15 * MINUTE);
    await limiter.close();
  });

  it('counts failures made on two instances together and locks the e-mail on both', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const email = `redis-lock-${Date.now()}@example.in`;
    let n = 0;
    const attempt = (app: TestApp) => {
      n += 1;
      return app.request({
        method: 'POST',
        url: '/backend/api/web/customers/login',
        payload: { login_method: 'email', username: email, password: `guess-${n}-x` },
        remoteAddress: `10.77.0.${n}`,
      });
    };
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(first)).statusCode).toBe(422);
      expect((await attempt(second)).statusCode).toBe(422);
    }
    for (const app of [first, second]) {
      const res = await attempt(app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        name: 'Too Many Requests',
        message: customerMessages.accountLocked,
        code: 0,
        status: 429,
      });
    }
  });
});
