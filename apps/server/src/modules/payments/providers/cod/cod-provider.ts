import type { CodSettings } from '../../gateway-settings.ts';
import { insertPayment, latestPayment } from '../../payments.repository.ts';
import { type PaymentProvider, settingsView } from '../payment-provider.ts';

/**
 * Cash on delivery: no gateway. Choosing it records one pending payment and confirms the order;
 * the money is collected at the door.
 */
export const codProvider: PaymentProvider<CodSettings> = {
  isConfigured: () => true,
  publicKey: () => '',
  async create(deps, settings, order) {
    const existing = await latestPayment(deps.ctx.db, order.id, 'cod');
    if (!existing) {
      await insertPayment(deps.ctx.db, {
        orderId: order.id,
        gateway: 'cod',
        amountMinor: order.totalPaise,
        currency: 'INR',
      });
    }
    return { order: order.view, settings: settingsView(settings, '', order.totalPaise, 'INR') };
  },
  verify: async () => ({ outcome: { kind: 'cod' } }),
  status: async () => undefined,
};
