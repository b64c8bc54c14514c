import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PaytmAccount, SimAccounts } from './accounts.ts';
import {
  browserScript,
  type SimPluginOptions,
  isRecord,
  randomId,
  registerSimBodyParsers,
  stringOf,
} from './sim-common.ts';
import { generatePaytmSignature, verifyPaytmSignature } from './signatures/paytm.ts';
import { rawJsonMember } from './signatures/raw-json.ts';
import { RefundSwitch } from './refund-switch.ts';
import { WebhookSender } from './webhook-sender.ts';

const ORDER_ID = /^[A-Za-z0-9@\-_.]{1,50}$/;
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;
const TOKEN_LIFETIME_MS = 15 * 60_000;

export type PaytmTxnStatus = 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE';

export interface PaytmTransaction {
  mid: string;
  orderId: string;
  amount: string;
  currency: string;
  custId: string;
  callbackUrl: string;
  txnToken: string;
  tokenExpiresAt: number;
  status: PaytmTxnStatus;
  txnId: string;
  bankTxnId: string;
  txnDate: string;
  respCode: string;
  respMsg: string;
}

export interface PaytmRefund {
  mid: string;
  orderId: string;
  txnId: string;
  refId: string;
  refundId: string;
  /** Paise. */
  amount: number;
  status: 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE';
  txnTimestamp: string;
}

const REF_ID = /^[A-Za-z0-9@\-_.]{1,50}$/;
const toPaise = (amount: string) => Math.round(Number(amount) * 100);
const rupeesOf = (paise: number) => (paise / 100).toFixed(2);

interface ResultInfo {
  resultStatus: string;
  resultCode: string;
  resultMsg: string;
}

function paytmDate(date = new Date()): string {
  return date.toISOString().replace('T', ' ').slice(0, 21);
}

export interface PaytmSimOptions {
  accounts: SimAccounts;
  webhooks?: WebhookSender;
}

/**
 * A simulator of Paytm's JS Checkout APIs: initiateTransaction and the v3 Transaction Status
 * API (requests and responses signed with the merchant key checksum), the CheckoutJS merchant
 * script and the signed server-to-server payment notification.
 */
