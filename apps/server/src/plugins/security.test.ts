import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { API_CSP, documentCspWithNonce, newCspNonce, registerSecurityHeaders } from './security.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/security-test',
  RAZORPAY_SCRIPT_URL: 'http://127.0.0.1:4100/__sim/razorpay/checkout.js',
});

async function appWithRoutes() {
  const app = Fastify();
  await registerSecurityHeaders(app, config);
  app.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
  app.get('/json', () => ({ ok: true }));
  app.get('/script.js', (_request, reply) => reply.type('text/javascript').send('1'));
  app.get('/own', (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").type('image/svg+xml').send('<svg/>'),
  );
  return app;
}

describe('security headers', () => {
  it('give pages the shop policy: own origin, YouTube, the configured gateways, no framing by others', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/page' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' [^;]*http:\/\/127\.0\.0\.1:4100/);
    expect(csp).toContain('https://www.youtube-nocookie.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });

  it("allow no inline script without the document's nonce: no 'unsafe-inline' in script-src, a fresh nonce per page", () => {
    const policy = documentCspWithNonce(config);
    const [first, second] = [newCspNonce(), newCspNonce()];
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64')).toHaveLength(16);
    const directives = Object.fromEntries(
      policy(first)
        .split(';')
        .map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
    );
    expect(directives['script-src']).toContain(`'nonce-${first}'`);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(policy(second)).toBe(policy(first).replace(first, second));
  });

  it('give a page without a nonce (an error page) no inline scripts at all', async () => {
    const app = await appWithRoutes();
    const csp = (await app.inject({ url: '/page' })).headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'nonce-/);
    await app.close();
  });

  it('give JSON a two-directive policy, scripts none, and keep a policy a route set itself', async () => {
    const app = await appWithRoutes();
    expect((await app.inject({ url: '/json' })).headers['content-security-policy']).toBe(API_CSP);
    const script = await app.inject({ url: '/script.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ url: '/own' })).headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});
