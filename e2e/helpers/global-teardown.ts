import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

// Playwright needs a default export here.
/** Removes this run's temporary folder (SQLite file and app snapshot) made by playwright.config.ts. */
export default function globalTeardown(): void {
  const db = process.env.TIDE_E2E_DB;
  if (!db) return;
  const runDir = dirname(db);
  if (dirname(runDir) === tmpdir() && basename(runDir).startsWith('tide-e2e-')) {
    rmSync(runDir, { recursive: true, force: true });
  }
}
