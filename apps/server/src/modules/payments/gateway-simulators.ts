import { API_PREFIX } from '@shop/contract/api-prefix';
import type { SimAccounts } from '@shop/gateway-sim/accounts';
import { createGatewaySimulators, type GatewaySimulators } from '@shop/gateway-sim/simulators';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resolveGateway, SIMULATOR_PREFIX, selfOrigin, simulatorEnabled } from './gateway-settings.ts';
import { findGateway } from './payments.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process gateway simulators, when GATEWAY_SIMULATOR is on (tests inspect them). */
    gatewaySimulators: GatewaySimulators | null;
  }
}

/**
 * The simulators' "merchant dashboard": the shop's own gateway settings (database + env), with
 * webhooks pointed at this server's webhook routes.
 */
function shopAccounts(app: FastifyInstance, ctx: AppContext): SimAccounts {
  const origin = () => selfOrigin(app.server, ctx.config);
  const settingsOf = async (name: string) => {
    const row = await findGateway(ctx.db, name);
    return row ? resolveGateway(row, ctx.config, origin()) : undefined;
  };
  const hook = (name: string) => `${origin()}${API_PREFIX}/payments/webhooks/${name}`;
  return {
    async razorpay(keyId) {
      const s = await settingsOf('razorpay');
      return s?.gateway === 'razorpay' && s.keyId === keyId
        ? { keyId, keySecret: s.keySecret, webhookSecret: s.webhookSecret, webhookUrl: hook('razorpay') }
        : undefined;
    },
    async paytm(mid) {
      const s = await settingsOf('paytm');
      return s?.gateway === 'paytm' && s.mid === mid && s.merchantKey.length === 16
        ? { mid, merchantKey: s.merchantKey, webhookUrl: hook('paytm') }
        : undefined;
    },
    async paypal(clientId) {
      const s = await settingsOf('paypal');
      return s?.gateway === 'paypal' && s.clientId === clientId
        ? { clientId, clientSecret: s.clientSecret, webhookId: s.webhookId, webhookUrl: hook('paypal') }
        : undefined;
    },
  };
}

/** Mounts the Razorpay, Paytm and PayPal simulators under /__sim when GATEWAY_SIMULATOR is on. */
export async function registerGatewaySimulators(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!simulatorEnabled(ctx.config)) {
    app.decorate('gatewaySimulators', null);
    return;
  }
  const simulators = createGatewaySimulators({ accounts: shopAccounts(app, ctx) });
  app.decorate('gatewaySimulators', simulators);
  await simulators.register(app, SIMULATOR_PREFIX);
}
