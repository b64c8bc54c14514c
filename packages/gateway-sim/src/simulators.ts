import type { FastifyInstance } from 'fastify';
import type { SimAccounts } from './accounts.ts';
import { createPaypalSim } from './paypal-sim.ts';
import { createPaytmSim } from './paytm-sim.ts';
import { createRazorpaySim } from './razorpay-sim.ts';
import { type DeliverWebhook, WebhookSender } from './webhook-sender.ts';

export const SIM_PREFIX = '/__sim';

export interface GatewaySimulatorsOptions {
  accounts: SimAccounts;
  /** How webhooks travel (default: HTTP POST with fetch). Tests pass app.inject. */
  deliver?: DeliverWebhook;
  retryDelaysMs?: number[];
}

/** The three simulators with one webhook sender; mount them with `register`. */
export function createGatewaySimulators(options: GatewaySimulatorsOptions) {
  const webhooks = new WebhookSender(options.deliver, options.retryDelaysMs);
  const razorpay = createRazorpaySim({ accounts: options.accounts, webhooks });
  const paytm = createPaytmSim({ accounts: options.accounts, webhooks });
  const paypal = createPaypalSim({ accounts: options.accounts, webhooks });
  return {
    razorpay,
    paytm,
    paypal,
    webhooks,
    /**
     * Mounts the simulators under `{prefix}/razorpay`, `{prefix}/paytm`, `{prefix}/paypal`
     * in their own encapsulated scope (own body parsers). Their routes carry `{ rateLimit: false }`:
     * they stand in for third-party hosts, not for the shop's API.
     */
    async register(app: FastifyInstance, prefix = SIM_PREFIX) {
      const routeConfig = { rateLimit: false };
      await app.register(
        async (scope) => {
          scope.addHook('onRoute', (route) => {
            route.schema = { ...(route.schema ?? {}), hide: true };
          });
          await scope.register(razorpay.plugin, { prefix: '/razorpay', routeConfig });
          await scope.register(paytm.plugin, { prefix: '/paytm', routeConfig });
          await scope.register(paypal.plugin, { prefix: '/paypal', routeConfig });
        },
        { prefix },
      );
    },
  };
}

export type GatewaySimulators = ReturnType<typeof createGatewaySimulators>;
