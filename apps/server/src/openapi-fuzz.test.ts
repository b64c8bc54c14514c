import { demoAccounts } from '@shop/gateway-sim/accounts';
import { generatePaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import { razorpayWebhookSignature } from '@shop/gateway-sim/signatures/razorpay';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAddress,
  makeCustomer,
  makeProduct,
  setSetting,
  tokenFor,
} from './modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Hostile input never makes the server fail (product rules §7: "never a 500 for bad input"). The test
 * reads the OpenAPI document the server serves and sends every operation, logged in and not,
 * values a careless or malicious client could send: out-of-range and odd numbers, wrong types,
 * long, NUL-bearing and non-Latin strings, nested objects and lists, missing and non-JSON bodies,
 * and path segments that are no ids. Every answer must be below 500; the failures name the
 * operation and the value.
 */
const OPENAPI = '/backend/api/web/openapi.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

function deeplyNested(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Values put in place of every field of a JSON body (and of the whole body). */
const HOSTILE_JSON: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '0x1F',
  'a'.repeat(20_000),
  'nul\u0000byte',
  '\ud800 lone surrogate',
  '😀'.repeat(300),
  'काजू कतली ₹१२३',
  '\u202egnp.exe',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff',
  '{"$gt":""}',
  [],
  [1, 2, 3],
  ['a', null],
  [{}],
  Array.from({ length: 500 }, (_, i) => i),
  {},
  { $gt: '' },
  { constructor: { prototype: { polluted: true } } },
  deeplyNested(12),
];

/** Values for path segments and query parameters (already URL-encoded where needed). */
const HOSTILE_TEXT: string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '9'.repeat(40),
  '-0',
  '+1',
  '%20',
  'abc',
  'a'.repeat(5_000),
  '%00',
  '%FF%FE',
  '%ED%A0%80',
  encodeURIComponent('काजू कतली'),
  encodeURIComponent('😀😀'),
  encodeURIComponent("1' OR '1'='1"),
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  encodeURIComponent('<script>'),
  '[]',
  '%5B%5D',
  'null',
  'true',
];

