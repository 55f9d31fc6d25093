// `npm test`: lint, typecheck, vitest (every workspace) and Playwright e2e; prints `N passed, N failed`.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromiumMissingMessage, findChromium } from './find-chromium.mjs';

const only = process.argv[2]; // optional: lint | typecheck | unit | e2e
const reports = 'reports';
mkdirSync(reports, { recursive: true });

const steps = [];
function run(name, cmd, args, env = {}) {
  if (only && only !== name) return;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

run('lint', 'node_modules/.bin/biome', ['check', '.']);
run('typecheck', 'node', ['scripts/typecheck.mjs']);

rmSync(`${reports}/vitest.json`, { force: true });
run('unit', 'node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest.json`,
]);

rmSync(`${reports}/playwright.json`, { force: true });
const noChromium = (!only || only === 'e2e') && !findChromium();
if (noChromium) {
  console.log(`\n=== e2e: not run\n${chromiumMissingMessage()}`);
  steps.push({ name: 'e2e (no Chromium)', ok: false, seconds: '0.0' });
} else if (!only || only === 'e2e') {
  run('build', 'npm', ['run', 'build']);
  run('e2e', 'node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
  });
}

let passed = 0;
const unitFailures = [];
let failed = 0;
const vitest = readJson(`${reports}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  unitFailures.push(...vitestFailures(vitest));
} else if (steps.some((s) => s.name === 'unit')) {
  failed += 1; // the runner died before writing its report
}
const pw = readJson(`${reports}/playwright.json`);
if (pw?.stats) {
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected ?? 0;
  if (pw.stats.flaky) {
    console.log(`\n=== e2e: ${pw.stats.flaky} passed only on retry (flaky; fix them):`);
    for (const title of flakyTitles(pw.suites ?? [])) console.log(`  flaky: ${title}`);
  }
} else if (steps.some((s) => s.name === 'e2e')) {
  failed += 1;
}

/** `file › test: first line of the error` for each failed vitest test (or failed file), from vitest's JSON report. */
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const first = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      out.push(`${name} › ${t.fullName ?? t.title}: ${first}`);
    }
    if (!failedTests.length && file.status === 'failed') {
      out.push(
        `${name}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    }
  }
  return out;
}

/** Titles of the tests that failed first and passed on a retry, from Playwright's JSON report. */
function flakyTitles(suites, prefix = '') {
  const out = [];
  for (const suite of suites) {
    const name = prefix ? `${prefix} › ${suite.title}` : suite.title;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === 'flaky')) out.push(`${name} › ${spec.title}`);
    }
    out.push(...flakyTitles(suite.suites ?? [], name));
  }
  return out;
}

// a step without a test report (lint, typecheck, build) counts as one failed test when it fails, so the closing line
// never reads "0 failed" for a red run
failed += steps.filter((s) => !s.ok && !['unit', 'e2e'].includes(s.name)).length;

console.log('\n=== summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
// failed unit tests last, so the tail of a CI log names them
for (const line of unitFailures) console.log(`unit failed: ${line}`);
const allOk = steps.every((s) => s.ok);
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
