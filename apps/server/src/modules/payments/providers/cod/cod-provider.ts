import type { CodSettings } from '../../gateway-settings.ts';
import { lockCustomer } from '../../../customers/customer-lookup.service.ts';
import { ensureCodAllowance } from '../../cod-allowance.service.ts';
import { insertPayment, latestPayment } from '../../payments.repository.ts';
import { type PaymentProvider, settingsView } from '../payment-provider.ts';

/**
 * Cash on delivery: no gateway. Choosing it records one pending payment and confirms the order;
 * the money is collected at the door.
 */
export const codProvider: PaymentProvider<CodSettings> = {
  isConfigured: () => true,
  publicKey: () => '',
  checkConnection: async () => ({ ok: true, message: 'Cash on delivery needs no connection.' }),
  async create(deps, settings, order) {
    await deps.ctx.db.transaction(async (tx) => {
      // One customer's choices are counted one after another (the daily cash-on-delivery cap).
      await lockCustomer(tx, order.customerId);
      if (await latestPayment(tx, order.id, 'cod')) return;
      await ensureCodAllowance(deps.ctx, tx, order.customerId, order.id);
      await insertPayment(tx, {
        orderId: order.id,
        gateway: 'cod',
        amountMinor: order.totalPaise,
        currency: 'INR',
      });
    });
    return { order: order.view, settings: settingsView(settings, '', order.totalPaise, 'INR') };
  },
  verify: async () => ({ outcome: { kind: 'cod' } }),
  status: async () => undefined,
};
