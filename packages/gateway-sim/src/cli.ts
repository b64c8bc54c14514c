import { API_PREFIX } from '@shop/contract/api-prefix';
import Fastify from 'fastify';
import { demoAccounts, staticAccounts } from './accounts.ts';
import { createGatewaySimulators, SIM_PREFIX } from './simulators.ts';

/**
 * Runs the gateway simulators as their own process:
 *   npx tsx packages/gateway-sim/src/cli.ts --port 4010 [--host 127.0.0.1] [--webhook-base http://127.0.0.1:3000]
 * They know the demo shop's sandbox accounts; with --webhook-base they send webhooks to the
 * shop's /backend/api/web/payments/webhooks/{gateway}.
 */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const port = Number(argument('port') ?? process.env.PORT ?? 4010);
const host = argument('host') ?? '127.0.0.1';
const webhookBase = argument('webhook-base')?.replace(/\/$/, '');
const hook = (gateway: string) =>
  webhookBase ? `${webhookBase}${API_PREFIX}/payments/webhooks/${gateway}` : undefined;

const sims = createGatewaySimulators({
  accounts: staticAccounts({
    razorpay: [{ ...demoAccounts.razorpay, webhookUrl: hook('razorpay') }],
    paytm: [{ ...demoAccounts.paytm, webhookUrl: hook('paytm') }],
    paypal: [{ ...demoAccounts.paypal, webhookUrl: hook('paypal') }],
  }),
});
const app = Fastify({ logger: { level: 'info' } });
await sims.register(app);
await app.listen({ port, host });
const base = `http://${host}:${port}${SIM_PREFIX}`;
app.log.info(
  `Gateway simulators: RAZORPAY_BASE_URL=${base}/razorpay PAYTM_BASE_URL=${base}/paytm PAYPAL_BASE_URL=${base}/paypal`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
