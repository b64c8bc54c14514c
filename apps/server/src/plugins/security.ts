import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.ts';

/** What helmet's defaults set, minus the content security policy (below): the same on every response. */
const COMMON_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** JSON is never rendered as a page: it may load nothing and be framed by nobody. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The origins of the payment gateways' scripts, APIs and frames (configured, plus the real ones). */
function gatewayOrigins(config: Config): string[] {
  const urls = [
    config.RAZORPAY_BASE_URL,
    config.RAZORPAY_SCRIPT_URL,
    config.PAYTM_BASE_URL,
    config.PAYPAL_BASE_URL,
    config.PAYPAL_SCRIPT_URL,
    'https://checkout.razorpay.com',
    'https://api.razorpay.com',
    'https://securegw.paytm.in',
    'https://securegw-stage.paytm.in',
    'https://www.paypal.com',
    'https://www.sandbox.paypal.com',
  ];
  return [...new Set(urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin))];
}

/**
 * The storefront pages' policy: only what the shop needs — its own origin, YouTube embeds and
 * thumbnails, the payment gateways' scripts/frames, and the inline styles Mantine emits. Inline
 * scripts run only with this response's nonce (`nonce`: the server-rendered document's own
 * scripts: hydration data, the early-input and colour-scheme scripts, the deferred loader); a
 * page without one (an error page) runs no inline script at all. Nobody may frame a page.
 */
export function documentCsp(config: Config, nonce?: string): string {
  const gateways = gatewayOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'", ...gateways],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...gateways],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...gateways],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...gateways],
    'connect-src': ["'self'", ...gateways],
    'worker-src': ["'self'", 'blob:'],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/**
 * The back office's policy (`/admin`, a client-only app served from one static index.html).
 * Scripts only from the shop's own origin, no inline script at all (the built page has none, so
 * it needs no nonce); nothing from the payment gateways (the back office calls them only through
 * the server). Styles allow 'unsafe-inline': Mantine sets its theme variables in a `<style>`
 * element and sizes components through `style` attributes at run time, and a static page has no
 * per-response nonce to give them; an inline style cannot run script. Images may be `data:` (the
 * QR code of two-factor enrolment) and `blob:` (previews of images before upload); YouTube frames
 * preview the `[youtube]` tags of content pages. Nobody may frame it, and forms post only here.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
].join(';');

/** A fresh nonce per document (128 random bits, base64), as CSP asks. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The page policy with a nonce, built from two halves computed once. */
export function documentCspWithNonce(config: Config): (nonce: string) => string {
  const marker = 'NONCE-MARKER';
  const [before = '', after = ''] = documentCsp(config, marker).split(marker);
  return (nonce) => `${before}${nonce}${after}`;
}

/**
 * Security headers, computed once at start-up. (@fastify/helmet rebuilt helmet's middleware on
 * every request: 18 % of the CPU of a cached API answer.) Pages get the full content security
 * policy; JSON gets a two-directive one; scripts, images and files get none — a policy only
 * governs documents — unless their route set its own (SVG and PDF in the media routes).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const pagePolicy = documentCsp(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(COMMON_HEADERS);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-security-policy')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('content-security-policy', pagePolicy);
    else if (type.startsWith('application/json')) reply.header('content-security-policy', API_CSP);
    return payload;
  });
}
