import { describe, expect, it } from 'vitest';
import {
  generatePaytmSignature,
  paytmChecksumWithSalt,
  paytmStringOfParams,
  verifyPaytmSignature,
} from './paytm.ts';
import {
  razorpayPaymentSignature,
  razorpayWebhookSignature,
  verifyRazorpayPaymentSignature,
  verifyRazorpayWebhookSignature,
} from './razorpay.ts';
import { rawJsonMember } from './raw-json.ts';

describe('Razorpay payment signature (reference vector)', () => {
  const secret = 'EnLs21M47BllR3X8PSFtjtbd';
  const expected = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';

  it('is hex HMAC-SHA256 of order_id|payment_id', () => {
    expect(razorpayPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', secret)).toBe(expected);
  });
  it('verifies the reference signature', () => {
    expect(
      verifyRazorpayPaymentSignature({
        orderId: 'order_IEIaMR65cu6nz3',
        paymentId: 'pay_IH4NVgf4Dreq1l',
        signature: expected,
        keySecret: secret,
      }),
    ).toBe(true);
  });
  it.each([
    ['another order id', { orderId: 'order_IEIaMR65cu6nz4' }],
    ['another payment id', { paymentId: 'pay_IH4NVgf4Dreq1m' }],
    ['a flipped signature digit', { signature: `1${expected.slice(1)}` }],
    ['a truncated signature', { signature: expected.slice(0, 40) }],
    ['another secret', { keySecret: 'EnLs21M47BllR3X8PSFtjtbe' }],
    ['an empty signature', { signature: '' }],
  ])('rejects %s', (_name, change) => {
    expect(
      verifyRazorpayPaymentSignature({
        orderId: 'order_IEIaMR65cu6nz3',
        paymentId: 'pay_IH4NVgf4Dreq1l',
        signature: expected,
        keySecret: secret,
        ...change,
      }),
    ).toBe(false);
  });
});

describe('Razorpay webhook signature (reference vector)', () => {
  const body = '{"a":1,"b":2,"c":{"d":3}}';
  const expected = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
  it('is hex HMAC-SHA256 over the raw body', () => {
    expect(razorpayWebhookSignature(body, '123456')).toBe(expected);
    expect(verifyRazorpayWebhookSignature(Buffer.from(body), expected, '123456')).toBe(true);
  });
  it('rejects a re-formatted body, a tampered body, a missing header and another secret', () => {
    expect(verifyRazorpayWebhookSignature('{"a":1, "b":2, "c":{"d":3}}', expected, '123456')).toBe(false);
    expect(verifyRazorpayWebhookSignature('{"a":1,"b":3,"c":{"d":3}}', expected, '123456')).toBe(false);
    expect(verifyRazorpayWebhookSignature(body, undefined, '123456')).toBe(false);
    expect(verifyRazorpayWebhookSignature(body, expected, '1234567')).toBe(false);
  });
});

describe('Paytm checksum (vectors computed independently with openssl)', () => {
  const key = 'kesarDemoKey16ch';
  const json = '{"mid":"KESARD47110000000001","orderId":"KF-1001"}';
  const jsonVector =
    '+2yPXIHTKSqWwuq3fm1yjTFkYfiQoLiLN3//9Byoq/+UkAdHajrLv9STLKmwljO/PRbQ5qjI1939EvrOGIdY+9ErHqJz3DGTUenh5LvU8eQ=';
  const form = {
    TXNAMOUNT: '1.00',
    CURRENCY: 'INR',
    MID: 'KESARD47110000000001',
    ORDERID: 'KF-1001',
    STATUS: 'TXN_SUCCESS',
  };
  const formVector =
    'uqNaqegw3DUayKvVT67Ed8w4fppx4P35pDaXe8XtIwTM6+g2ahdDC0CcfMJOwJyoNqLDCxxXLMl+G2R3pRMJsqCH3Ci9+UU6ywx2WydncyU=';

  it('hashes str|salt with SHA-256, appends the salt and encrypts with AES-128-CBC', () => {
    expect(paytmChecksumWithSalt(json, key, 'AbCd')).toBe(jsonVector);
    expect(jsonVector).toHaveLength(108);
  });
  it('joins form values in key order with "|" and maps null/"null" to ""', () => {
    expect(paytmStringOfParams(form)).toBe('INR|KESARD47110000000001|KF-1001|TXN_SUCCESS|1.00');
    expect(paytmStringOfParams({ B: null, A: 'NULL', C: 'x' })).toBe('||x');
  });
  it('verifies the vectors and its own random-salt signatures', async () => {
    expect(verifyPaytmSignature(json, key, jsonVector)).toBe(true);
    expect(verifyPaytmSignature('1.00|INR|KESARD47110000000001|KF-1001|TXN_SUCCESS', key, formVector)).toBe(
      true,
    );
    const signed = await generatePaytmSignature(form, key);
    expect(signed).toHaveLength(108);
    expect(verifyPaytmSignature({ ...form, CHECKSUMHASH: signed }, key, signed)).toBe(true);
  });
  it('rejects a changed text, a changed amount, another key and a garbage checksum', async () => {
    expect(verifyPaytmSignature(`${json} `, key, jsonVector)).toBe(false);
    const signed = await generatePaytmSignature(form, key);
    expect(verifyPaytmSignature({ ...form, TXNAMOUNT: '100.00' }, key, signed)).toBe(false);
    expect(verifyPaytmSignature(json, 'kesarDemoKey16cH', jsonVector)).toBe(false);
    expect(verifyPaytmSignature(json, key, 'not-base64!!')).toBe(false);
    expect(verifyPaytmSignature(json, key, undefined)).toBe(false);
  });
  it('refuses a merchant key that is not 16 bytes', async () => {
    await expect(generatePaytmSignature(json, 'short')).rejects.toThrow('16 bytes');
  });
});

describe('rawJsonMember', () => {
  it('returns the exact text of a top-level member', () => {
    const text = '{"head":{"signature":"x}"},"body":{"a": [1, {"b":"}\\""}], "c":null} }';
    expect(rawJsonMember(text, 'body')).toBe('{"a": [1, {"b":"}\\""}], "c":null}');
    expect(rawJsonMember(text, 'head')).toBe('{"signature":"x}"}');
    expect(rawJsonMember(text, 'missing')).toBeUndefined();
    expect(rawJsonMember('not json', 'body')).toBeUndefined();
  });
});
