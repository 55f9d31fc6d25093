// Bundle bench: the JavaScript guest /home loads before the network is idle, and the whole build's JavaScript.
// Needs `npm run build` first. Serves apps/web/dist with scripts/serve-web.mjs, drives Chromium (playwright-core).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const DIST = 'apps/web/dist';
const TARGET_GZIP_KB = 150;

interface Sized {
  name: string;
  raw: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

function startServer(): Promise<{ server: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ['scripts/serve-web.mjs'], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server.once('exit', (code) => reject(new Error(`serve-web exited with ${code}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      const match = /http:\/\/[\d.]+:\d+/.exec(chunk.toString());
      if (match) resolve({ server, url: match[0] });
    });
  });
}

async function homeScripts(url: string): Promise<Sized[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
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
  console.error('bundle bench: apps/web/dist is missing; run `npm run build` first.');
  process.exit(1);
}

const { server, url } = await startServer();
try {
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
  server.removeAllListeners('exit');
  server.kill('SIGTERM');
}