/** Whole bodies that are not one JSON object, with the content type they are sent as. */
const HOSTILE_BODIES: { label: string; payload?: string; contentType?: string }[] = [
  { label: 'no body' },
  { label: 'empty JSON', payload: '', contentType: 'application/json' },
  { label: 'broken JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'JSON with a lone surrogate escape', payload: '{"a":"\\ud800"}', contentType: 'application/json' },
  { label: 'text', payload: 'hello', contentType: 'text/plain' },
  { label: 'form', payload: 'a=1&b[]=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'multipart', payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  {
    label: 'JSON nested 5000 deep',
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    contentType: 'application/json',
  },
  {
    label: '2 MB JSON string',
    payload: JSON.stringify('x'.repeat(2_000_000)),
    contentType: 'application/json',
  },
  { label: '__proto__ key', payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { label: 'duplicate keys', payload: '{"a":1,"a":{"b":[]}}', contentType: 'application/json' },
  { label: 'UTF-16 charset', payload: '{}', contentType: 'application/json; charset=utf-16' },
  { label: 'upper-case type', payload: '{}', contentType: 'APPLICATION/JSON' },
  { label: 'JSON suffix type', payload: '{}', contentType: 'application/vnd.api+json' },
  { label: 'bad content type', payload: '{}', contentType: ';;=;' },
];

/** Query strings that no operation declares: pollution attempts, deep brackets, broken encoding. */
const HOSTILE_QUERIES = [
  '__proto__=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a[b][c][d][e][f]=1',
  'page[$gt]=1',
  '%FF=1',
  '=&&=',
  `${'k'.repeat(3000)}=v`,
];

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

describe('OpenAPI fuzz: hostile input never answers 5xx', () => {
  let t: TestApp;
  let doc: OpenApi;
  let ids: { product: number; address: number; order: number; orderNumber: string; customer: number };
  let auth: Record<string, string>;
  let email: string;

  beforeAll(async () => {
    // No caps on orders here: every valid-looking checkout is placed, so hostile values reach the
    // code that writes an order.
    t = await createTestApp({ env: { ORDER_MAX_UNPAID: '1000', ORDER_MAX_COD_PER_DAY: '1000' } });
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    const customer = await makeCustomer(t.ctx.db);
    auth = customer.auth;
    email = customer.email;
    const address = await makeAddress(t.ctx.db, customer.id);
    const product = await makeProduct(t.ctx.db, { availableStock: 100_000 });
    const placed = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/checkout',
      headers: auth,
      payload: { items: [{ item_id: product.id, quantity: 1 }], customer: { address_id: address.id } },
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json<{ order: { id: number; order_id: string } }>().order;
    ids = {
      product: product.id,
      address: address.id,
      order: order.id,
      orderNumber: order.order_id,
      customer: customer.id,
    };
    const res = await t.request({ method: 'GET', url: OPENAPI });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApi>();
  });
  afterAll(() => t.close());

  /**
   * A value the field of `path`'s body accepts, so that mutating its neighbours reaches the code
   * behind validation.
   */
  function validValue(path: string, name: string, schema: Schema | undefined): Json {
    const known: Record<string, Json> = {
      item_id: ids.product,
      address_id: ids.address,
      id: ids.order,
      order_id: ids.orderNumber,
      // Sign-up wants an address nobody has registered; the other forms the customer's.
      email: path.endsWith('/customers') ? `fuzz-${Date.now()}@example.in` : email,
      username: email,
      login_method: 'email',
      password: 'Secret@123',
      new_password: 'Secret@456',
      confirm_password: 'Secret@123',
      email_verification_otp: '123456',
      otp: '123456',
      // apply_coupon needs a code; checkout takes none.
      coupon_code: path.endsWith('/apply_coupon') ? 'WELCOME10' : '',
      address_type: 'home',
      city: 'Jaipur',
      name: 'Asha Verma',
      email_address: email,
      message: 'Do you deliver to Jaipur?',
      payment_gateway: 'cod',
      mobile_number: '9876543210',
      contact_number: '9876543210',
      pin_code: '302001',
      payload: {
        razorpay_order_id: 'order_x',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'f'.repeat(64),
      },
    };
    if (name in known) return known[name] as Json;
    if (!schema) return 'text';
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0] as Json;
    const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (options) {
      const first = options.find((o) => o.type !== 'null') ?? options[0];
      return validValue(path, name, first);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const out: Record<string, Json> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {}))
          out[key] = validValue(path, key, property);
        return out;
      }
      case 'array':
        return [validValue(path, name, schema.items)];
      case 'integer':
      case 'number':
        return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
      case 'boolean':
        return true;
      default:
        return 'Asha Verma'.padEnd(schema.minLength ?? 0, 'a');
    }
  }

  /** Every path to a field in a JSON value (objects and arrays alike), outermost first. */
  function fieldPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
    const out: (string | number)[][] = [];
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const path = [...prefix, Array.isArray(value) ? Number(key) : key];
        out.push(path, ...fieldPaths(inner as Json, path));
      }
    }
    return out;
  }

  function withField(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
    const copy = structuredClone(value) as Record<string | number, Json>;
    let node: Record<string | number, Json> = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
    const last = path[path.length - 1] as string | number;
    if (replacement === undefined) delete node[last];
    else node[last] = replacement;
    return copy as Json;
  }

  function validPathValue(path: string, name: string): string {
    if (name === 'id')
      return String(
        path.includes('address') ? ids.address : path.includes('orders') ? ids.order : ids.product,
      );
    if (name === 'productId') return String(ids.product);
    if (name === 'size') return '120x120';
    if (name === 'folder') return 'banners';
    if (name === 'file') return 'x.webp';
    return 'x';
  }

  it('walks every operation, logged in and not, and fails on any 5xx naming the operation and value', async () => {
    const failures: string[] = [];
    let sent = 0;
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

    async function send(label: string, options: InjectOptions) {
      sent += 1;
      let status: number;
      try {
        status = (await t.app.inject(options)).statusCode;
      } catch (error) {
        // A request no HTTP client could put on the wire (light-my-request refuses it) is no finding.
        if (error instanceof TypeError && /header|character/i.test(error.message)) return;
        failures.push(`${label}: threw ${(error as Error).message}`);
        return;
      }
      if (status >= 500) failures.push(`${label}: ${status}`);
    }

    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => methods.has(method))
        .map(([method, op]) => ({ path, method: method.toUpperCase() as InjectOptions['method'], op })),
    );
    expect(operations.length).toBeGreaterThan(30);

    for (const { path, method, op } of operations) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const takesBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
      const urlWith = (values: Record<string, string>, query = '') =>
        path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? validPathValue(path, name)) +
        (query ? `?${query}` : '');

      // A token and an address of its own for each operation: logging out or changing the password
      // revokes tokens, deleting an address removes it.
      const token = await tokenFor(t.ctx.db, ids.customer);
      ids.address = (await makeAddress(t.ctx.db, ids.customer, { isDefault: false })).id;
      const validBody = bodySchema ? validValue(path, 'body', bodySchema) : {};
      const loggedIn = { authorization: `Bearer ${token}` };
      const plain = (headers: Record<string, string>, payload = takesBody ? validBody : undefined) =>
        ({
          method,
          url: urlWith({}),
          headers,
          ...(payload === undefined ? {} : { payload }),
        }) as InjectOptions;
      // Where the operation reads its input: logged in when it refuses anonymous callers (401
      // before anything is parsed), anonymously otherwise. The full grid of hostile parameters and
      // fields is sent there; the other state gets the path, query and whole-body cases.
      const isProtected = (await t.app.inject(plain({}))).statusCode === 401;
      // Catch-all routes answer 404 to anything; their bodies are still parsed first.
      const isCatchAll = path.includes('{*}');
      for (const [who, headers] of [
        ['anonymous', {}],
        ['logged in', loggedIn],
      ] as const) {
        const name = `${method} ${path} (${who})`;
        const fullGrid = isProtected ? who === 'logged in' : who === 'anonymous' || takesBody;
        const base = (
          url: string,
          payload: Json | undefined = takesBody ? validBody : undefined,
        ): InjectOptions => ({
          method,
          url,
          headers: { ...headers },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });

        // Path parameters that are no ids, no file names, nothing at all.
        for (const param of pathParams)
          for (const value of HOSTILE_TEXT)
            await send(`${name} path ${param.name}=${short(value)}`, base(urlWith({ [param.name]: value })));

        // Query parameters: hostile text, repeated, or as a PHP-style list.
        for (const param of fullGrid ? queryParams : []) {
          const key = encodeURIComponent(param.name);
          for (const value of HOSTILE_TEXT)
            await send(`${name} query ${param.name}=${short(value)}`, base(urlWith({}, `${key}=${value}`)));
          await send(
            `${name} query ${param.name} repeated`,
            base(urlWith({}, `${key}=1&${key}=abc&${key}=`)),
          );
          await send(`${name} query ${param.name}[]`, base(urlWith({}, `${key}[]=1&${key}[a]=2`)));
        }
        for (const query of HOSTILE_QUERIES)
          await send(`${name} query ${short(query)}`, base(urlWith({}, query)));

        if (!takesBody) continue;
        // Whole bodies that are not what the operation reads.
        for (const body of HOSTILE_BODIES)
          await send(`${name} body: ${body.label}`, {
            method,
            url: urlWith({}),
            headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          });
        if (isCatchAll) continue;
        for (const value of HOSTILE_JSON)
          await send(`${name} body=${short(value)}`, {
            method,
            url: urlWith({}),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(value),
          });
        // Every field of a valid body, replaced by each hostile value or left out.
        for (const field of fullGrid ? fieldPaths(validBody) : []) {
          const where = field.join('.');
          await send(`${name} without ${where}`, base(urlWith({}), withField(validBody, field, undefined)));
          for (const value of HOSTILE_JSON)
            await send(
              `${name} ${where}=${short(value)}`,
              base(urlWith({}), withField(validBody, field, value)),
            );
        }
      }
    }

    // A hostile Authorization header on every operation that has no path parameters.
    for (const { path, method } of operations.filter((o) => !o.path.includes('{'))) {
      for (const authorization of [
        'Bearer',
        'Bearer ',
        `Bearer ${'x'.repeat(10_000)}`,
        'Bearer a b c',
        'Basic YTpi',
        'bearer %00',
        `Bearer ${auth.authorization?.slice(7)}x`,
      ])
        await send(`${method} ${path} Authorization: ${short(authorization)}`, {
          method,
          url: path,
          headers: { authorization },
        });
    }

    // The Idempotency-Key header of checkout.
    const checkoutAuth = { authorization: `Bearer ${await tokenFor(t.ctx.db, ids.customer)}` };
    for (const key of [' ', 'x'.repeat(101), 'x'.repeat(10_000), 'a b', '\t', 'ключ', '%00'])
      await send(`POST orders/checkout Idempotency-Key: ${short(key)}`, {
        method: 'POST',
        url: '/backend/api/web/orders/checkout',
        headers: { ...checkoutAuth, 'idempotency-key': key },
        payload: { items: [{ item_id: ids.product, quantity: 1 }], customer: { address_id: ids.address } },
      });

    console.log(`OpenAPI fuzz: ${operations.length} operations, ${sent} requests, ${failures.length} 5xx`);
    expect(failures).toEqual([]);
    // About 15 s on an idle 2-core machine; the limit leaves room for a machine shared with others.
  }, 240_000);

  it('signed webhooks (the demo secrets) with hostile fields never answer 5xx either', async () => {
    const failures: string[] = [];
    // Webhooks have a per-address limit (600 a minute): each request comes from its own address.
    let sent = 0;
    const remoteAddress = () => {
      sent += 1;
      return `10.77.${sent >> 8}.${sent & 255}`;
    };
    const razorpayEvents: Json[] = [
      {
        event: 'payment.captured',
        payload: {
          payment: { entity: { id: 'pay_x', order_id: 'order_x', amount: 100, error_description: 'x' } },
        },
      },
      {
        event: 'refund.processed',
        payload: { refund: { entity: { id: 'rfnd_x', payment_id: 'pay_x', receipt: 'r', amount: 100 } } },
      },
    ];
    for (const base of razorpayEvents) {
      for (const field of fieldPaths(base)) {
        for (const value of HOSTILE_JSON) {
          const body = JSON.stringify(withField(base, field, value));
          const res = await t.app.inject({
            method: 'POST',
            url: '/backend/api/web/payments/webhooks/razorpay',
            remoteAddress: remoteAddress(),
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': razorpayWebhookSignature(body, demoAccounts.razorpay.webhookSecret),
            },
            payload: body,
          });
          if (res.statusCode >= 500)
            failures.push(
              `razorpay ${(base as { event: string }).event} ${field.join('.')}=${short(value)}: ${res.statusCode}`,
            );
        }
      }
    }
    const paytmFields = { MID: demoAccounts.paytm.mid, ORDERID: 'KFL_x', TXNID: 't', STATUS: 'TXN_SUCCESS' };
    for (const key of Object.keys(paytmFields)) {
      for (const value of HOSTILE_JSON.filter((v): v is string => typeof v === 'string')) {
        const params: Record<string, string> = { ...paytmFields, [key]: value };
        params.CHECKSUMHASH = await generatePaytmSignature(params, demoAccounts.paytm.merchantKey);
        const res = await t.app.inject({
          method: 'POST',
          url: '/backend/api/web/payments/webhooks/paytm',
          remoteAddress: remoteAddress(),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(params),
        });
        if (res.statusCode >= 500) failures.push(`paytm ${key}=${short(value)}: ${res.statusCode}`);
      }
    }
    // What PostgreSQL's jsonb cannot hold is refused by name before the event is recorded.
    for (const [text, message] of [
      ['a\u0000b', 'This must not contain NUL characters.'],
      ['a\ud800b', 'This must be valid Unicode text.'],
    ]) {
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: text } } },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/backend/api/web/payments/webhooks/razorpay',
        remoteAddress: remoteAddress(),
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': razorpayWebhookSignature(body, demoAccounts.razorpay.webhookSecret),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'payload.payment.entity.id', message }]);
    }
    console.log(`signed webhooks: ${sent} requests, ${failures.length} 5xx`);
    expect(failures).toEqual([]);
  }, 120_000);
});
