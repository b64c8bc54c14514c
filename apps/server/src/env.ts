import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/client-address.ts';

/**
 * Configuration, parsed and validated once at start-up (CONVENTIONS habit 4).
 * A bad value stops the process with a message naming the variable.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run build` put the storefront (default apps/web/build). */
  WEB_BUILD_DIR: z.string().min(1).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Kesar Foods & Locks <no-reply@kesarfoods.in>'),
  REDIS_URL: optionalUrl,
  /**
   * Which peers may name the client's address in X-Forwarded-For: unset = none, a hop count,
   * or a comma list of proxy addresses/CIDRs (http/client-address.ts).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const setting = parseTrustProxy(value);
      if (typeof setting !== 'string') return setting;
      ctx.addIssue({ code: 'custom', message: setting });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes an unpaid gateway order holds its stock. */
  ORDER_RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * Multiplier of every per-client-IP rate limit. Default 1 in production and tests; 10 in
   * development, where every client (browser, test runner, scripts) shares the loopback address.
   * Per-e-mail limits and the OTP resend cooldown are never scaled.
   */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  /** Secret for captcha HMACs; required in production. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** Start the local payment gateway simulators inside the server (default: outside production). */
  GATEWAY_SIMULATOR: z.enum(['on', 'off']).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_BASE_URL: optionalUrl,
  RAZORPAY_SCRIPT_URL: optionalUrl,
  PAYTM_MID: z.string().optional(),
  PAYTM_MERCHANT_KEY: z.string().optional(),
  PAYTM_WEBSITE: z.string().optional(),
  PAYTM_BASE_URL: optionalUrl,
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_BASE_URL: optionalUrl,
  PAYPAL_SCRIPT_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  publicUrl: string;
  /** Absolute data folder. */
  dataDir: string;
  /** Uploaded and generated media, served under /backend/data. */
  mediaDir: string;
  captchaHmacKey: string;
  /** RATE_LIMIT_IP_SCALE, or its default for NODE_ENV. */
  rateLimitIpScale: number;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.CAPTCHA_HMAC_KEY) {
    throw new Error(
      'Invalid configuration:\n  CAPTCHA_HMAC_KEY: required in production (at least 16 characters)',
    );
  }
  const dataDir = resolve(env.DATA_DIR);
  return {
    ...env,
    isProduction,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    captchaHmacKey: env.CAPTCHA_HMAC_KEY ?? 'development-only-captcha-key',
    rateLimitIpScale: env.RATE_LIMIT_IP_SCALE ?? (env.NODE_ENV === 'development' ? 10 : 1),
  };
}
