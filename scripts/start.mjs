// `npm start`: install what is missing, build what is stale, then run the shop.
// The server migrates the database and seeds the demo shop on first start.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled } from './ensure-ready.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

ensureInstalled();
ensureBuilt();
// Plain Node on the compiled server (apps/server/dist, built by ensureBuilt when stale): no
// TypeScript loader at run time. SERVER_NODE_FLAGS (scripts/server-flags.mjs) keep its memory low.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.mjs'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  // The server stops when this launcher dies, even by SIGKILL (see apps/server/src/server.ts).
  env: { ...SERVER_ENV, ...process.env, SHOP_EXIT_WITH_PARENT: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// npm does not pass SIGTERM on to its script: a supervisor that stops `npm start` by the npm
// process's PID would leave the shop running and holding its port. So when our parent goes
// away (we get re-parented), stop the server as if we had been sent SIGTERM.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) child.kill('SIGTERM');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
