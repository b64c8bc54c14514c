/** Types of ensure-ready.mjs (plain JavaScript so that it runs before dependencies are installed). */
export function ensureInstalled(): void;
export function ensureBuilt(): void;
