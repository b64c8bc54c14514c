import type { GatewayName } from '@shop/contract/payments';
import { AppError } from '../../http/app-error.ts';
import { type GatewaySettings, resolveGateway } from './gateway-settings.ts';
import { settlePayment } from './payment-settlement.service.ts';
import { findGateway, recordEvent } from './payments.repository.ts';
import type { PaymentsDeps, WebhookRequest } from './providers/payment-provider.ts';
import { providerOf } from './providers/registry.ts';
import { handleRefundWebhook } from './refunds.service.ts';

async function settingsOf(deps: PaymentsDeps, gateway: GatewayName): Promise<GatewaySettings> {
  const row = await findGateway(deps.ctx.db, gateway);
  const settings = row ? resolveGateway(row, deps.ctx.config, deps.origin()) : undefined;
  if (!settings) throw AppError.notFound('This payment gateway is not configured.');
  return settings;
}

/**
 * POST payments/webhooks/{gateway}: the provider verifies the signature and reads the event; a
 * refund event goes to the refunds service; a payment event's verdict (checked with the
 * gateway's API, never taken from the event's copy) is settled together with the event id in one
 * transaction. Events that change nothing are still recorded, so a repeat is recognised.
 */
export async function handleGatewayWebhook(
  deps: PaymentsDeps,
  gateway: GatewayName,
  request: WebhookRequest,
): Promise<void> {
  const settings = await settingsOf(deps, gateway);
  const provider = providerOf(settings);
  if (!provider.readWebhook || !provider.webhookVerdict)
    throw AppError.notFound('No webhooks for this gateway.');
  const event = await provider.readWebhook(deps, settings, request);
  if (await handleRefundWebhook(deps.ctx, event)) return;
  const { payment, verdict } = await provider.webhookVerdict(deps, settings, event);
  if (payment && verdict && 'outcome' in verdict) {
    await settlePayment(deps.ctx, payment.id, payment.orderId, verdict.outcome, event);
    return;
  }
  await deps.ctx.db.transaction((tx) => recordEvent(tx, event));
}
