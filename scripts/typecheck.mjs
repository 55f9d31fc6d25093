// Runs `tsc --noEmit` over every workspace that has a tsconfig.json; fails if any fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/core', 'apps/web', 'apps/cache-server', 'apps/sandbox', 'e2e', 'bench'];
let failed = 0;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const r = spawnSync('node_modules/.bin/tsc', ['--noEmit', '-p', dir], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck failed: ${dir}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
