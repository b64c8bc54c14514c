import { messages } from '@shop/contract/messages';
import type { CreatePaymentResult } from '@shop/contract/payments';
import { ApiFailure } from '@shop/contract/storefront-context';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../lib/notify.ts';
import type { RazorpayFailure } from './gateway-globals.ts';
import { loadScript } from './load-script.ts';
import type { PayableOrder } from './payable-order.ts';
import { createPayment, verifyPayment } from './payments-api.ts';
import { placedAlready } from './placed-already.ts';

const SHOP_NAME = 'Kesar Foods & Locks';

export interface PaymentFlowOptions {
  order: PayableOrder;
  environment: string;
  /** Pending or Paid: the route clears the cart and the stored order and moves on. */
  onPlaced: () => void;
}

/**
 * The payment flows of product rules §4 for cash on delivery, Razorpay and Paytm (PayPal has its own
 * buttons component). Every failure ends in a red notice with the product's text; `busy` keeps
 * the pay button from being pressed twice.
 */
export function usePaymentFlow({ order, environment, onPlaced }: PaymentFlowOptions) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const setWorking = useCallback((on: boolean) => {
    busyRef.current = on;
    setBusy(on);
  }, []);

  // Placed once: the opening check, a refused pay button and a verification may all say so.
  const placedOnce = useRef(false);
  const placed = useCallback(() => {
    if (placedOnce.current) return;
    placedOnce.current = true;
    onPlaced();
  }, [onPlaced]);

  // An order placed already (its payment confirmed without this page, placed-already.ts) is
  // finished on opening the page, and when a pay button is refused with a 409 (paid, confirmed).
  useEffect(() => {
    let current = true;
    void placedAlready(order.id).then((done) => {
      if (done && current) placed();
    });
    return () => {
      current = false;
    };
  }, [order.id, placed]);

  const fail = useCallback(
    (error: unknown) => {
      setWorking(false);
      if (!(error instanceof ApiFailure && error.status === 409)) {
        notifyError(error);
        return;
      }
      void placedAlready(order.id).then((done) => (done ? placed() : notifyError(error)));
    },
    [setWorking, order.id, placed],
  );

  /** After verification: Failed → its message; Pending or Paid → placed. */
  const verify = useCallback(
    async (payload: unknown) => {
      setWorking(true);
      try {
        const result = await verifyPayment(order.order_id, payload);
        if (result.payment_status === 'Failed') {
          fail(result.payment_verification_error_message || messages.somethingWentWrong);
          return;
        }
        placed();
      } catch (error) {
        fail(error);
      }
    },
    [order.order_id, placed, fail, setWorking],
  );

  const create = useCallback(
    (gateway: string): Promise<CreatePaymentResult> => createPayment(order.id, gateway, environment),
    [order.id, environment],
  );

  const payCod = useCallback(async () => {
    if (busyRef.current) return;
    setWorking(true);
    try {
      const data = await create('cod');
      if (!data?.order?.order_id) return fail(messages.somethingWentWrong);
      await verify({});
    } catch (error) {
      fail(error);
    }
  }, [create, verify, fail, setWorking]);

  const payRazorpay = useCallback(async () => {
    if (busyRef.current) return;
    setWorking(true);
    try {
      const data = await create('razorpay');
      if (!data?.order) return fail(messages.somethingWentWrong);
      if (data.order.order_error_message) return fail(data.order.order_error_message);
      if (!data.order.payment_gateway_order_id || !data.settings.key || !data.settings.script_url) {
        return fail(messages.somethingWentWrong);
      }
      try {
        await loadScript(data.settings.script_url);
      } catch {
        return fail(messages.browserNotSupported);
      }
      const Razorpay = window.Razorpay;
      if (!Razorpay) return fail(messages.browserNotSupported);
      const checkout = new Razorpay({
        key: data.settings.key,
        amount: Math.round(data.order.total_amount * 100),
        currency: data.settings.currency || data.order.currency_code || 'INR',
        name: SHOP_NAME,
        description: `Order ${data.order.order_id}`,
        order_id: data.order.payment_gateway_order_id,
        prefill: {
          name: order.shipping_address.contact_person,
          contact: order.shipping_address.mobile_number,
        },
        theme: { color: '#e37600' },
        handler: (response) => {
          void verify(response);
        },
        modal: { ondismiss: () => setWorking(false) },
      });
      checkout.on('payment.failed', (response: RazorpayFailure) => {
        fail(`${messages.paymentFailed} ${response.error?.description ?? ''}`.trim());
      });
      checkout.open();
    } catch (error) {
      fail(error);
    }
  }, [create, verify, fail, setWorking, order.shipping_address]);

  const payPaytm = useCallback(async () => {
    if (busyRef.current) return;
    setWorking(true);
    try {
      const data = await create('paytm');
      // §4 Paytm: an error message first; then no gateway order id, with no order at all
      // included, is 'Order could not be created.' (the Razorpay flow's "no order" text differs).
      if (data?.order?.order_error_message) return fail(data.order.order_error_message);
      if (!data?.order) return fail(messages.orderNotCreated);
      const orderId = data.order.payment_gateway_order_id;
      const token = data.order.payment_transaction_token;
      if (!orderId || !token) return fail(messages.orderNotCreated);
      if (!data.settings.script_url || !data.settings.mid) return fail(messages.orderNotCreated);
      try {
        await loadScript(data.settings.script_url);
      } catch {
        return fail(messages.browserNotSupported);
      }
      const checkout = window.Paytm?.CheckoutJS;
      if (!checkout) return fail(messages.browserNotSupported);
      const mid = data.settings.mid;
      checkout.onLoad(() => {
        checkout
          .init({
            root: '',
            flow: 'DEFAULT',
            data: { orderId, token, tokenType: 'TXN_TOKEN', amount: data.order.total_amount.toFixed(2) },
            merchant: { mid, redirect: false },
            handler: {
              notifyMerchant: (eventName) => {
                if (eventName === 'APP_CLOSED') setWorking(false);
              },
              transactionStatus: (status) => {
                checkout.close();
                void verify(status);
              },
            },
          })
          .then(() => checkout.invoke())
          .catch(() => fail(messages.somethingWentWrong));
      });
    } catch (error) {
      fail(error);
    }
  }, [create, verify, fail, setWorking]);

  return { busy, payCod, payRazorpay, payPaytm, verify, fail, create };
}
