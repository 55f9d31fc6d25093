import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { cacheUrlOf, relayUrlOf } from './server.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A Tide server started by a test (its own SQLite file, loopback, random port unless given). */
export interface ServerInstance {
  origin: string;
  port: number;
  /** NIP-01 relay address (`ws://…/`). */
  relayUrl: string;
  /** Caching-service address (`ws://…/v1`). */
  cacheUrl: string;
  /** Stops the process (SIGTERM) and waits for it to exit; the database stays for `restart`. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and database. */
  restart: () => Promise<void>;
  /** Stops it and removes its files. */
  dispose: () => Promise<void>;
}

function launch(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/cache-server/src/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '', HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not start in 90 s:\n${out}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Tide is running: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A consistent copy of a live SQLite database (VACUUM INTO), e.g. the main e2e server's seeded one. */
export function snapshotDatabase(from: string, to: string): void {
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
}

/**
 * Starts another Tide server for a test. `copyOf` starts it from a snapshot of a database (the main e2e server's
 * `TIDE_E2E_DB` holds the seeded demo network: seeding again costs minutes on a loaded machine), so it can act as a
 * plain relay for the fallback test, or as a caching service to stop and restart; `seed` seeds an empty one.
 */
export async function startServerInstance(
  options: { seed?: boolean; copyOf?: string; web?: string } = {},
): Promise<ServerInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'tide-e2e-instance-'));
  const dbPath = join(dir, 'instance.db');
  if (options.copyOf) snapshotDatabase(options.copyOf, dbPath);
  const base = ['--host', '127.0.0.1', '--db', dbPath, ...(options.web ? ['--web', options.web] : [])];
  let { child, port } = await launch([...base, '--port', '0', ...(options.seed ? ['--seed'] : [])]);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    relayUrl: relayUrlOf(origin),
    cacheUrl: cacheUrlOf(origin),
    stop: () => exited(child),
    restart: async () => {
      await exited(child);
      ({ child } = await launch([...base, '--port', String(port)]));
    },
    dispose: async () => {
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
