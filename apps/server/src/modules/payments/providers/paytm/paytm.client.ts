import { generatePaytmSignature, verifyPaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import { rawJsonMember } from '@shop/gateway-sim/signatures/raw-json';
import type { PaytmSettings } from '../../gateway-settings.ts';
import { asRecord, asString, GatewayUnavailable, gatewayFetch } from '../gateway-http.ts';

export interface PaytmResultInfo {
  resultStatus: string;
  resultCode: string;
  resultMsg: string;
}

/**
 * Paytm's JSON APIs: every request body is signed (checksum over the exact JSON text of
 * `body`) and every answer's signature is verified over the raw text of its `body`.
 */
export function paytmClient(settings: PaytmSettings) {
  async function call(path: string, body: Record<string, unknown>) {
    const bodyText = JSON.stringify(body);
    const signature = await generatePaytmSignature(bodyText, settings.merchantKey);
    const r = await gatewayFetch(`${settings.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: `{"body":${bodyText},"head":{"signature":${JSON.stringify(signature)}}}`,
    });
    const rawBody = rawJsonMember(r.text, 'body');
    const head = asRecord(asRecord(r.json).head);
    const responseBody = asRecord(asRecord(r.json).body);
    const info = asRecord(responseBody.resultInfo);
    const resultInfo: PaytmResultInfo = {
      resultStatus: asString(info.resultStatus) ?? 'F',
      resultCode: asString(info.resultCode) ?? '',
      resultMsg: asString(info.resultMsg) ?? 'Unknown answer from Paytm',
    };
    const signed =
      rawBody !== undefined && verifyPaytmSignature(rawBody, settings.merchantKey, asString(head.signature));
    return { signed, body: responseBody, resultInfo };
  }

  return {
    async initiateTransaction(input: {
      orderId: string;
      amount: string;
      custId: string;
      callbackUrl: string;
    }) {
      const query = `?mid=${encodeURIComponent(settings.mid)}&orderId=${encodeURIComponent(input.orderId)}`;
      const answer = await call(`/theia/api/v1/initiateTransaction${query}`, {
        requestType: 'Payment',
        mid: settings.mid,
        websiteName: settings.website,
        orderId: input.orderId,
        txnAmount: { value: input.amount, currency: 'INR' },
        userInfo: { custId: input.custId },
        callbackUrl: input.callbackUrl,
      });
      // A failure answer may come unsigned (unknown merchant); a success must be signed.
      if (answer.resultInfo.resultStatus === 'S' && !answer.signed) {
        throw new GatewayUnavailable('Paytm initiateTransaction answer has a bad signature');
      }
      return { resultInfo: answer.resultInfo, txnToken: asString(answer.body.txnToken) };
    },
    /**
     * Asks the status of an order that does not exist: Paytm answers "invalid order id" signed
     * with the merchant key when it knows the merchant id and the request's checksum is right.
     */
    async checkCredentials() {
      const answer = await call('/v3/order/status', { mid: settings.mid, orderId: 'CONNECTION-TEST' });
      const refused = ['1001', '2005'].includes(answer.resultInfo.resultCode);
      return { accepted: answer.signed && !refused, resultInfo: answer.resultInfo };
    },
    /** The Transaction Status API: the truth about a payment (signature checked). */
    async transactionStatus(orderId: string) {
      const answer = await call('/v3/order/status', { mid: settings.mid, orderId });
      if (!answer.signed) throw new GatewayUnavailable('Paytm status answer has a bad signature');
      return {
        resultInfo: answer.resultInfo,
        orderId: asString(answer.body.orderId),
        txnAmount: asString(answer.body.txnAmount),
        txnId: asString(answer.body.txnId),
      };
    },
  };
}
