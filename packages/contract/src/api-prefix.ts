/** Where the shop's REST API is mounted: every endpoint path of the contract is relative to it. */
export const API_PREFIX = '/backend/api/web';
/** Where the back office's API is mounted (staff sessions, not customer tokens). */
export const ADMIN_API_PREFIX = '/backend/api/admin';
