import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.ts';

/**
 * Security headers. The CSP allows only what the shop needs: its own origin, YouTube embeds
 * for videos and thumbnails, the payment gateways' scripts/frames (configured base URLs), and
 * inline styles that Mantine emits. Gateway hosts come from configuration.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const gatewayOrigins = [
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
  ]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  const unique = [...new Set(gatewayOrigins)];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...unique],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...unique],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...unique],
        connectSrc: ["'self'", ...unique],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...unique],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
