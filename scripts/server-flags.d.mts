/** How Node runs the compiled server (see server-flags.mjs). */
export const SERVER_NODE_FLAGS: string[];
