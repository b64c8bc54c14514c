/**
 * The shop's policies, which a customer must be able to read before paying (Consumer Protection
 * (E-Commerce) Rules 2020): content pages seeded with these slugs. The cart, the payment page and
 * the footer link them from this one list.
 */
export const POLICY_LINKS = [
  { label: 'Return Policy', to: '/page/return-policy' },
  { label: 'Refund Policy', to: '/page/refund-policy' },
  { label: 'Cancellation Policy', to: '/page/cancellation-policy' },
  { label: 'Shipping Policy', to: '/page/shipping-policy' },
  { label: 'Warranty Policy', to: '/page/warranty-policy' },
] as const;

/** Where the seller's details and the grievance form live. */
export const SELLER_INFORMATION_PATH = '/seller-information';
export const GRIEVANCE_PATH = '/grievance';
