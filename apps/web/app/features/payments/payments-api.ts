import type { Collection } from '@shop/contract/collection';
import type { CreatePaymentResult, PaymentGatewayView, VerifyPaymentResult } from '@shop/contract/payments';
import { api } from '../../lib/api-client.ts';

/** GET orders/payment_gateways: a collection envelope like every list (product rules §7). */
export async function fetchPaymentGateways(): Promise<PaymentGatewayView[]> {
  const { items } = await api.get<Collection<PaymentGatewayView>>('orders/payment_gateways', {
    query: { 'per-page': 200 },
  });
  return items;
}

/** POST orders/payment: creates the gateway-side order for our order. */
export function createPayment(
  orderId: number,
  gateway: string,
  environment: string,
): Promise<CreatePaymentResult> {
  return api.post<CreatePaymentResult>('orders/payment', {
    id: orderId,
    payment_gateway: gateway,
    payment_gateway_environment: environment,
  });
}

/** POST orders/verify_payment with the gateway's answer; the server re-checks it with the gateway. */
export function verifyPayment(orderNumber: string, payload: unknown): Promise<VerifyPaymentResult> {
  return api.post<VerifyPaymentResult>('orders/verify_payment', {
    order_id: orderNumber,
    payload: payload ?? {},
  });
}
