// First-paint bench: time from navigation to the first note painted on guest /home, cold (fresh browser context,
// empty cache). Needs `npm run build`. Uses TIDE_BENCH_URL (a running seeded Tide, e.g. `npm start`) or starts the
// caching service on a fresh SQLite file with the seeded demo network (seeding takes seconds to minutes by load).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumMissingMessage, findChromium } from '../../scripts/find-chromium.mjs';

const RUNS = Number(process.env.TIDE_BENCH_RUNS ?? 5);

/** Runs `fn` with the address of a seeded Tide: TIDE_BENCH_URL, else a server started (and stopped) here. */
export async function withSeededTide<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (process.env.TIDE_BENCH_URL) return fn(process.env.TIDE_BENCH_URL);
  const dir = mkdtempSync(join(tmpdir(), 'tide-bench-paint-'));
  const args = ['apps/cache-server/src/main.ts', '--host', '127.0.0.1', '--port', '0'];
  args.push('--web', 'apps/web/dist', '--db', join(dir, 'bench.db'), '--seed');
  const server: ChildProcess = spawn('node_modules/.bin/tsx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Tide is running: (http:\/\/[^/\s]+)\//.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    return await fn(url);
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Launches Chromium headless (scripts/find-chromium.mjs says which). */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
}

async function main() {
  await withSeededTide(async (url) => {
    const browser = await launchChromium();
    const times: number[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(`${url}/home`, { waitUntil: 'commit' });
        await page.getByTestId('note').first().waitFor({ state: 'visible', timeout: 120_000 });
        // Navigation start to the first painted note, from the page's own clock.
        const ms = await page.evaluate(
          () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
        );
        times.push(Math.min(ms, Date.now() - started));
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `first-note-paint-cold-median\t${median.toFixed(0)}\tms\t(runs ${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(`first-note-paint-cold-best\t${(sorted[0] ?? 0).toFixed(0)}\tms`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

/** The Chromium to launch (see scripts/find-chromium.mjs), or an error saying what to install. */
function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(chromiumMissingMessage());
  return path;
}
