// Bundle bench: the JavaScript guest /home loads before the network is idle, and the whole build's JavaScript.
// Needs `npm run build` first. Drives Chromium (playwright-core) against, in order of preference:
//   TIDE_BENCH_URL=http://127.0.0.1:8787  a running Tide (e.g. `npm start`, seeded demo network);
//   otherwise the caching service serving apps/web/dist on a fresh SQLite file (TIDE_BENCH_SEED=1 seeds it first);
//   TIDE_BENCH_SERVER=static  only the files (scripts/serve-web.mjs), no caching service.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumMissingMessage, findChromium } from '../../scripts/find-chromium.mjs';

// TIDE_BENCH_DIST measures another build folder (e.g. `vite build --outDir /tmp/x`) instead of apps/web/dist.
const DIST = process.env.TIDE_BENCH_DIST ?? 'apps/web/dist';
const TARGET_GZIP_KB = 150;

interface Sized {
  name: string;
  raw: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

let tempDir: string | undefined;

function serverArgs(): { mode: string; cmd: string; args: string[] } {
  if (process.env.TIDE_BENCH_SERVER === 'static') {
    return { mode: 'static files', cmd: process.execPath, args: ['scripts/serve-web.mjs'] };
  }
  tempDir = mkdtempSync(join(tmpdir(), 'tide-bench-'));
  const db = join(tempDir, 'bench.db');
  const seed = process.env.TIDE_BENCH_SEED === '1';
  const args = ['apps/cache-server/src/main.ts', '--port', '0', '--web', DIST, '--db', db];
  if (seed) args.push('--seed');
  return { mode: `caching service, ${seed ? 'seeded' : 'empty'} SQLite`, cmd: 'node_modules/.bin/tsx', args };
}

function startServer(): Promise<{ server: ChildProcess; url: string; mode: string }> {
  const { mode, cmd, args } = serverArgs();
  return new Promise((resolve, reject) => {
    const server = spawn(cmd, args, {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server.once('exit', (code) => reject(new Error(`serve-web exited with ${code}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      const match = /http:\/\/[\d.]+:\d+/.exec(chunk.toString());
      if (match) resolve({ server, url: match[0], mode });
    });
  });
}

async function homeScripts(url: string): Promise<Sized[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts: Sized[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then((body) => {
          scripts.push({ name: new URL(res.url()).pathname, raw: body.length, gzip: gz(body) });
        }),
      );
    });
    await page.goto(`${url}/home`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

function buildScripts(): Sized[] {
  const dir = join(DIST, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const body = readFileSync(join(dir, f));
      return { name: f, raw: body.length, gzip: gz(body) };
    });
}

const total = (list: Sized[]) =>
  list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`bundle bench: ${DIST} is missing; run \`npm run build\` first.`);
  process.exit(1);
}

const external = process.env.TIDE_BENCH_URL?.replace(/\/$/, '');
const started = external ? undefined : await startServer();
const url = external ?? started!.url;
try {
  console.log(`server: ${external ? `running Tide at ${external}` : started!.mode}`);
  const home = await homeScripts(url);
  const homeTotal = total(home);
  const all = buildScripts();
  const allTotal = total(all);
  console.log('guest /home, JavaScript loaded before network idle:');
  for (const s of home) console.log(`  ${s.name}  raw ${kb(s.raw)} KB  gzip ${kb(s.gzip)} KB`);
  console.log(`home_js_files  ${home.length}  files`);
  console.log(`home_js_raw  ${kb(homeTotal.raw)}  KB`);
  console.log(
    `home_js_gzip  ${kb(homeTotal.gzip)}  KB  target <= ${TARGET_GZIP_KB} KB  ${homeTotal.gzip / 1024 <= TARGET_GZIP_KB ? 'OK' : 'OVER'}`,
  );
  console.log(`build_js_files  ${all.length}  files`);
  console.log(`build_js_raw  ${kb(allTotal.raw)}  KB`);
  console.log(`build_js_gzip  ${kb(allTotal.gzip)}  KB`);
} finally {
  started?.server.removeAllListeners('exit');
  started?.server.kill('SIGTERM');
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

/** The Chromium to launch (see scripts/find-chromium.mjs), or an error saying what to install. */
function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(chromiumMissingMessage());
  return path;
}
