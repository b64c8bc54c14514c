import type {
  CreatePaymentResult,
  PaymentOrderView,
  PaymentSettingsView,
  VerifyPaymentResult,
} from '@shop/contract/payments';
import type { AppContext } from '../../../context.ts';
import type { GatewaySettings } from '../gateway-settings.ts';
import type { PaymentRow } from '../payments.repository.ts';
import type { RefundAnswer, RefundCall } from './refund-answer.ts';

/** What a gateway said to the back office's "test connection". */
export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/** What the payment services need besides the context: how the server reaches itself. */
export interface PaymentsDeps {
  ctx: AppContext;
  origin: () => string;
}

/** What the gateway (or the shopper's choice of cash on delivery) says happened. */
export type PaymentOutcome =
  | { kind: 'paid'; gatewayPaymentId?: string | undefined; raw?: unknown }
  | { kind: 'failed'; reason: string; gatewayPaymentId?: string | undefined; raw?: unknown }
  /** Cash on delivery chosen: the order is confirmed, the money comes later. */
  | { kind: 'cod'; raw?: unknown }
  /** The gateway has not decided yet (e.g. Paytm PENDING): nothing changes on the order. */
  | { kind: 'processing'; raw?: unknown };

/**
 * What the gateway's own API says about a payment, turned into either an outcome to settle or
 * an answer that changes nothing (unverifiable, not finished, inconsistent).
 */
export type Verdict = { outcome: PaymentOutcome } | { unchanged: VerifyPaymentResult };

export const unchanged = (message: string): Verdict => ({
  unchanged: { payment_status: 'Failed', payment_verification_error_message: message },
});

/** The shopper's unpaid order, as a provider needs it to open a payment. */
export interface OrderForPayment {
  id: number;
  number: string;
  totalPaise: number;
  customerId: number;
  view: PaymentOrderView;
}

/** A webhook as it arrived: the exact bytes (signatures are over them) and the headers. */
export interface WebhookRequest {
  rawBody: Buffer;
  /** The body as form fields, for gateways that post forms (Paytm). */
  form: Record<string, unknown>;
  headers: Record<string, string | undefined>;
}

/** A webhook whose signature checked out: its id (to record once), type and body. */
export interface WebhookEvent {
  gateway: 'razorpay' | 'paytm' | 'paypal';
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
}

/** What a payment webhook says about one of the shop's payments. */
export interface WebhookVerdict {
  payment?: PaymentRow | undefined;
  verdict: Verdict | null;
}

/**
 * One payment gateway behind one interface: the payments, settlement, reservation-check and
 * refunds services call these and never ask which gateway it is. Cash on delivery is a provider
 * too; it takes no money online, so it has no webhook or refund call (its refunds are recorded
 * by hand).
 */
export interface PaymentProvider<S extends GatewaySettings = GatewaySettings> {
  /** The settings hold everything this gateway needs (keys, ids). */
  isConfigured(settings: S): boolean;
  /** The value a browser may see (GET orders/payment_gateways `api_key`). */
  publicKey(settings: S): string;
  /** Opens the payment at the gateway (POST orders/payment) and records the payment row. */
  create(deps: PaymentsDeps, settings: S, order: OrderForPayment): Promise<CreatePaymentResult>;
  /** Re-checks with the gateway what the shopper's browser reported (POST orders/verify_payment). */
  verify(settings: S, payment: PaymentRow, payload: Record<string, unknown>): Promise<Verdict>;
  /**
   * What the gateway says now, with nothing from a browser (before a reservation is released);
   * undefined when it knows of no money for this attempt.
   */
  status(settings: S, payment: PaymentRow): Promise<Verdict | undefined>;
  /** Verifies a webhook's signature and reads it; throws a 400 for a forged one. */
  readWebhook?(deps: PaymentsDeps, settings: S, request: WebhookRequest): Promise<WebhookEvent>;
  /** What a verified payment event (not a refund event) says, checked with the gateway's API. */
  webhookVerdict?(deps: PaymentsDeps, settings: S, event: WebhookEvent): Promise<WebhookVerdict>;
  /** Asks for a refund with the call's idempotency key. */
  refund?(settings: S, call: RefundCall): Promise<RefundAnswer>;
  /**
   * Asks the gateway whether it accepts these keys, with a call that changes nothing there (the
   * back office's "test connection"); throws GatewayUnavailable when it cannot be reached.
   */
  checkConnection(settings: S): Promise<ConnectionCheck>;
  /** Asks what became of a refund the gateway accepted. */
  refundStatus?(settings: S, call: RefundCall & { gatewayRefundId: string }): Promise<RefundAnswer>;
}

export const SHOP_NAME = 'Kesar Foods & Locks';

/** The public settings the payment page loads the gateway's script with. */
export function settingsView(
  settings: GatewaySettings,
  publicKey: string,
  amount: number | null,
  currency: string,
): PaymentSettingsView {
  return {
    gateway: settings.gateway,
    environment: settings.environment,
    key: settings.gateway === 'cod' ? null : publicKey,
    mid: settings.gateway === 'paytm' ? settings.mid : null,
    script_url: settings.gateway === 'cod' ? null : settings.scriptUrl,
    currency,
    amount,
    name: SHOP_NAME,
  };
}
