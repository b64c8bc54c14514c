/**
 * Six digits, the first not 0 (India Post's PIN codes run 110001–855117). Zod-free, so that the
 * storefront's pincode fields can check input without the API's schemas.
 */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
