import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server-flags.mjs';

export interface RunningShop {
  baseUrl: string;
  /** From starting the process to its first answer (the health check), ms. */
  startMs: number;
  /** CPU time the server had used by its first answer, ms (steadier than startMs on a busy machine). */
  startCpuMs: number | null;
  /**
   * From starting the process to its first catalogue answer, ms: the catalogue is read into
   * memory after the server listens (100,000 products: a few seconds), and the scenarios are
   * measured from then on, on a shop that is fully up.
   */
  catalogueReadyMs: number;
  /** CPU time the server process has used so far (ms), where /proc tells it (Linux); else null. */
  cpuMs(): number | null;
  /** The server process's resident memory (MiB), where /proc tells it; else null. */
  rssMiB(): number | null;
  stop(): Promise<void>;
}

/**
 * Starts the shop the way `npm start` runs it (the compiled server, apps/server/dist/server.mjs,
 * in production mode; a checkout without one runs its TypeScript through tsx) on a free port and
 * waits for the health check.
 */
export async function startShop(env: Record<string, string>): Promise<RunningShop> {
  const port = await freePort();
  // The database is the caller's choice: an inherited DATABASE_URL would turn a PGlite run
  // into a PostgreSQL one.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  // BENCH_SHOP_DIR runs another checkout of the shop (say, the code before a change) on the same
  // database and storefront build, for a before/after table from one machine and one hour.
  const shopDir = process.env.BENCH_SHOP_DIR;
  const dir = shopDir ?? new URL('../../', import.meta.url).pathname;
  const compiled = existsSync(`${dir}/apps/server/dist/server.mjs`);
  // Another checkout runs with the flags it knew (none but source maps before server-flags.mjs).
  const flags = existsSync(`${dir}/scripts/server-flags.mjs`) ? SERVER_NODE_FLAGS : ['--enable-source-maps'];
  const entry = compiled
    ? [...flags, 'apps/server/dist/server.mjs']
    : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, entry, {
    ...(shopDir ? { cwd: shopDir } : {}),
    env: {
      ...SERVER_ENV,
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...productionEnv(port),
      // The bench is the shop's load balancer: the checkout bench's 50 shoppers each name their
      // address in X-Forwarded-For (checkout.ts). Without it all of them were one address, whose
      // 120 writes a minute the checkout's 200 attempts ran past: the full bench stopped there
      // with a 429. Requests that name no address still count as the bench's own (127.0.0.1).
      TRUST_PROXY: 'loopback',
      ...(shopDir ? { WEB_BUILD_DIR: new URL('../../apps/web/build', import.meta.url).pathname } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/backend/api/web/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('shop did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Math.round(performance.now() - started);
  const startCpuMs = processCpuMs(child.pid);
  // One request at a time until the catalogue answers: a hundred connections thrown at a shop
  // still reading 100,000 products measured the start, not the shop, and autocannon's warm-up
  // left its connections behind on requests queued there.
  while (!(await fetch(`${baseUrl}/backend/api/web/products?per-page=1`)).ok) {
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the catalogue did not answer within 120 s');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    baseUrl,
    startMs,
    startCpuMs,
    catalogueReadyMs: Math.round(performance.now() - started),
    cpuMs: () => processCpuMs(child.pid),
    rssMiB: () => processRssMiB(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What a production start demands (apps/server/src/production-config.ts), for a server of the
 * bench or a test on 127.0.0.1:`port`: it pays cash on delivery only, and its mails go to a port
 * where no server listens.
 */
export function productionEnv(port: number): Record<string, string> {
  return {
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    RAZORPAY_MODE: 'off',
    PAYTM_MODE: 'off',
    PAYPAL_MODE: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** VmRSS of a process from /proc/<pid>/status, in MiB. */
function processRssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Math.round(Number(kib) / 1024) : null;
  } catch {
    return null;
  }
}
