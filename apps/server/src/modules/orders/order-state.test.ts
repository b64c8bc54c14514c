import {
  CUSTOMER_CANCELLABLE,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderActorKind,
  type OrderStatus,
  orderMessages,
  PAYMENT_STATUSES,
} from '@shop/contract/orders';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { orderActor, orderStatus, paymentStatus } from '@shop/db/schema/index';
import { describe, expect, it } from 'vitest';
import { allowedActions, decide } from './order-state.ts';
import type { OrderUpdate } from './orders.repository.ts';

/**
 * The transition table, cell by cell: every status × action × actor is either allowed (and leads
 * to the action's status) or refused with the message the back office or the shopper sees.
 */
const expected: Record<OrderActorKind, Record<OrderStatus, OrderAction[]>> = {
  system: {
    pending: ['confirm', 'cancel'],
    confirmed: [],
    packed: [],
    shipped: ['deliver'],
    delivered: [],
    cancelled: ['confirm'],
    returned: [],
  },
  customer: {
    pending: ['cancel'],
    confirmed: ['cancel'],
    packed: [],
    shipped: [],
    delivered: [],
    cancelled: [],
    returned: [],
  },
  staff: {
    pending: ['confirm', 'cancel'],
    confirmed: ['pack', 'ship', 'cancel'],
    packed: ['ship', 'cancel'],
    shipped: ['deliver', 'return'],
    delivered: ['return'],
    cancelled: [],
    returned: [],
  },
};

describe('order transition table (one order state machine)', () => {
  for (const actor of ORDER_ACTORS)
    for (const from of ORDER_STATUSES)
      for (const action of ORDER_ACTIONS) {
        const allowed = expected[actor][from].includes(action);
        it(`${actor} ${allowed ? 'may' : 'may not'} ${action} a ${from} order`, () => {
          const decision = decide(from, action, actor);
          expect(decision.allowed).toBe(allowed);
          if (!decision.allowed) expect(decision.message).toMatch(/\S.*\.$/);
        });
      }

  it('lists the allowed actions per status as the back office shows them', () => {
    for (const actor of ORDER_ACTORS)
      for (const from of ORDER_STATUSES) expect(allowedActions(from, actor)).toEqual(expected[actor][from]);
  });

  it('offers the customer "Cancel order" exactly where the table lets the customer cancel', () => {
    const cancellable = ORDER_STATUSES.filter((from) => decide(from, 'cancel', 'customer').allowed);
    expect(cancellable).toEqual([...CUSTOMER_CANCELLABLE]);
  });

  it('refuses in words the reader understands', () => {
    expect(decide('packed', 'cancel', 'customer')).toEqual({
      allowed: false,
      message: orderMessages.cannotCancel,
    });
    expect(decide('cancelled', 'cancel', 'customer')).toEqual({
      allowed: false,
      message: 'This order is already cancelled.',
    });
    expect(decide('shipped', 'pack', 'staff')).toEqual({
      allowed: false,
      message: 'This order is shipped: it cannot be packed.',
    });
    expect(decide('packed', 'pack', 'staff')).toEqual({
      allowed: false,
      message: 'This order is already packed.',
    });
    expect(decide('confirmed', 'ship', 'customer')).toEqual({
      allowed: false,
      message: 'Only the shop can ship this order.',
    });
    // Not "being packed or on its way": the parcel has arrived.
    expect(decide('delivered', 'cancel', 'customer')).toEqual({
      allowed: false,
      message: 'This order is delivered: it can no longer be cancelled.',
    });
    expect(decide('returned', 'cancel', 'customer')).toEqual({
      allowed: false,
      message: 'This order is returned: it can no longer be cancelled.',
    });
  });

  it('does not pack or ship an order whose money was refunded in full; cancelling is left', () => {
    expect(decide('confirmed', 'pack', 'staff', 'Refunded')).toEqual({
      allowed: false,
      message: "This order's payment was refunded in full. It cannot be packed.",
    });
    expect(decide('packed', 'ship', 'staff', 'Refunded')).toEqual({
      allowed: false,
      message: "This order's payment was refunded in full. It cannot be shipped.",
    });
    expect(allowedActions('confirmed', 'staff', 'Refunded')).toEqual(['cancel']);
    expect(allowedActions('packed', 'staff', 'Refunded')).toEqual(['cancel']);
    // A partial refund leaves goods to send.
    expect(allowedActions('confirmed', 'staff', 'Partially Refunded')).toEqual(['pack', 'ship', 'cancel']);
  });

  it('keeps statuses as database enums with the contract values', () => {
    expect(orderStatus.enumValues).toEqual([...ORDER_STATUSES]);
    expect(paymentStatus.enumValues).toEqual([...PAYMENT_STATUSES]);
    expect(orderActor.enumValues).toEqual([...ORDER_ACTORS]);
  });
});

/** The server's source files (tests aside), relative to apps/server/src. */
function serverSources(): { path: string; text: string }[] {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test(-kit)?\.ts$/.test(path) && !path.startsWith('test/'))
    .map((path) => ({ path: path.replaceAll('\\', '/'), text: readFileSync(`${root}/${path}`, 'utf8') }));
}

describe('only order-state.ts writes an order status', () => {
  const sources = serverSources();

  it('calls the status writer from order-state.ts alone (updateOrder cannot take a status)', () => {
    const callers = sources.filter((f) => /\bwriteOrderState\b/.test(f.text)).map((f) => f.path);
    expect(callers.sort()).toEqual(['modules/orders/order-state.ts', 'modules/orders/orders.repository.ts']);
  });

  it('refuses a status or cancelled_by in updateOrder at compile time', () => {
    // @ts-expect-error the status is written by order-state.ts alone
    const status: OrderUpdate = { status: 'shipped' };
    // @ts-expect-error so is who cancelled
    const cancelledBy: OrderUpdate = { cancelledBy: 'staff' };
    expect([status, cancelledBy]).toHaveLength(2);
  });

  it('updates the orders table only in orders.repository.ts', () => {
    const writers = sources.filter((f) => /\.update\(\s*orders\s*\)/.test(f.text)).map((f) => f.path);
    expect(writers).toEqual(['modules/orders/orders.repository.ts']);
  });
});
