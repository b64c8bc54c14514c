import type { GatewayName } from '@shop/contract/payments';
import type { GatewaySettings } from '../gateway-settings.ts';
import { codProvider } from './cod/cod-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paypalProvider } from './paypal/paypal-provider.ts';
import { paytmProvider } from './paytm/paytm-provider.ts';
import { razorpayProvider } from './razorpay/razorpay-provider.ts';

type Providers = { [G in GatewayName]: PaymentProvider<Extract<GatewaySettings, { gateway: G }>> };

const providers: Providers = {
  cod: codProvider,
  razorpay: razorpayProvider,
  paytm: paytmProvider,
  paypal: paypalProvider,
};

/** The provider of a gateway's settings: the one place that knows which gateways exist. */
export function providerOf<S extends GatewaySettings>(settings: S): PaymentProvider<S> {
  return providers[settings.gateway] as unknown as PaymentProvider<S>;
}
