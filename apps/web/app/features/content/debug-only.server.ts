import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { data } from 'react-router';

/** Debug and demo pages exist only outside production (product rules §2): there they are a plain 404. */
export function assertNotProduction(context: StorefrontLoadContext): void {
  if (context.isProduction) throw data(null, { status: 404 });
}
