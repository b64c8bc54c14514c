/** How Node runs the compiled server (see server-flags.mjs). */
export const SERVER_NODE_FLAGS: string[];
/** The server's environment beside the shop's own variables (see server-flags.mjs). */
export const SERVER_ENV: Record<string, string>;
