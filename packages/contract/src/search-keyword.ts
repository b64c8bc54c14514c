/**
 * Longest search keyword the API looks at; longer input is cut, not rejected. In a module of its
 * own (no zod) so that the storefront's search box can cut a long paste the same way without
 * carrying the catalogue's schemas into the browser.
 */
export const MAX_KEYWORD_LENGTH = 100;
