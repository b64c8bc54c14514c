import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { memoryRateLimiter } from '../plugins/rate-limiter.ts';
import { parseTrustProxy, rateLimitAddress } from './client-address.ts';

/**
 * Rule: a client's address comes from X-Forwarded-For only when the TCP peer is a proxy named in
 * TRUST_PROXY; otherwise a client could start every per-address rate limit afresh by sending a
 * new header with each request. These tests talk to the shop over real HTTP from 127.0.0.1.
 */

const PRODUCTION = { NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(32) };
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(env: Record<string, string>): Promise<string> {
  t = await createTestApp({ env: { ...PRODUCTION, ...env } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/backend/api/web`;
}

function post(url: string, body: unknown, forwardedFor: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(body),
  });
}

/** Status codes of `count` newsletter sign-ups, each with the X-Forwarded-For `header(i)`. */
async function newsletterStatuses(api: string, count: number, header: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post(`${api}/newsletters`, { email: `reader${i}@example.in` }, header(i));
    await res.body?.cancel();
    statuses.push(res.status);
  }
  return statuses;
}

const rotating = (i: number) => `203.0.113.${i + 1}`;

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For from a peer when TRUST_PROXY is unset: a rotating header does not reset the newsletter limit (10 a minute)', async () => {
    const api = await listening({});
    const statuses = await newsletterStatuses(api, 11, rotating);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses the 11th wrong password for one account within a minute although every try names a new address', async () => {
    const api = await listening({});
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(
        `${api}/customers/login`,
        { login_method: 'email', username: 'victim@example.in', password: `guess-${i}` },
        rotating(i),
      );
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });

  it('ignores the header of a peer outside the configured proxy list', async () => {
    const api = await listening({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' });
    const statuses = await newsletterStatuses(api, 11, rotating);
    expect(statuses[10]).toBe(429);
  });

  it('honours the header when the peer is a configured proxy: each forwarded client has its own count', async () => {
    const api = await listening({ TRUST_PROXY: '127.0.0.1' });
    const distinct = await newsletterStatuses(api, 15, rotating);
    expect(distinct.every((s) => s === 200)).toBe(true);
    const same = await newsletterStatuses(api, 11, () => '198.51.100.9');
    expect(same.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(same[10]).toBe(429);
  });

  it('with a hop count, takes the address the nearest proxy saw, not one the client put first', async () => {
    const api = await listening({ TRUST_PROXY: '1' });
    // The client forged 192.0.2.1; the proxy appended the address it really saw.
    const same = await newsletterStatuses(api, 11, (i) => `192.0.2.${i + 1}, 198.51.100.20`);
    expect(same[10]).toBe(429);
  });
});

describe('TRUST_PROXY values', () => {
  it('accepts nothing, a hop count, or addresses and CIDR ranges; refuses "true" and anything else', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, ::1, fd00::/8, loopback')).toEqual({
      kind: 'proxies',
      proxies: ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
    });
    expect(parseTrustProxy('true')).toMatch(/any client choose its own address/);
    expect(parseTrustProxy('10.0.0.0/33')).toBe('not an IP address or CIDR range: 10.0.0.0/33');
    expect(parseTrustProxy('proxy.internal')).toBe('not an IP address or CIDR range: proxy.internal');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every peer/);
  });
});

describe('rate limits count an IPv6 client by its /64 network', () => {
  it('gives every address of one /64 the same count, and another /64 its own', () => {
    const key = rateLimitAddress('2001:db8:1:2:aaaa:bbbb:cccc:1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0db8:0001:0002::9')).toBe(key);
    expect(rateLimitAddress('2001:db8:1:2::1%eth0')).toBe(key);
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(key);
    expect(rateLimitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b:1:2::192.0.2.1')).toBe('64:ff9b:1:2::/64');
  });

  it('counts IPv4, also written as IPv6, by the single address', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('so a client hopping between addresses of its /64 meets the limit', async () => {
    const limiter = memoryRateLimiter({ ipScale: 1 });
    await limiter.hitIp('contact', '2001:db8:1:2::a', 2, 60_000);
    await limiter.hitIp('contact', '2001:db8:1:2::b', 2, 60_000);
    await expect(limiter.hitIp('contact', '2001:db8:1:2::c', 2, 60_000)).rejects.toMatchObject({
      kind: 'too-many-requests',
    });
    await limiter.hitIp('contact', '2001:db8:1:3::a', 2, 60_000);
    await limiter.close();
  });
});
