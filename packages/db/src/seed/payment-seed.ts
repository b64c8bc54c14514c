import type { DbOrTx } from '../client.ts';
import { paymentGateways } from '../schema/index.ts';
import { gatewayLogoFile, gatewaySeeds } from './demo-gateways.ts';

/** Configuration keys a production row keeps: the currency conversion (Paytm's website follows the mode). */
const PRODUCTION_CONFIG_KEYS = new Set(['currency_code', 'currency_value']);

/**
 * The four payment methods. `withDemoCredentials: false` (production) writes them without the
 * demo keys and webhook secrets: there, every key comes from the environment.
 */
export async function seedPaymentGateways(
  tx: DbOrTx,
  { withDemoCredentials = true }: { withDemoCredentials?: boolean } = {},
): Promise<void> {
  await tx.insert(paymentGateways).values(
    gatewaySeeds.map((g, index) => ({
      id: index + 1,
      ...g,
      ...(withDemoCredentials
        ? {}
        : {
            apiKey: '',
            apiSecret: '',
            config: Object.fromEntries(
              Object.entries(g.config).filter(([key]) => PRODUCTION_CONFIG_KEYS.has(key)),
            ),
          }),
      logo: gatewayLogoFile(g.internalName),
      isActive: true,
    })),
  );
}
