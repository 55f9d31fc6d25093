import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { defineConfig } from '@playwright/test';
import { chromiumMissingMessage, findChromium } from '../scripts/find-chromium.mjs';

// One free loopback port per run, chosen by the main process; workers inherit it through the environment.
process.env.TIDE_E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
// The lightning sandbox (apps/sandbox) gets its own free port; the seeded lud16 addresses name it.
process.env.TIDE_E2E_SANDBOX_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
const baseURL = `http://127.0.0.1:${process.env.TIDE_E2E_PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const demoKey = (label: string) => sha256(new TextEncoder().encode(`tide-demo:${label}`));
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const membershipNwc =
  `nostr+walletconnect://${hexOf(schnorr.getPublicKey(demoKey('sandbox-nwc')))}` +
  `?relay=${encodeURIComponent(`ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/`)}&secret=${hexOf(demoKey('sandbox-nwc-tide'))}`;
// A fresh SQLite file per run, so every run starts from the same empty caching service, and a snapshot of the
// built app, so a build started meanwhile (it empties apps/web/dist) cannot pull files from under the test.
if (!process.env.TIDE_E2E_DB) {
  const runDir = mkdtempSync(join(tmpdir(), 'tide-e2e-'));
  const dist = join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  cpSync(dist, join(runDir, 'web'), { recursive: true });
  process.env.TIDE_E2E_DB = join(runDir, 'e2e.db');
  process.env.TIDE_E2E_WEB = join(runDir, 'web');
}
// The JSON report goes where PLAYWRIGHT_JSON_OUTPUT_NAME says, relative to where the runner was started.
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? resolve(process.cwd(), process.env.PLAYWRIGHT_JSON_OUTPUT_NAME)
  : undefined;

// The caching service serves the built app and answers /v1 on the same origin, as in production, seeded with the
// deterministic demo network (fixed keys and texts; about 6 s here) before the suite starts.
// TIDE_E2E_SERVER=static serves only the files (scripts/serve-web.mjs): the app then cannot reach /v1.
const staticOnly = process.env.TIDE_E2E_SERVER === 'static';
const serverCommand = staticOnly
  ? 'node scripts/serve-web.mjs'
  : `node_modules/.bin/tsx apps/cache-server/src/main.ts --host 127.0.0.1 --port ${process.env.TIDE_E2E_PORT} --web ${process.env.TIDE_E2E_WEB} --db ${process.env.TIDE_E2E_DB} --seed`;

// The Chromium to drive: TIDE_CHROMIUM / CHROME_PATH, the system's package, or one Playwright installed.
const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumMissingMessage());

// e2e of the built web app in Chromium; `npm run build` must have run (scripts/test-all.mjs does it).
export default defineConfig({
  testDir: './tests',
  globalTeardown: './helpers/global-teardown.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry on this shared 2-core machine; scripts/test-all.mjs lists every test that needed it as flaky.
  retries: 1,
  // The machine is shared: generous waits, never a fixed sleep.
  timeout: 60_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
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
  webServer: [
    {
      command: serverCommand,
      cwd: repoRoot,
      env: {
        PORT: process.env.TIDE_E2E_PORT ?? '',
        DIST: process.env.TIDE_E2E_WEB ?? '',
        LOG_LEVEL: 'warn',
        TIDE_LIGHTNING_HOST: `127.0.0.1:${process.env.TIDE_E2E_SANDBOX_PORT}`,
        // Membership invoices through the sandbox's "tide" account over NWC (keys as scripts/start.mjs derives them).
        TIDE_MEMBERSHIP_NWC: membershipNwc,
      },
      reuseExistingServer: false,
      // Listening comes before seeding, so readiness is the line printed once the demo network is in, never the URL:
      // a suite started mid-seed sees a first page of older notes and then ~all the seed as "new notes" (99+).
      ...(staticOnly ? { url: `${baseURL}/home` } : { wait: { stdout: /Tide is running/ } }),
      timeout: 240_000,
    },
    // Ledger, LNURL-pay + zap receipts, NWC on the caching service's relay, Cashu mint, WebLN (e2e/support/sandbox.ts).
    ...(staticOnly
      ? []
      : [
          {
            command: `node_modules/.bin/tsx apps/sandbox/src/main.ts --host 127.0.0.1 --port ${process.env.TIDE_E2E_SANDBOX_PORT} --relay ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/`,
            cwd: repoRoot,
            reuseExistingServer: false,
            wait: { stdout: /Sandbox is running/ },
            timeout: 60_000,
          },
        ]),
  ],
});
