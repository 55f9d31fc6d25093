// `npm run bench`: runs every bench/src/*.bench.ts with tsx, one after another; each prints its own figures.
// Pass names to run a subset: `npm run bench -- verify page-assembly`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('bench/src')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n### ${f.replace('.bench.ts', '')}`);
  const r = spawnSync('node_modules/.bin/tsx', [`bench/src/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
