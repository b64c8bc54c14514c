import { resolve } from 'node:path';
import { secretsKeyProblem } from '@shop/db/secret-box';
import { z } from 'zod';
import { parseTrustProxy } from './http/client-address.ts';

/**
 * Configuration, parsed and validated once at start-up .
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
   * Orders a customer may have waiting for an online payment (each holds stock) at one time.
   * Default 3; 30 in development (`orderLimitDefaults`).
   */
  ORDER_MAX_UNPAID: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * Cash-on-delivery orders a customer may place in any 24 hours (each holds stock until delivery).
   * Default 5; 50 in development (`orderLimitDefaults`).
   */
  ORDER_MAX_COD_PER_DAY: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * Multiplier of every per-client-IP rate limit. Default 1 in production and tests; 10 in
   * development, where every client (browser, test runner, scripts) shares the loopback address.
   * Per-e-mail limits and the OTP resend cooldown are never scaled.
   */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  /** Secret for captcha HMACs; required in production. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /**
   * Key that seals the secrets the shop reads back (staff TOTP secrets, gateway keys saved in the
   * back office): 32 bytes as 64 hex digits or base64. Required in production; elsewhere a public
   * development key (@shop/db/secret-box).
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined ? undefined : secretsKeyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
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
  /**
   * Per gateway: `live` (real money, live keys), `test` (the gateway's test/sandbox system with
   * test keys) or `off` (not offered). Unset: live in production; elsewhere the database row's
   * environment (the demo: test, against the simulators).
   */
  RAZORPAY_MODE: z.enum(['live', 'test', 'off']).optional(),
  PAYTM_MODE: z.enum(['live', 'test', 'off']).optional(),
  PAYPAL_MODE: z.enum(['live', 'test', 'off']).optional(),
  /** Production only: fill an empty database with the demo catalogue and pages (never the demo customer). */
  SEED_DEMO_CATALOGUE: z.enum(['0', '1']).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the shop reads (.env.example lists them all; a test keeps it so). */
export const envVariables: readonly string[] = Object.keys(envSchema.shape);

/**
 * The per-customer order limits when unset. In development the demo customer
 * (`demo@kesarfoods.in`) is everybody's: every local try-out and every test run against `npm start`
 * checks out as that one customer, and three unpaid orders held for 30 minutes would stop the
 * fourth. Production and the tests keep the limits a shop runs with.
 */
export function orderLimitDefaults(nodeEnv: Env['NODE_ENV']): { unpaid: number; codPerDay: number } {
  return nodeEnv === 'development' ? { unpaid: 30, codPerDay: 50 } : { unpaid: 3, codPerDay: 5 };
}

export interface Config extends Omit<Env, 'ORDER_MAX_UNPAID' | 'ORDER_MAX_COD_PER_DAY'> {
  /** ORDER_MAX_UNPAID, or its default for NODE_ENV. */
  ORDER_MAX_UNPAID: number;
  /** ORDER_MAX_COD_PER_DAY, or its default for NODE_ENV. */
  ORDER_MAX_COD_PER_DAY: number;
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

/** The captcha key outside production when CAPTCHA_HMAC_KEY is unset; public, so refused in production. */
export const DEVELOPMENT_CAPTCHA_KEY = 'development-only-captcha-key';

/** A variable and what is wrong with it, in words that say what to set. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

export function formatProblems(heading: string, problems: ConfigProblem[]): string {
  return [heading, ...problems.map((p) => `  ${p.variable}: ${p.problem}`)].join('\n');
}

/**
 * Parses the environment without throwing: every malformed value is a problem, and its default is
 * used in its place, so that a caller can report all problems at once. An empty value counts as
 * unset (env files and service managers often write `NAME=`).
 */
export function readConfig(variables: NodeJS.ProcessEnv = process.env): {
  config: Config;
  problems: ConfigProblem[];
} {
  const source = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== ''));
  const problems: ConfigProblem[] = [];
  let parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ variable: issue.path.join('.'), problem: issue.message });
    }
    const malformed = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    parsed = envSchema.safeParse(
      Object.fromEntries(Object.entries(source).filter(([key]) => !malformed.has(key))),
    );
    if (!parsed.success) throw new Error(formatProblems('Invalid configuration:', problems));
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const config: Config = {
    ...env,
    isProduction: env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    captchaHmacKey: env.CAPTCHA_HMAC_KEY ?? DEVELOPMENT_CAPTCHA_KEY,
    rateLimitIpScale: env.RATE_LIMIT_IP_SCALE ?? (env.NODE_ENV === 'development' ? 10 : 1),
    ORDER_MAX_UNPAID: env.ORDER_MAX_UNPAID ?? orderLimitDefaults(env.NODE_ENV).unpaid,
    ORDER_MAX_COD_PER_DAY: env.ORDER_MAX_COD_PER_DAY ?? orderLimitDefaults(env.NODE_ENV).codPerDay,
  };
  return { config, problems };
}

/**
 * The configuration, or an error naming every malformed variable. The server's start
 * (`loadServerConfig`) also refuses an unsafe production configuration.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const { config, problems } = readConfig(source);
  if (problems.length > 0) throw new Error(formatProblems('Invalid configuration:', problems));
  if (config.isProduction && !config.CAPTCHA_HMAC_KEY) {
    throw new Error(
      'Invalid configuration:\n  CAPTCHA_HMAC_KEY: required in production (at least 16 characters)',
    );
  }
  return config;
}
