import type { SellerInformation } from '@shop/contract/grievances';
import type { StorefrontApi } from '@shop/contract/storefront-context';

/** GET seller_information for a server-rendered page (a failure goes to the error boundary). */
export function loadSellerInformation(api: StorefrontApi): Promise<SellerInformation> {
  return api.get<SellerInformation>('seller_information');
}
