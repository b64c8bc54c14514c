import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { ADMIN_CSP, registerSecurityHeaders } from '../plugins/security.ts';
import { registerBackOffice } from './back-office.ts';

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/back-office-test' });
const dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function appServing(distDir: string) {
  const app = Fastify();
  await registerSecurityHeaders(app, config);
  await registerBackOffice(app, distDir);
  // The storefront's catch-all stands beside it in the real app.
  app.get('/*', (_request, reply) => reply.type('text/html').send('storefront'));
  return app;
}

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the back office at /admin', () => {
  it('answers /admin and every client route below it with its page, never cached, not indexed', async () => {
    const app = await appServing(dist);
    for (const url of ['/admin', '/admin/', '/admin/staff', '/admin/catalogue/products/12?tab=images']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['content-security-policy']).toBe(ADMIN_CSP);
    }
    await app.close();
  });

  it('serves its hashed assets for a year and a missing asset as a 404, not as the page', async () => {
    const app = await appServing(dist);
    const asset = await app.inject({ url: '/admin/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-robots-tag']).toBe('noindex, nofollow');
    const missing = await app.inject({ url: '/admin/assets/index-Old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    await app.close();
  });

  it("runs no inline script: its policy allows scripts from the shop's origin only, and no framing", () => {
    const policy = directives(ADMIN_CSP);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });

  it('leaves the storefront its own paths', async () => {
    const app = await appServing(dist);
    for (const url of ['/', '/administrator', '/admins/list']) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe('storefront');
    }
    await app.close();
  });

  it('says how to build it when there is no build', async () => {
    const app = await appServing(join(dist, 'nowhere'));
    const res = await app.inject({ url: '/admin/staff' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    await app.close();
  });
});
