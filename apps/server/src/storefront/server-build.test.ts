/**
 * React's request storage is left unentered (server-build.ts): rendering pages leaves Node's async
 * hooks off, so the promises of every later request pay nothing for them. Needs the storefront
 * build (`npm run build`).
 */
import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const built = existsSync(new URL('../../../web/build/server/index.js', import.meta.url));

/** Whether Node's async hooks are on: a promise's reaction then runs under an async id of its own. */
async function asyncHooksOn(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0;
}

describe.runIf(built)('server-side rendering leaves the async hooks off (server-build.ts)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  it('renders the home, a content page and the 404 page whole, and the hooks are still off', async () => {
    expect(await asyncHooksOn()).toBe(false);
    for (const [path, status] of [
      ['/', 200],
      ['/page/about-us', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('streamController.close()');
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    }
    expect(await asyncHooksOn()).toBe(false);
  });

  // Last in the file: a storage entered keeps the hooks on for the rest of the process.
  it('the check sees the hooks once any storage is entered', async () => {
    new AsyncLocalStorage<number>().run(1, () => undefined);
    expect(await asyncHooksOn()).toBe(true);
  });
});
