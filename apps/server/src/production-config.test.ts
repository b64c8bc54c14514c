import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { developmentSecretsKey } from '@shop/db/secret-box';
import { describe, expect, it } from 'vitest';
import { envVariables, readConfig } from './env.ts';
import { loadServerConfig, productionProblems } from './production-config.ts';

/**
 * Rule: with NODE_ENV=production the shop refuses to start on demo or missing secrets, on test
 * gateway keys (unless that gateway is marked test), without an https PUBLIC_URL or without
 * SMTP_URL — and says everything that is wrong at once, each with the variable to set.
 */

/** A production configuration that is complete and safe: live Razorpay, Paytm in test mode, PayPal off. */
const SAFE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://www.kesarfoods.in',
  SMTP_URL: 'smtp://shop:mail-password@smtp.kesarfoods.in:587',
  CAPTCHA_HMAC_KEY: '5f1c0a9e7d3b2a61c4e8f0b7d2a9c3e1',
  SECRETS_KEY: '8c1f5e0a2b7d4c9e3f6a1b8d0c2e5f7a9b1d3c5e7f0a2b4c6d8e0f1a3b5c7d9e',
  RAZORPAY_KEY_ID: 'rzp_live_Q1w2E3r4T5y6U7',
  RAZORPAY_KEY_SECRET: 'live-secret-from-the-dashboard',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-from-the-dashboard',
  PAYTM_MODE: 'test',
  PAYTM_MID: 'KesarS12345678901234',
  PAYTM_MERCHANT_KEY: 'abcdEFGH12345678',
  PAYPAL_MODE: 'off',
};

/** The public development key, written out as someone might put it in SECRETS_KEY. */
const DEVELOPMENT_KEY_HEX = developmentSecretsKey().toString('hex');

const problemsOf = (env: Record<string, string>) => productionProblems(readConfig(env).config);

