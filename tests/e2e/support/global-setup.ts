import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../apps/server/src/test/free-port.ts';
import { ensureBuilt } from '../../../scripts/ensure-ready.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { e2eDir, mailLogFile } from './paths.ts';

/** A real SMTP server on 127.0.0.1 that writes every received mail to a JSON-lines file. */
async function startSmtp(port: number): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          appendFileSync(
            mailLogFile,
            `${JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html })}\n`,
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return smtp;
}

async function freshPostgres(url: string): Promise<string> {
  const u = new URL(url);
  const name = `${u.pathname.replace(/^\//, '')}_e2e${process.pid}`;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Builds the storefront if its sources changed, then starts an SMTP capture server and the shop
 * (its server entry, as `npm start` runs it) on free ports with a fresh database; Playwright's
 * tests then talk to it over real HTTP.
 */
export default async function globalSetup() {
  // `npx playwright test` on its own must not test a stale storefront or server build.
  ensureBuilt();
  rmSync(e2eDir, { recursive: true, force: true });
  mkdirSync(e2eDir, { recursive: true });
  writeFileSync(mailLogFile, '');
  const [shopPort, smtpPort] = [await freePort(), await freePort()];
  const smtp = await startSmtp(smtpPort);
  const env: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: `${e2eDir}/data`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    E2E: '1',
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = await freshPostgres(process.env.DATABASE_URL);
  // The compiled server, as `npm start` runs it (ensureBuilt above rebuilt it when stale), with its
  // Node flags and malloc settings (scripts/server-flags.mjs).
  const server: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'apps/server/dist/server.mjs'],
    {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${shopPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`shop exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/backend/api/web/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('shop did not start in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DIR = e2eDir;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(e2eDir, { recursive: true, force: true });
  };
}
