import { minorToDecimal } from '@shop/contract/payments';
import { generatePaytmSignature, verifyPaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import { rawJsonMember } from '@shop/gateway-sim/signatures/raw-json';
import type { PaytmSettings } from '../../gateway-settings.ts';
import { asRecord, asString, gatewayFetch } from '../gateway-http.ts';
import { type RefundAnswer, type RefundCall, unknownFrom } from '../refund-answer.ts';

/** Paytm rejects a second refund with a refId it has seen: then the status API has the answer. */
const DUPLICATE_REF_ID = '617';

async function signedCall(settings: PaytmSettings, path: string, body: Record<string, unknown>) {
  const bodyText = JSON.stringify(body);
  const signature = await generatePaytmSignature(bodyText, settings.merchantKey);
  const r = await gatewayFetch(`${settings.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: `{"body":${bodyText},"head":{"signature":${JSON.stringify(signature)}}}`,
  });
  const rawBody = rawJsonMember(r.text, 'body');
  const signed =
    rawBody !== undefined &&
    verifyPaytmSignature(rawBody, settings.merchantKey, asString(asRecord(asRecord(r.json).head).signature));
  const answer = asRecord(asRecord(r.json).body);
  const info = asRecord(answer.resultInfo);
  return {
    signed,
    answer,
    resultStatus: asString(info.resultStatus) ?? '',
    resultCode: asString(info.resultCode) ?? '',
    resultMsg: asString(info.resultMsg) ?? `Paytm answered ${r.status}`,
  };
}

function answerOf(reply: Awaited<ReturnType<typeof signedCall>>): RefundAnswer {
  if (!reply.signed) return { kind: 'unknown', reason: 'Paytm refund answer has a bad signature' };
  const id = asString(reply.answer.refundId) ?? '';
  // Branch on resultStatus: Paytm's resultCode meanings differ between APIs.
  if (reply.resultStatus === 'TXN_SUCCESS')
    return { kind: 'accepted', gatewayRefundId: id, status: 'processed' };
  if (reply.resultStatus === 'PENDING') return { kind: 'accepted', gatewayRefundId: id, status: 'pending' };
  if (reply.resultStatus === 'TXN_FAILURE')
    return { kind: 'failed', reason: reply.resultMsg, gatewayRefundId: id };
  return { kind: 'unknown', reason: reply.resultMsg };
}

/** POST /v2/refund/status {mid, orderId, refId}: the refund's state, by our refId. */
export async function paytmRefundStatus(
  settings: PaytmSettings,
  input: { gatewayOrderId: string; key: string },
): Promise<RefundAnswer> {
  try {
    return answerOf(
      await signedCall(settings, '/v2/refund/status', {
        mid: settings.mid,
        orderId: input.gatewayOrderId,
        refId: input.key,
      }),
    );
  } catch (error) {
    return unknownFrom(error);
  }
}

/**
 * POST /refund/apply: asynchronous, the answer only registers the refund. refId (≤ 50) is the
 * idempotency key; a repeat is rejected as a duplicate, so the status API is asked instead.
 */
export async function paytmRefund(settings: PaytmSettings, call: RefundCall): Promise<RefundAnswer> {
  try {
    const reply = await signedCall(settings, '/refund/apply', {
      mid: settings.mid,
      txnType: 'REFUND',
      orderId: call.gatewayOrderId,
      txnId: call.gatewayPaymentId,
      refId: call.key,
      refundAmount: minorToDecimal(call.amountMinor),
    });
    if (reply.resultCode === DUPLICATE_REF_ID) {
      return paytmRefundStatus(settings, { gatewayOrderId: call.gatewayOrderId, key: call.key });
    }
    return answerOf(reply);
  } catch (error) {
    return unknownFrom(error);
  }
}
