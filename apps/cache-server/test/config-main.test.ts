import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, mediaDirOf, parseConfig } from '../src/config.ts';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const c = parseConfig([], {});
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8787, sqlitePath: './data/tide.db', upstream: [], seed: false });
    expect(mediaDirOf(c)).toBe(resolve('./data/media'));
  });

  it('reads flags over the environment, repeatable --upstream, and postgres URLs', () => {
    const c = parseConfig(
      [
        '--port=9000',
        '--host',
        '0.0.0.0',
        '--upstream',
        'wss://a.example',
        '--upstream',
        'ws://b.example',
        '--seed',
        '--scale',
        '5000',
      ],
      { PORT: '1234', TIDE_UPSTREAM: 'wss://env.example' },
    );
    expect(c).toMatchObject({ port: 9000, host: '0.0.0.0', seed: true, scale: 5000 });
    expect(c.upstream).toEqual(['wss://env.example', 'wss://a.example', 'ws://b.example']);
    const pg = parseConfig([], { DATABASE_URL: 'postgres://u:p@h/db' });
    expect(pg.databaseUrl).toBe('postgres://u:p@h/db');
    expect(parseConfig(['--db', '/tmp/x/y.db'], {}).dataDir).toBe('/tmp/x');
  });

  it('rejects bad input with clear messages', () => {
    expect(() => parseConfig(['--port', '99999'], {})).toThrow(new ConfigError('invalid port: 99999'));
    expect(() => parseConfig(['--upstream', 'http://x'], {})).toThrow('invalid upstream relay url: http://x');
    expect(() => parseConfig(['--bogus'], {})).toThrow('unknown option: --bogus');
    expect(() => parseConfig(['--port'], {})).toThrow('--port needs a value');
    expect(() => parseConfig(['--scale', '-1'], {})).toThrow('--scale needs a positive integer');
  });
});

describe('main.ts', () => {
  it('starts, serves, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tide-main-'));
    const child = spawn(
      resolve('node_modules/.bin/tsx'),
      [resolve('apps/cache-server/src/main.ts'), '--port', '0', '--db', join(dir, 'tide.db')],
      { env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), 20_000);
      child.stdout.on('data', () => {
        const m = out.match(/Tide is running: (http:\/\/[^/\s]+)\//);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1]);
        }
      });
    });
    const res = await fetch(`${url}/`, { headers: { accept: 'application/nostr+json' } });
    expect(((await res.json()) as { name: string }).name).toBe('Tide cache');
    const code = await new Promise<number | null>((done) => {
      child.on('exit', (c) => done(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 40_000);
});
