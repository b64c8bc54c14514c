/** Browser storage keys (product rules §9): a fixed product prefix plus the product's names. */
export const STORAGE_PREFIX = 'kesar_';

export const storageKeys = {
  accessToken: `${STORAGE_PREFIX}access_token`,
  userData: `${STORAGE_PREFIX}user_data`,
  cartData: `${STORAGE_PREFIX}cart_data`,
  selectedAddressId: `${STORAGE_PREFIX}selected_address_id`,
  afterLoginRedirect: `${STORAGE_PREFIX}after_login_redirect`,
  /** sessionStorage: the cart's coupon and remarks on their way to /shipping. */
  checkoutDraft: `${STORAGE_PREFIX}checkout_draft`,
  /** sessionStorage: the order /shipping created, on its way to /payment. */
  checkoutOrder: `${STORAGE_PREFIX}checkout_order`,
} as const;