describe('production configuration check', () => {
  it('accepts a complete configuration: live keys, a gateway in test mode with its test keys, a gateway turned off', () => {
    expect(problemsOf(SAFE)).toEqual([]);
    expect(problemsOf({ ...SAFE, PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(
      problemsOf({ ...SAFE, RAZORPAY_MODE: 'test', RAZORPAY_KEY_ID: 'rzp_test_Q1w2E3r4T5y6U7' }),
    ).toEqual([]);
  });

  it('lists every problem of the demo configuration, one per variable, each saying what to set', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://shop.kesarfoods.in',
      CAPTCHA_HMAC_KEY: 'development-only-captcha-key',
      SECRETS_KEY: DEVELOPMENT_KEY_HEX,
      GATEWAY_SIMULATOR: 'on',
      RAZORPAY_KEY_ID: 'rzp_test_KesarDemo0001',
      RAZORPAY_KEY_SECRET: 'kesar_demo_razorpay_secret',
      RAZORPAY_BASE_URL: 'http://127.0.0.1:3000/__sim/razorpay/v1',
      PAYTM_MERCHANT_KEY: 'short',
      PAYPAL_MODE: 'test',
      PAYPAL_WEBHOOK_ID: 'WH-KESAR-DEMO',
    });
    expect(problems.map((p) => p.variable)).toEqual([
      'CAPTCHA_HMAC_KEY',
      'SECRETS_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'GATEWAY_SIMULATOR',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_BASE_URL',
      'PAYTM_MID',
      'PAYTM_MERCHANT_KEY',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
    ]);
    const text = Object.fromEntries(problems.map((p) => [p.variable, p.problem]));
    expect(text.CAPTCHA_HMAC_KEY).toBe(
      'is the public development key; set a random secret of at least 16 characters (e.g. `openssl rand -hex 32`)',
    );
    expect(text.SECRETS_KEY).toMatch(/^is the public development key; set 32 random bytes as 64 hex digits/);
    expect(text.PUBLIC_URL).toBe('http://shop.kesarfoods.in is not https; set the https address');
    expect(text.RAZORPAY_KEY_ID).toBe(
      "is the demo shop's public Razorpay key id; set the shop's own live key id",
    );
    expect(text.RAZORPAY_WEBHOOK_SECRET).toBe(
      'unset; Razorpay takes live payments (the production default): set its live webhook secret, or RAZORPAY_MODE=test for its test system, or RAZORPAY_MODE=off to not offer it',
    );
    expect(text.PAYTM_MID).toMatch(/^unset; Paytm takes live payments \(the production default\)/);
    expect(text.PAYTM_MERCHANT_KEY).toBe('a Paytm merchant key has 16 characters');
    expect(text.PAYPAL_CLIENT_ID).toBe(
      'unset; PayPal is in test mode: set its test client id, or PAYPAL_MODE=off to not offer it',
    );
    expect(text.PAYPAL_WEBHOOK_ID).toBe(
      "is the demo shop's public PayPal webhook id; set the shop's own test webhook id",
    );
  });

  it('refuses a Razorpay test key in live mode, and says how to take test payments instead', () => {
    const problems = problemsOf({ ...SAFE, RAZORPAY_KEY_ID: 'rzp_test_Q1w2E3r4T5y6U7' });
    expect(problems).toEqual([
      {
        variable: 'RAZORPAY_KEY_ID',
        problem:
          'not a live key (rzp_live_…); set the live key id, or RAZORPAY_MODE=test to take test payments',
      },
    ]);
  });

  it('reports malformed values together with the production problems, in one error', () => {
    expect(() => loadServerConfig({ ...SAFE, SMTP_URL: '', TRUST_PROXY: 'true', PORT: 'eighty' })).toThrow(
      /^The shop does not start in production with this configuration \(3 to fix; \.env\.example lists every variable\):\n {2}PORT: .+\n {2}TRUST_PROXY: trusting every peer.+\n {2}SMTP_URL: unset; set the mail server/,
    );
  });

  it('needs SECRETS_KEY in production, and names the variable when its value is not a 32-byte key', () => {
    const { SECRETS_KEY: _, ...withoutKey } = SAFE;
    expect(problemsOf(withoutKey)).toEqual([
      { variable: 'SECRETS_KEY', problem: expect.stringMatching(/^unset; set 32 random bytes/) },
    ]);
    expect(problemsOf({ ...SAFE, SECRETS_KEY: randomBytes(32).toString('base64') })).toEqual([]);
    expect(problemsOf({ ...SAFE, SECRETS_KEY: randomBytes(32).toString('base64url') })).toEqual([]);
    for (const malformed of ['not-a-key', 'ab'.repeat(31), randomBytes(24).toString('base64')])
      expect(() => loadServerConfig({ NODE_ENV: 'development', SECRETS_KEY: malformed })).toThrow(
        /^Invalid configuration:\n {2}SECRETS_KEY: must be 32 bytes as 64 hex digits or base64/,
      );
  });

  it('.env.example lists every variable the shop reads, and no other', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...envVariables].sort());
  });

  it('asks nothing of development: no configuration at all starts the demo shop', () => {
    expect(loadServerConfig({}).isProduction).toBe(false);
    expect(loadServerConfig({ NODE_ENV: 'development' }).captchaHmacKey).toBe('development-only-captcha-key');
  });
});

describe('a production start with the demo configuration', () => {
  it('exits with status 1 and one message naming every variable to set, before it opens a database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kesar-production-start-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: new URL('../../../', import.meta.url).pathname,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORT: '0',
          RAZORPAY_KEY_ID: 'rzp_test_KesarDemo0001',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines[0]).toBe(
        'The shop does not start in production with this configuration (12 to fix; .env.example lists every variable):',
      );
      expect(lines.slice(1).map((line) => line.trim().split(':')[0])).toEqual([
        'CAPTCHA_HMAC_KEY',
        'SECRETS_KEY',
        'PUBLIC_URL',
        'SMTP_URL',
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'PAYTM_MID',
        'PAYTM_MERCHANT_KEY',
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'PAYPAL_WEBHOOK_ID',
      ]);
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
