/** The browser APIs the gateways' checkout scripts define (only what the shop uses). */

export interface RazorpayHandlerResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler: (response: RazorpayHandlerResponse) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color: string };
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export interface PaytmCheckoutConfig {
  root: string;
  flow: 'DEFAULT';
  data: { orderId: string; token: string; tokenType: 'TXN_TOKEN'; amount: string };
  merchant: { mid: string; redirect: boolean };
  handler: {
    notifyMerchant: (eventName: string, data: unknown) => void;
    transactionStatus: (data: Record<string, string>) => void;
  };
}

export interface PaytmCheckoutJs {
  onLoad(callback: () => void): void;
  init(config: PaytmCheckoutConfig): Promise<void>;
  invoke(): void;
  close(): void;
}

export interface PaypalButtonsOptions {
  createOrder: () => Promise<string> | string;
  onApprove: (data: { orderID: string }) => Promise<void> | void;
  onError: (error: unknown) => void;
  onCancel?: (data: { orderID: string }) => void;
  style?: Record<string, string | number>;
}

export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): { render(container: HTMLElement | string): Promise<void> };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
    Paytm?: { CheckoutJS?: PaytmCheckoutJs };
    paypal?: PaypalNamespace;
  }
}
