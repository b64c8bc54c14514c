import { fileURLToPath } from 'node:url';

/** Per-run folder (several runs may share a machine); global-setup exports it to the workers. */
export const e2eDir =
  process.env.E2E_DIR ?? fileURLToPath(new URL(`../../../.tmp/e2e-${process.pid}`, import.meta.url));
export const mailLogFile = `${e2eDir}/mails.jsonl`;
