// `npm start`: installs what is missing, builds the web app, starts the caching service (seeded demo network,
// SQLite under ./data) which also serves the app, and prints the URL and the demo accounts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';

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
console.log('\n> Starting the Tide caching service (first start seeds the demo network; this takes a minute)');
const server = spawn('node_modules/.bin/tsx', args, { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
