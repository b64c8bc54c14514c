import type { Redis } from 'ioredis';
import { AppError } from '../http/app-error.ts';
import { rateLimitAddress } from '../http/client-address.ts';

/**
 * Fixed-window counters for rate limits keyed by anything (IP, e-mail). In one process they
 * live in memory; with REDIS_URL they are shared by every instance.
 */
export interface RateLimiter {
  /** Counts one hit; throws a 429 AppError with `message` once `max` is exceeded in the window. */
  hit(key: string, max: number, windowMs: number, message?: string): Promise<void>;
  /**
   * A per-client-IP limit (`scope:ip:<ip>`, an IPv6 client by its /64: rateLimitAddress): `max` is multiplied by the IP scale
   * (RATE_LIMIT_IP_SCALE). Per-e-mail limits use `hit` and are never scaled.
   */
  hitIp(scope: string, ip: string, max: number, windowMs: number, message?: string): Promise<void>;
  /** Counts one event of `key` without refusing anything; the window starts with the first. Returns the count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count of `key` in its current window (0 when there is none), without counting. */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Multiplier of every per-IP limit (see `Config.rateLimitIpScale`). */
  ipScale: number;
}

type Hit = RateLimiter['hit'];
function hitIpWith(hit: Hit, ipScale: number): RateLimiter['hitIp'] {
  return (scope, ip, max, windowMs, message) =>
    hit(`${scope}:ip:${rateLimitAddress(ip)}`, max * ipScale, windowMs, message);
}

const defaultMessage = 'Too many requests. Please wait a moment and try again.';

export function memoryRateLimiter({ ipScale }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const increment = async (key: string, windowMs: number) => {
    const now = Date.now();
    let entry = windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count;
  };
  const hit: Hit = async (key, max, windowMs, message = defaultMessage) => {
    if ((await increment(key, windowMs)) > max) throw new AppError('too-many-requests', message);
  };
  return {
    hit,
    hitIp: hitIpWith(hit, ipScale),
    increment,
    async peek(key) {
      const entry = windows.get(key);
      return entry && entry.resetAt > Date.now() ? entry.count : 0;
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

export function redisRateLimiter(redis: Redis, { ipScale }: RateLimiterOptions): RateLimiter {
  const increment = async (key: string, windowMs: number) => {
    const redisKey = `rl:${key}`;
    const count = await redis.incr(redisKey);
    if (count === 1) await redis.pexpire(redisKey, windowMs);
    return count;
  };
  const hit: Hit = async (key, max, windowMs, message = defaultMessage) => {
    if ((await increment(key, windowMs)) > max) throw new AppError('too-many-requests', message);
  };
  return {
    hit,
    hitIp: hitIpWith(hit, ipScale),
    increment,
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async close() {
      await redis.quit();
    },
  };
}
