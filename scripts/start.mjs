// `npm start`: installs what is missing, builds the web app, starts the caching service (seeded demo network,
// SQLite under ./data) which also serves the app, and prints the URL and the demo accounts; beside it the lightning
// sandbox (apps/sandbox), which prints the demo wallets' lightning addresses and NWC connection strings.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

const port = process.env.PORT ?? '8787';
const host = process.env.HOST ?? '127.0.0.1';

function step(title, cmd, args) {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (r.status !== 0) {
    console.error(`\n${title} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
}

const lockTime = statSync('package-lock.json').mtimeMs;
const installed =
  existsSync('node_modules/.package-lock.json') && statSync('node_modules/.package-lock.json').mtimeMs >= lockTime;
if (!installed) step('Installing dependencies', 'npm', ['install', '--no-audit', '--no-fund']);
step('Building the web app', 'npm', ['run', 'build', '--silent']);

mkdirSync('data', { recursive: true });
const args = ['apps/cache-server/src/main.ts', '--host', host, '--port', port, '--web', 'apps/web/dist', '--seed'];
if (!process.env.DATABASE_URL) args.push('--db', 'data/tide.db');
// The lightning sandbox (apps/sandbox: ledger, LNURL-pay + zaps, NWC on the caching service's relay, Cashu mint):
// the seeded demo profiles' lud16 addresses are name@localhost:<SANDBOX_PORT>. No real money.
const sandboxPort = process.env.SANDBOX_PORT ?? '8090';
const lightningHost = `localhost:${sandboxPort}`;
const relay = `ws://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/`;
const sandboxArgs = [
  'apps/sandbox/src/main.ts',
  '--port',
  sandboxPort,
  '--relay',
  relay,
  '--public-host',
  lightningHost,
];
// The membership service invoices through the operator's wallet: the sandbox's "tide" account over NWC (its keys are
// derived from fixed labels, as the sandbox does: sha256("tide-demo:<label>")). TIDE_MEMBERSHIP_NWC overrides it.
const { schnorr } = await import('@noble/curves/secp256k1.js');
const { sha256 } = await import('@noble/hashes/sha2.js');
const demoKey = (label) => sha256(new TextEncoder().encode(`tide-demo:${label}`));
const hexOf = (bytes) => Buffer.from(bytes).toString('hex');
const membershipNwc =
  process.env.TIDE_MEMBERSHIP_NWC ??
  `nostr+walletconnect://${hexOf(schnorr.getPublicKey(demoKey('sandbox-nwc')))}?relay=${encodeURIComponent(relay)}` +
    `&secret=${hexOf(demoKey('sandbox-nwc-tide'))}`;
// The sandbox's wallet list (addresses, NWC strings) is held and printed just before "Tide is running", which stays
// the last line and the first URL printed.
let wallets = '';
let walletsShown = false;
const sandbox = spawn('node_modules/.bin/tsx', sandboxArgs, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
sandbox.stdout.on('data', (chunk) => {
  if (walletsShown) process.stdout.write(chunk);
  else wallets += chunk;
});
console.log('\n> Starting the Tide caching service (first start seeds the demo network; this takes a minute)');
const server = spawn('node_modules/.bin/tsx', args, {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: {
    ...process.env,
    TIDE_LIGHTNING_HOST: process.env.TIDE_LIGHTNING_HOST ?? lightningHost,
    TIDE_MEMBERSHIP_NWC: membershipNwc,
  },
});
createInterface({ input: server.stdout }).on('line', (line) => {
  if (!walletsShown && line.includes('Tide is running')) {
    walletsShown = true;
    const list = wallets.replace(/\n?Sandbox is running\n?/, '').trimEnd();
    console.log(list ? `\n${list}\n` : '\n(The lightning sandbox did not start: zaps and wallets will fail.)\n');
  }
  console.log(line);
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    sandbox.kill('SIGTERM');
    server.kill('SIGTERM');
  });
}
server.on('exit', (code) => {
  sandbox.kill('SIGTERM');
  process.exit(code ?? 0);
});
