/** Where the shop's REST API is mounted: every endpoint path of the contract is relative to it. */
export const API_PREFIX = '/backend/api/web';