export function createPaytmSim(options: PaytmSimOptions) {
  const transactions = new Map<string, PaytmTransaction>();
  /** By `mid/refId`: a repeated refId is rejected. */
  const refunds = new Map<string, PaytmRefund>();
  const refundSwitch = new RefundSwitch();
  const webhooks = options.webhooks ?? new WebhookSender();
  const script = browserScript('paytm-checkout');
  const keyOf = (mid: string, orderId: string) => `${mid}/${orderId}`;

  /** `{"head":{…,"signature"},"body":<exact signed text>}` — the signature covers the body text. */
  async function sendSigned(
    reply: FastifyReply,
    account: PaytmAccount | undefined,
    body: Record<string, unknown>,
  ) {
    const bodyText = JSON.stringify(body);
    const head = {
      responseTimestamp: String(Date.now()),
      version: 'v1',
      ...(account ? { signature: await generatePaytmSignature(bodyText, account.merchantKey) } : {}),
    };
    return reply.type('application/json').send(`{"head":${JSON.stringify(head)},"body":${bodyText}}`);
  }

  /** Parses a signed JSON request; answers the checksum error itself when it fails. */
  async function signedRequest(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ account: PaytmAccount; body: Record<string, unknown> } | null> {
    const parsed = isRecord(request.body) ? request.body : {};
    const body = isRecord(parsed.body) ? parsed.body : {};
    const head = isRecord(parsed.head) ? parsed.head : {};
    const mid = stringOf(body.mid) ?? '';
    const account = await options.accounts.paytm(mid);
    if (!account) {
      await sendSigned(reply, undefined, {
        resultInfo: { resultStatus: 'F', resultCode: '1001', resultMsg: 'Request parameters are not valid' },
      });
      return null;
    }
    const rawBody = request.rawBody ? rawJsonMember(request.rawBody, 'body') : undefined;
    if (!rawBody || !verifyPaytmSignature(rawBody, account.merchantKey, stringOf(head.signature))) {
      await sendSigned(reply, account, {
        resultInfo: { resultStatus: 'F', resultCode: '2005', resultMsg: 'Checksum provided is invalid' },
      });
      return null;
    }
    return { account, body };
  }

  function callbackParams(txn: PaytmTransaction): Record<string, string> {
    return {
      BANKNAME: txn.status === 'TXN_SUCCESS' ? 'Kesar Simulated Bank' : '',
      BANKTXNID: txn.bankTxnId,
      CURRENCY: txn.currency,
      GATEWAYNAME: 'HDFC',
      MID: txn.mid,
      ORDERID: txn.orderId,
      PAYMENTMODE: 'DC',
      RESPCODE: txn.respCode,
      RESPMSG: txn.respMsg,
      STATUS: txn.status,
      TXNAMOUNT: txn.amount,
      TXNDATE: txn.txnDate,
      TXNID: txn.txnId,
    };
  }

  /**
   * What refunds take of a transaction: pending and done ones count against the amount left,
   * failed ones give it back; `doneOnly` counts the refunds completed (the status APIs' refundAmt).
   */
  function refundedOf(txn: PaytmTransaction, doneOnly = false): number {
    let sum = 0;
    for (const r of refunds.values()) {
      if (r.mid !== txn.mid || r.orderId !== txn.orderId) continue;
      if (doneOnly ? r.status === 'TXN_SUCCESS' : r.status !== 'TXN_FAILURE') sum += r.amount;
    }
    return sum;
  }

  function refundBody(refund: PaytmRefund, txn: PaytmTransaction | undefined) {
    const resultInfo: ResultInfo =
      refund.status === 'TXN_SUCCESS'
        ? { resultStatus: 'TXN_SUCCESS', resultCode: '10', resultMsg: 'Refund Successfull' }
        : refund.status === 'PENDING'
          ? {
              resultStatus: 'PENDING',
              resultCode: '601',
              resultMsg: 'Refund request was raised for this transaction. But it is pending state',
            }
          : { resultStatus: 'TXN_FAILURE', resultCode: '631', resultMsg: 'Refund failed at the bank' };
    return {
      orderId: refund.orderId,
      mid: refund.mid,
      refId: refund.refId,
      refundId: refund.refundId,
      txnId: refund.txnId,
      refundAmount: rupeesOf(refund.amount),
      totalRefundAmount: txn ? rupeesOf(refundedOf(txn)) : rupeesOf(refund.amount),
      txnAmount: txn?.amount ?? '',
      txnTimestamp: refund.txnTimestamp,
      resultInfo,
    };
  }

  /** Settles every pending refund (the switch's `hold`), as Paytm does days later. */
  function settleRefunds(outcome: 'process' | 'fail' = 'process') {
    for (const refund of refunds.values()) {
      if (refund.status === 'PENDING') refund.status = outcome === 'fail' ? 'TXN_FAILURE' : 'TXN_SUCCESS';
    }
  }

  const plugin: FastifyPluginAsync<SimPluginOptions> = async (app, { routeConfig = {} }) => {
    registerSimBodyParsers(app);
    refundSwitch.register(app, routeConfig);

    /**
     * The Refund API: asynchronous (the answer registers the refund as PENDING), refId unique
     * per merchant (a repeat is rejected with 617), refunds of a transaction never above it.
     */
    app.post('/refund/apply', { config: routeConfig }, async (request, reply) => {
      const signed = await signedRequest(request, reply);
      if (!signed) return reply;
      const { account, body } = signed;
      const fail = (resultCode: string, resultMsg: string) =>
        sendSigned(reply, account, {
          orderId: stringOf(body.orderId) ?? '',
          mid: account.mid,
          refId: stringOf(body.refId) ?? '',
          resultInfo: { resultStatus: 'TXN_FAILURE', resultCode, resultMsg },
        });
      const refId = stringOf(body.refId) ?? '';
      if (body.txnType !== 'REFUND') return fail('1001', 'Request parameters are not valid');
      if (!REF_ID.test(refId)) return fail('1001', 'Invalid refId');
      if (refunds.has(`${account.mid}/${refId}`)) return fail('617', 'Refund Already Raised');
      const txn = transactions.get(keyOf(account.mid, stringOf(body.orderId) ?? ''));
      if (!txn || txn.txnId !== body.txnId) return fail('501', 'Invalid Order Id or Txn Id');
      if (txn.status !== 'TXN_SUCCESS') return fail('620', 'Refund is not allowed for this transaction');
      const refundAmount = stringOf(body.refundAmount) ?? '';
      if (!AMOUNT.test(refundAmount) || toPaise(refundAmount) <= 0)
        return fail('619', 'Invalid refund amount');
      const amount = toPaise(refundAmount);
      if (refundedOf(txn) + amount > toPaise(txn.amount)) {
        return fail('619', 'Refund amount exceeds the transaction amount');
      }
      const refund: PaytmRefund = {
        mid: account.mid,
        orderId: txn.orderId,
        txnId: txn.txnId,
        refId,
        refundId: randomId('', 20).replace(/[a-zA-Z]/g, '5'),
        amount,
        status: 'PENDING',
        txnTimestamp: paytmDate(),
      };
      refunds.set(`${account.mid}/${refId}`, refund);
      const answer = refundBody(refund, txn);
      const outcome = refundSwitch.take();
      if (outcome !== 'hold') refund.status = outcome === 'fail' ? 'TXN_FAILURE' : 'TXN_SUCCESS';
      return sendSigned(reply, account, answer);
    });

    app.post('/v2/refund/status', { config: routeConfig }, async (request, reply) => {
      const signed = await signedRequest(request, reply);
      if (!signed) return reply;
      const { account, body } = signed;
      const refund = refunds.get(`${account.mid}/${stringOf(body.refId) ?? ''}`);
      if (!refund || refund.orderId !== body.orderId) {
        return sendSigned(reply, account, {
          resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '631', resultMsg: 'Record not found' },
        });
      }
      return sendSigned(
        reply,
        account,
        refundBody(refund, transactions.get(keyOf(refund.mid, refund.orderId))),
      );
    });

    app.get<{ Params: { file: string } }>(
      '/merchantpgpui/checkoutjs/merchants/:file',
      { config: routeConfig },
      async (request, reply) => {
        if (!request.params.file.endsWith('.js')) return reply.code(404).send('Not found');
        return reply
          .type('application/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(script);
      },
    );

    app.post<{ Querystring: { mid?: string; orderId?: string } }>(
      '/theia/api/v1/initiateTransaction',
      { config: routeConfig },
      async (request, reply) => {
        const signed = await signedRequest(request, reply);
        if (!signed) return reply;
        const { account, body } = signed;
        const fail = (resultCode: string, resultMsg: string) =>
          sendSigned(reply, account, { resultInfo: { resultStatus: 'F', resultCode, resultMsg } });
        const orderId = stringOf(body.orderId) ?? '';
        if (request.query.mid !== account.mid || request.query.orderId !== orderId) {
          return fail('1001', 'Request parameters are not valid');
        }
        if (!ORDER_ID.test(orderId)) return fail('1001', 'Request parameters are not valid');
        if (body.requestType !== 'Payment') return fail('1001', 'Request parameters are not valid');
        const txnAmount = isRecord(body.txnAmount) ? body.txnAmount : {};
        const value = stringOf(txnAmount.value) ?? '';
        if (!AMOUNT.test(value) || Number(value) <= 0) return fail('1007', 'Txn amount is invalid');
        if ((txnAmount.currency ?? 'INR') !== 'INR') return fail('1001', 'Request parameters are not valid');
        const userInfo = isRecord(body.userInfo) ? body.userInfo : {};
        const custId = stringOf(userInfo.custId) ?? '';
        if (!custId) return fail('1001', 'Request parameters are not valid');
        if (transactions.has(keyOf(account.mid, orderId))) return fail('325', 'Duplicate Order Id.');
        const txn: PaytmTransaction = {
          mid: account.mid,
          orderId,
          amount: value,
          currency: 'INR',
          custId,
          callbackUrl: stringOf(body.callbackUrl) ?? '',
          txnToken: randomId('', 32).toLowerCase(),
          tokenExpiresAt: Date.now() + TOKEN_LIFETIME_MS,
          status: 'PENDING',
          txnId: '',
          bankTxnId: '',
          txnDate: '',
          respCode: '402',
          respMsg:
            'Looks like the payment is not complete. Please wait while we confirm the status with your bank.',
        };
        transactions.set(keyOf(account.mid, orderId), txn);
        return sendSigned(reply, account, {
          resultInfo: { resultStatus: 'S', resultCode: '0000', resultMsg: 'Success' },
          txnToken: txn.txnToken,
          isPromoCodeValid: false,
          authenticated: false,
        });
      },
    );

    app.post('/v3/order/status', { config: routeConfig }, async (request, reply) => {
      const signed = await signedRequest(request, reply);
      if (!signed) return reply;
      const { account, body } = signed;
      const txn = transactions.get(keyOf(account.mid, stringOf(body.orderId) ?? ''));
      if (!txn) {
        return sendSigned(reply, account, {
          resultInfo: { resultStatus: 'F', resultCode: '334', resultMsg: 'Invalid Order Id.' },
        });
      }
      const resultInfo: ResultInfo = {
        resultStatus: txn.status,
        resultCode: txn.respCode,
        resultMsg: txn.respMsg,
      };
      return sendSigned(reply, account, {
        resultInfo,
        txnId: txn.txnId,
        bankTxnId: txn.bankTxnId,
        orderId: txn.orderId,
        txnAmount: txn.amount,
        txnType: 'SALE',
        gatewayName: 'HDFC',
        bankName: txn.status === 'TXN_SUCCESS' ? 'Kesar Simulated Bank' : '',
        mid: txn.mid,
        paymentMode: 'DC',
        refundAmt: rupeesOf(refundedOf(txn, true)),
        txnDate: txn.txnDate,
      });
    });

    /**
     * What the CheckoutJS page does when the shopper approves or declines: settles the
     * transaction, sends the signed notification and answers the callback fields that
     * `handler.transactionStatus` receives.
     */
    app.post('/checkout/pay', { config: routeConfig }, async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const account = await options.accounts.paytm(stringOf(body.mid) ?? '');
      const txn = account ? transactions.get(keyOf(account.mid, stringOf(body.orderId) ?? '')) : undefined;
      if (!account || !txn || txn.txnToken !== body.txnToken) {
        return reply
          .code(400)
          .send({ resultInfo: { resultStatus: 'F', resultCode: '1006', resultMsg: 'Invalid token' } });
      }
      if (Date.now() > txn.tokenExpiresAt) {
        return reply
          .code(400)
          .send({ resultInfo: { resultStatus: 'F', resultCode: '1006', resultMsg: 'Session expired' } });
      }
      if (txn.status === 'PENDING') {
        const approved = body.outcome !== 'decline';
        txn.status = approved ? 'TXN_SUCCESS' : 'TXN_FAILURE';
        txn.respCode = approved ? '01' : '227';
        txn.respMsg = approved
          ? 'Txn Success'
          : 'Your payment has been declined by your bank. Please try again or use a different method to complete the payment.';
        txn.txnId = randomId('2026', 16).replace(/[a-zA-Z]/g, '7');
        txn.bankTxnId = approved ? randomId('', 12).replace(/[a-zA-Z]/g, '3') : '';
        txn.txnDate = paytmDate();
        const params = callbackParams(txn);
        const CHECKSUMHASH = await generatePaytmSignature(params, account.merchantKey);
        if (account.webhookUrl) {
          webhooks.send({
            url: account.webhookUrl,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...params, CHECKSUMHASH }).toString(),
          });
        }
      }
      const params = callbackParams(txn);
      return reply.send({
        ...params,
        CHECKSUMHASH: await generatePaytmSignature(params, account.merchantKey),
      });
    });
  };

  return { plugin, transactions, refunds, refundSwitch, settleRefunds, webhooks };
}

export type PaytmSim = ReturnType<typeof createPaytmSim>;
