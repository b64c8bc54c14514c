/**
 * The size limits of one order, in a module of their own (no zod) so that the storefront's cart
 * can hold a shopper to them without carrying the order schemas into the browser.
 */

/** Largest quantity of one product in one order. */
export const MAX_LINE_QUANTITY = 100;
/** Largest number of distinct products in one order. */
export const MAX_ORDER_LINES = 100;
