import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '@shop/contract/api-prefix';
import { decimalToMinor, minorToDecimal, paymentMessages } from '@shop/contract/payments';
import { verifyPaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import type { PaytmSettings } from '../../gateway-settings.ts';
import { findPaymentByGatewayOrder, insertPayment, type PaymentRow } from '../../payments.repository.ts';
import { type PaymentProvider, settingsView, unchanged, type Verdict } from '../payment-provider.ts';
import { invalidSignature } from '../webhook-body.ts';
import { paytmClient } from './paytm.client.ts';
import { paytmRefund, paytmRefundStatus } from './paytm-refund.ts';

/** The Transaction Status API is the truth; order id and amount must match. */
async function paytmVerdict(settings: PaytmSettings, payment: PaymentRow): Promise<Verdict> {
  if (!payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  const status = await paytmClient(settings).transactionStatus(payment.gatewayOrderId);
  const { resultStatus, resultMsg } = status.resultInfo;
  if (resultStatus === 'TXN_SUCCESS' || resultStatus === 'TXN_FAILURE' || resultStatus === 'PENDING') {
    if (status.orderId !== payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  }
  const raw = { ...status };
  switch (resultStatus) {
    case 'TXN_SUCCESS':
      if (decimalToMinor(status.txnAmount) !== payment.amountMinor)
        return unchanged(paymentMessages.amountMismatch);
      return { outcome: { kind: 'paid', gatewayPaymentId: status.txnId, raw } };
    case 'TXN_FAILURE':
      return {
        outcome: {
          kind: 'failed',
          reason: resultMsg || paymentMessages.paymentDeclined,
          gatewayPaymentId: status.txnId,
          raw,
        },
      };
    case 'PENDING':
      return { outcome: { kind: 'processing', raw } };
    default:
      return unchanged(paymentMessages.paymentNotComplete);
  }
}

/**
 * Paytm: one Paytm order id per attempt (Paytm refuses a repeated id), the Transaction Status
 * API decides every outcome, notifications are checked by their CHECKSUMHASH.
 */
export const paytmProvider: PaymentProvider<PaytmSettings> = {
  isConfigured: (settings) => Boolean(settings.mid) && settings.merchantKey.length === 16,
  publicKey: (settings) => settings.mid,
  async checkConnection(settings) {
    if (settings.merchantKey.length !== 16)
      return { ok: false, message: 'A Paytm merchant key has 16 characters.' };
    const answer = await paytmClient(settings).checkCredentials();
    return answer.accepted
      ? { ok: true, message: 'Paytm accepted the merchant id and key.' }
      : { ok: false, message: `Paytm refused the keys: ${answer.resultInfo.resultMsg}.` };
  },

  async create(deps, settings, order) {
    const view = settingsView(settings, settings.mid, order.totalPaise, 'INR');
    const paytmOrderId = `${order.number}_${randomBytes(4).toString('hex')}`.replace(
      /[^A-Za-z0-9@\-_.]/g,
      '-',
    );
    const initiated = await paytmClient(settings).initiateTransaction({
      orderId: paytmOrderId,
      amount: minorToDecimal(order.totalPaise),
      custId: `CUST_${order.customerId}`,
      callbackUrl: `${deps.ctx.config.publicUrl}${API_PREFIX}/payments/webhooks/paytm`,
    });
    if (initiated.resultInfo.resultStatus !== 'S') {
      return {
        order: { ...order.view, order_error_message: initiated.resultInfo.resultMsg },
        settings: view,
      };
    }
    if (!initiated.txnToken) return { order: order.view, settings: view };
    await insertPayment(deps.ctx.db, {
      orderId: order.id,
      gateway: 'paytm',
      gatewayOrderId: paytmOrderId,
      amountMinor: order.totalPaise,
      currency: 'INR',
    });
    return {
      order: {
        ...order.view,
        payment_gateway_order_id: paytmOrderId,
        payment_transaction_token: initiated.txnToken,
      },
      settings: view,
    };
  },

  verify: (settings, payment) => paytmVerdict(settings, payment),
  status: (settings, payment) => paytmVerdict(settings, payment),

  async readWebhook(_deps, settings, { form }) {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
    if (!verifyPaytmSignature(fields, settings.merchantKey, fields.CHECKSUMHASH)) throw invalidSignature();
    if (fields.MID !== settings.mid) throw invalidSignature();
    const { CHECKSUMHASH: _checksum, ...payload } = fields;
    return {
      gateway: 'paytm',
      eventId: `${fields.ORDERID ?? ''}:${fields.TXNID ?? ''}:${fields.STATUS ?? ''}`,
      eventType: fields.STATUS ?? '',
      payload,
    };
  },

  async webhookVerdict(deps, settings, { payload }) {
    const orderId = typeof payload.ORDERID === 'string' ? payload.ORDERID : undefined;
    const payment = orderId ? await findPaymentByGatewayOrder(deps.ctx.db, 'paytm', orderId) : undefined;
    return { payment, verdict: payment ? await paytmVerdict(settings, payment) : null };
  },

  refund: paytmRefund,
  refundStatus: (settings, call) =>
    paytmRefundStatus(settings, { gatewayOrderId: call.gatewayOrderId, key: call.key }),
};
