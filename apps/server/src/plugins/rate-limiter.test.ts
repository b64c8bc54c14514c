import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { memoryRateLimiter } from './rate-limiter.ts';

describe('rate limiter (product rules §10: login, OTP and contact endpoints are rate limited)', () => {
  it('answers 429 once a key exceeds its maximum in the window', async () => {
    const limiter = memoryRateLimiter({ ipScale: 1 });
    await limiter.hit('login:ip-email:1.2.3.4:a@b.in', 2, 60_000);
    await limiter.hit('login:ip-email:1.2.3.4:a@b.in', 2, 60_000);
    await expect(limiter.hit('login:ip-email:1.2.3.4:a@b.in', 2, 60_000)).rejects.toMatchObject({
      kind: 'too-many-requests',
    });
    await limiter.close();
  });

  it('multiplies per-IP limits by the IP scale and leaves per-e-mail limits alone', async () => {
    const limiter = memoryRateLimiter({ ipScale: 3 });
    for (let i = 0; i < 6; i++) await limiter.hitIp('signup', '127.0.0.1', 2, 60_000);
    await expect(limiter.hitIp('signup', '127.0.0.1', 2, 60_000)).rejects.toMatchObject({
      kind: 'too-many-requests',
    });
    await limiter.hit('signup:email:a@b.in', 1, 60_000);
    await expect(limiter.hit('signup:email:a@b.in', 1, 60_000)).rejects.toMatchObject({
      kind: 'too-many-requests',
    });
    await limiter.close();
  });

  it('scales per-IP limits by 10 in development only, where every client shares loopback', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).rateLimitIpScale).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimitIpScale).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(16) }).rateLimitIpScale).toBe(1);
    expect(
      loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(16), RATE_LIMIT_IP_SCALE: '4' })
        .rateLimitIpScale,
    ).toBe(4);
  });
});
