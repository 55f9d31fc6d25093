import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** A few event-loop turns, each with an I/O poll: output already in the pipe is read meanwhile. */
async function pollTurns(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}

const ask = (base: string) =>
  fetch(`${base}/api`, { method: 'POST', body: JSON.stringify(['net_stats', {}]) }).then(
    (r) => r.status,
    () => 0,
  );

it('with --seed, answers "seeding" until the demo network is in, then serves; "Tide is running" comes last', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tide-main-seed-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    resolve('node_modules/.bin/tsx'),
    [
      resolve('apps/cache-server/src/main.ts'),
      ...['--host', '127.0.0.1', '--port', String(port), '--db', join(dir, 't.db'), '--seed', '--scale', '500'],
    ],
    { env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  try {
    const seen = new Set<number>();
    // Poll while the process starts and seeds: refused (0) before it listens, 503 while seeding.
    while (!out.includes('Tide is running')) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      const status = await ask(base);
      // The server prints the line before it answers anything with 200, but the line comes through a pipe and the
      // answer through a socket: both can be ready in one poll and the answer read first. Give the pipe its turn.
      if (status === 200) await pollTurns();
      if (!out.includes('Tide is running')) seen.add(status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toContain(503);
    expect(seen).not.toContain(200);
    expect(await ask(base)).toBe(200);
    const lines = out.trim().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^Tide is running: http:\/\/127\.0\.0\.1:\d+\//);
  } finally {
    await new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
