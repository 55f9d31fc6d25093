import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// One free loopback port per run, chosen by the main process; workers inherit it through the environment.
process.env.TIDE_E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
const baseURL = `http://127.0.0.1:${process.env.TIDE_E2E_PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// e2e of the built web app in Debian's Chromium; `npm run build` must have run (scripts/test-all.mjs does it).
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/serve-web.mjs',
    cwd: repoRoot,
    env: { PORT: process.env.TIDE_E2E_PORT },
    url: `${baseURL}/home`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
