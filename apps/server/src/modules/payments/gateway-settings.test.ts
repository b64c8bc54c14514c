import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.ts';
import { resolveGateway, selfOrigin, simulatorEnabled } from './gateway-settings.ts';
import type { GatewayRow } from './payments.repository.ts';

const row = (overrides: Partial<GatewayRow>): GatewayRow => ({
  id: 2,
  name: 'Razorpay',
  internalName: 'razorpay',
  environment: 'sandbox',
  apiKey: 'rzp_test_KesarDemo0001',
  apiSecret: 'kesar_demo_razorpay_secret',
  config: { webhook_secret: 'kesar_demo_razorpay_webhook' },
  logo: 'razorpay-logo.png',
  isDefault: false,
  isActive: true,
  displayOrder: 2,
  ...overrides,
});
const dev = loadConfig({ NODE_ENV: 'development' });
const prod = loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(32) });
const prodTest = loadConfig({
  NODE_ENV: 'production',
  CAPTCHA_HMAC_KEY: 'x'.repeat(32),
  PAYTM_MODE: 'test',
  PAYPAL_MODE: 'test',
});

describe('gateway settings', () => {
  it('runs the simulators outside production by default, and as GATEWAY_SIMULATOR says', () => {
    expect(simulatorEnabled(dev)).toBe(true);
    expect(simulatorEnabled(prod)).toBe(false);
    expect(simulatorEnabled(loadConfig({ NODE_ENV: 'development', GATEWAY_SIMULATOR: 'off' }))).toBe(false);
  });

  it('points at the in-process simulators outside production (scripts root-relative)', () => {
    expect(resolveGateway(row({}), dev, 'http://127.0.0.1:4000')).toMatchObject({
      baseUrl: 'http://127.0.0.1:4000/__sim/razorpay/v1',
      scriptUrl: '/__sim/razorpay/v1/checkout.js',
      webhookSecret: 'kesar_demo_razorpay_webhook',
    });
  });

  it('points at the real hosts in production: live unless the gateway is marked test (Paytm stage, PayPal sandbox)', () => {
    expect(resolveGateway(row({}), prod, 'x')).toMatchObject({
      baseUrl: 'https://api.razorpay.com/v1',
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    const paytm = row({ internalName: 'paytm', apiKey: 'MID1', apiSecret: 'k'.repeat(16), config: {} });
    expect(resolveGateway({ ...paytm, environment: 'stage' }, prodTest, 'x')).toMatchObject({
      environment: 'test',
      baseUrl: 'https://securegw-stage.paytm.in',
      scriptUrl: 'https://securegw-stage.paytm.in/merchantpgpui/checkoutjs/merchants/MID1.js',
      website: 'WEBSTAGING',
    });
    expect(resolveGateway({ ...paytm, environment: 'stage' }, prod, 'x')).toMatchObject({
      environment: 'live',
      baseUrl: 'https://securegw.paytm.in',
      website: 'DEFAULT',
    });
    const paypal = row({
      internalName: 'paypal',
      apiKey: 'cid',
      config: { currency_value: '0.012', currency_code: 'USD' },
    });
    expect(resolveGateway(paypal, prodTest, 'x')).toMatchObject({
      baseUrl: 'https://api-m.sandbox.paypal.com',
      scriptUrl: 'https://www.paypal.com/sdk/js?client-id=cid&currency=USD&intent=capture',
      currencyValue: '0.012',
    });
    expect(resolveGateway(paypal, prod, 'x')).toMatchObject({
      baseUrl: 'https://api-m.paypal.com',
    });
  });

  it('keeps the row environment outside production unless a mode is set, and offers nothing of a gateway turned off', () => {
    const paytm = row({
      internalName: 'paytm',
      environment: 'live',
      apiKey: 'MID1',
      apiSecret: 'k'.repeat(16),
    });
    const real = loadConfig({ NODE_ENV: 'development', GATEWAY_SIMULATOR: 'off' });
    expect(resolveGateway(paytm, real, 'x')).toMatchObject({ baseUrl: 'https://securegw.paytm.in' });
    expect(
      resolveGateway(row({}), loadConfig({ NODE_ENV: 'development', RAZORPAY_MODE: 'off' }), 'x'),
    ).toBeUndefined();
    expect(
      resolveGateway(
        row({}),
        loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(32), RAZORPAY_MODE: 'off' }),
        'x',
      ),
    ).toBeUndefined();
  });

  it('lets environment variables override the database values', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      RAZORPAY_KEY_ID: 'rzp_live_env',
      RAZORPAY_KEY_SECRET: 'env-secret',
      RAZORPAY_WEBHOOK_SECRET: 'env-hook',
      RAZORPAY_BASE_URL: 'http://sim.local:9/v1/',
    });
    expect(resolveGateway(row({}), config, 'x')).toMatchObject({
      keyId: 'rzp_live_env',
      keySecret: 'env-secret',
      webhookSecret: 'env-hook',
      baseUrl: 'http://sim.local:9/v1',
    });
  });

  it('reaches itself at the address it listens on (0.0.0.0 → 127.0.0.1), else PUBLIC_URL', () => {
    expect(selfOrigin({ address: () => ({ address: '0.0.0.0', family: 'IPv4', port: 5000 }) }, dev)).toBe(
      'http://127.0.0.1:5000',
    );
    expect(selfOrigin({ address: () => ({ address: '::1', family: 'IPv6', port: 5000 }) }, dev)).toBe(
      'http://[::1]:5000',
    );
    expect(selfOrigin({ address: () => null }, dev)).toBe('http://127.0.0.1:3000');
  });

  it('knows no gateway outside cod, razorpay, paytm and paypal', () => {
    expect(resolveGateway(row({ internalName: 'bitcoin' }), dev, 'x')).toBeUndefined();
  });
});
