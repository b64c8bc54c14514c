import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BootstrapDeferrer } from './deferred-bootstrap.server.ts';

const MODULE_CODE = `import * as route0 from "/assets/root-A.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-B.js");`;

/** The shape React Router 7 + React 19 write: hints hoisted into <head>, the module script last. */
const DOCUMENT =
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js"/>' +
  '<link rel="modulepreload" href="/assets/framework-C.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js"/>' +
  '<link rel="stylesheet" href="/assets/shell-D.css"/></head><body><main>Kaju Katli ₹450.00</main>' +
  '<script>window.__reactRouterContext = {"ssr":true};</script>' +
  `<script type="module" async="">${MODULE_CODE}</script>` +
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>';

function rewrite(pieces: string[], nonce?: string): string {
  const deferrer = new BootstrapDeferrer(nonce);
  return pieces.map((piece) => deferrer.push(piece)).join('') + deferrer.end();
}

/** Runs the loader script against a minimal DOM and reports what it added, and when. */
function runLoader(html: string, visibilityState: 'visible' | 'hidden') {
  const loader = /<script(?: nonce="[^"]*")?>(\(function\(\)\{var p=[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error('no loader script in the document');
  const added: {
    tag: string;
    rel?: string;
    href?: string;
    type?: string;
    nonce?: string;
    textContent?: string;
  }[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const element = (tag: string) => ({ tag }) as (typeof added)[number];
  const document = {
    visibilityState,
    createElement: element,
    head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    body: { appendChild: (node: (typeof added)[number]) => added.push(node) },
  };
  runInNewContext(loader, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => tasks.push(fn),
  });
  return { added, frames, tasks };
}

describe('deferred client bootstrap (ADR 0006: scripts start after the first paint)', () => {
  it('drops the modulepreload hints and keeps everything else as it was', () => {
    const html = rewrite([DOCUMENT]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/shell-D.css"/>');
    expect(html).toContain('<main>Kaju Katli ₹450.00</main>');
    expect(html).toContain('<script>window.__reactRouterContext = {"ssr":true};</script>');
    expect(
      html.endsWith('<script>window.__reactRouterContext.streamController.close();</script></body></html>'),
    ).toBe(true);
  });

  it('after the first frame adds the same hints, in order, and the same module script', () => {
    const { added, frames, tasks } = runLoader(rewrite([DOCUMENT]), 'visible');
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]); // still inside the frame: waits for the next task
    tasks.shift()?.();
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-B.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/framework-C.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-A.js' },
      { tag: 'script', type: 'module', textContent: MODULE_CODE },
    ]);
  });

  it('starts at once in a hidden tab, which paints no frames', () => {
    const { added, frames } = runLoader(rewrite([DOCUMENT]), 'hidden');
    expect(frames).toEqual([]);
    expect(added.map((node) => node.tag)).toEqual(['link', 'link', 'link', 'script']);
  });

  it('gives the same document however the stream is cut into chunks', () => {
    const whole = rewrite([DOCUMENT]);
    for (let cut = 1; cut < DOCUMENT.length; cut++) {
      expect(rewrite([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)])).toBe(whole);
    }
    expect(rewrite([...DOCUMENT])).toBe(whole);
  });

  it('holds back only a possible partial tag, so the page keeps streaming', () => {
    const deferrer = new BootstrapDeferrer();
    expect(deferrer.push('<html><body><main>Namkeen</main><scr')).toBe('<html><body><main>Namkeen</main>');
    expect(deferrer.push('ipt>1</script>')).toBe('<script>1</script>');
    expect(deferrer.end()).toBe('');
  });

  it('cannot be broken out of by the module code', () => {
    const hostile = DOCUMENT.replace(MODULE_CODE, 'const s = "<!--<script>";');
    const html = rewrite([hostile]);
    expect(html).not.toContain('"<!--<script>"');
    expect(runLoader(html, 'hidden').added.at(-1)?.textContent).toBe('const s = "<!--<script>";');
  });

  it('with the content-security-policy nonce: the loader carries it and gives it to the module script it adds', () => {
    const nonce = 'cmFuZG9tLW5vbmNlLTEyMw==';
    const withNonce = DOCUMENT.replace(
      '<script type="module" async="">',
      `<script nonce="${nonce}" type="module" async="">`,
    )
      .replaceAll('<script>', `<script nonce="${nonce}">`)
      .replaceAll('"/>', `" nonce="${nonce}"/>`);
    const html = rewrite([withNonce], nonce);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // Every script left in the document carries the nonce.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      `<script nonce="${nonce}">`,
      `<script nonce="${nonce}">`,
      `<script nonce="${nonce}">`,
    ]);
    const { added } = runLoader(html, 'hidden');
    expect(added.at(-1)).toEqual({ tag: 'script', type: 'module', nonce, textContent: MODULE_CODE });
    expect(added.slice(0, -1).map((link) => link.href)).toEqual([
      '/assets/entry.client-B.js',
      '/assets/framework-C.js',
      '/assets/root-A.js',
    ]);
    for (let cut = 1; cut < withNonce.length; cut += 7) {
      expect(rewrite([withNonce.slice(0, cut), withNonce.slice(cut)], nonce)).toBe(html);
    }
  });

  it('leaves a document without React Router scripts unchanged', () => {
    const plain =
      '<html><body><p>Page not found or something went wrong!</p><script>1</script></body></html>';
    expect(rewrite([plain])).toBe(plain);
  });
});
