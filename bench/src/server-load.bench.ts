// Caching-service load: 500 concurrent WebSocket clients on loopback, each looping requests for a bounded time,
// against the real server in its own process (tsx main.ts); then the latency of main commands on a seeded store.
// Each client negotiates zlib first (set_primal_protocol), as the web app does: one binary frame per answer.
// Prints p50/p95 latency, throughput, server and client CPU per request, dropped connections and the server's
// resident memory. The seeded store (BENCH_SCALE events) is kept in bench/.data/ and reused by later runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeNip19 } from '@tide/core/nostr';
import WebSocket from 'ws';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 22_000);
const TARGET_P95_MS = 100;

interface Started {
  child: ChildProcess;
  url: string;
  http: string;
  /** Pubkeys of the printed demo accounts (seeded runs). */
  accounts: string[];
}

function startServerProcess(dbPath: string, seed: boolean): Promise<Started> {
  const args = [resolve('apps/cache-server/src/main.ts'), '--port', '0', '--db', dbPath];
  if (seed) args.push('--seed', '--scale', String(SCALE));
  const child = spawn(resolve('node_modules/.bin/tsx'), args, {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 600_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/Tide is running: (http:\/\/[^/\s]+)\//);
      if (m) {
        clearTimeout(timer);
        const accounts = [...out.matchAll(/(npub1[02-9ac-hj-np-z]+)/g)].map((a) => {
          const decoded = decodeNip19(a[1]);
          return decoded.type === 'npub' ? decoded.data : '';
        });
        ok({ child, http: m[1], url: `${m[1].replace('http', 'ws')}/v1`, accounts });
      }
    });
    child.on('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
}

/** The pid of the node process running main.ts (tsx's wrapper starts it as a child), else `pid`. */
function serverPid(pid: number): number {
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('main.ts')) return child;
      }
    }
  } catch {
    // fall through
  }
  return pid;
}

/** CPU time (user + system) used so far by a process, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory in MB of the node process running main.ts (tsx's wrapper starts it as a child). */
function rssMb(pid: number): number {
  const rssOf = (p: number) => Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('main.ts')) return Math.round(rssOf(child) / 1024);
      }
    }
    return Math.round(rssOf(pid) / 1024);
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function print(name: string, value: number, unit: string, target = ''): void {
  console.log(`${name.padEnd(44)} ${String(Math.round(value * 10) / 10).padStart(10)} ${unit.padEnd(8)} ${target}`);
}

/** One client: request, wait for EOSE, repeat until the deadline; records latencies. */
function runClient(url: string, deadline: number, requests: unknown[], latencies: number[]): Promise<boolean> {
  return new Promise((done) => {
    const ws = new WebSocket(url);
    let n = 0;
    let sentAt = 0;
    let finished = false;
    let negotiated = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      ws.close();
      done(ok);
    };
    const next = () => {
      if (Date.now() >= deadline) return finish(true);
      n += 1;
      const [command, payload] = requests[n % requests.length] as [string, Record<string, unknown>];
      sentAt = performance.now();
      ws.send(JSON.stringify(['REQ', `b${n}`, { cache: [command, payload] }]));
    };
    ws.on('open', () =>
      ws.send(JSON.stringify(['REQ', 'z', { cache: ['set_primal_protocol', { compression: 'zlib' }] }])),
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // the zlib EVENTS frame; the text EOSE after it ends the answer
      const text = data.toString();
      if (!text.startsWith('["EOSE"')) return;
      if (negotiated) latencies.push(performance.now() - sentAt);
      negotiated = true;
      next();
    });
    ws.on('error', () => finish(false));
    ws.on('close', () => finish(Date.now() >= deadline));
  });
}

async function load(server: Started, label: string, requests: unknown[]): Promise<void> {
  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const pid = serverPid(server.child.pid as number);
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const results = await Promise.all(
    Array.from({ length: SOCKETS }, () => runClient(server.url, deadline, requests, latencies)),
  );
  const elapsed = (Date.now() - started) / 1000;
  const cpuUsed = cpuMs(pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  const clientMs = (client.user + client.system) / 1000;
  latencies.sort((a, b) => a - b);
  print(`${label}: sockets`, SOCKETS, 'count');
  print(`${label}: requests/s`, latencies.length / elapsed, 'req/s');
  print(`${label}: p50 latency`, percentile(latencies, 50), 'ms');
  print(`${label}: p95 latency`, percentile(latencies, 95), 'ms', `target < ${TARGET_P95_MS} ms`);
  print(`${label}: server CPU per request`, cpuUsed / Math.max(1, latencies.length), 'ms');
  print(`${label}: bench client CPU per request`, clientMs / Math.max(1, latencies.length), 'ms');
  print(`${label}: load average (1 min, ${cpus().length} cores)`, loadavg()[0], '');
  print(`${label}: dropped connections`, results.filter((ok) => !ok).length, 'count', 'target 0');
  print(`${label}: server RSS`, rssMb(server.child.pid as number), 'MB');
}

async function commandLatency(server: Started, name: string, command: string, payload: Record<string, unknown>) {
  const ws = new WebSocket(server.url);
  await new Promise((r) => ws.once('open', r));
  const times: number[] = [];
  let events = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    events = await new Promise<number>((ok) => {
      let count = 0;
      const onMessage = (data: WebSocket.RawData) => {
        const text = data.toString();
        if (text.startsWith('["EVENT"')) count += 1;
        if (text.startsWith('["EOSE"') || text.startsWith('["NOTICE"')) {
          ws.off('message', onMessage);
          ok(text.startsWith('["NOTICE"') ? -1 : count);
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify(['REQ', `c${i}`, { cache: [command, payload] }]));
    });
    times.push(performance.now() - t0);
  }
  ws.close();
  times.sort((a, b) => a - b);
  print(`${name} p50 (${events < 0 ? 'NOTICE' : `${events} objects`})`, percentile(times, 50), 'ms');
  print(`${name} p95`, percentile(times, 95), 'ms', 'target < 200 ms');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tide-bench-'));
  const empty = await startServerProcess(join(dir, 'empty.db'), false);
  try {
    print('server RSS at start (empty store)', rssMb(empty.child.pid as number), 'MB');
    await load(empty, 'empty store', [
      ['get_default_relays', {}],
      ['no_such_command', {}],
    ]);
  } finally {
    empty.child.kill('SIGTERM');
  }
  const dataDir = join('bench', '.data');
  mkdirSync(dataDir, { recursive: true });
  const seeded = await startServerProcess(join(dataDir, `server-load-${SCALE}.db`), true);
  try {
    const guest = '532d830dffe09c13e75e8b145c825718fc12b0003f61d61e9077721c7fff93cb';
    const user = seeded.accounts[1] ?? guest;
    print(`server RSS with ${SCALE} seeded events`, rssMb(seeded.child.pid as number), 'MB');
    await commandLatency(seeded, 'mega_feed_directive latest', 'mega_feed_directive', {
      spec: JSON.stringify({ id: 'latest', kind: 'notes' }),
      user_pubkey: user,
      limit: 20,
    });
    await commandLatency(seeded, 'explore_global_trending_24h', 'explore_global_trending_24h', { limit: 20 });
    await commandLatency(seeded, 'user_profile', 'user_profile', { pubkey: user, user_pubkey: user });
    await commandLatency(seeded, 'feed (authored)', 'feed', { pubkey: user, user_pubkey: user, limit: 20 });
    await commandLatency(seeded, 'search', 'search', { query: 'nostr', limit: 20 });
    await commandLatency(seeded, 'get_notifications', 'get_notifications', { pubkey: user, limit: 20 });
    await load(seeded, 'seeded store', [
      ['user_profile', { pubkey: user }],
      ['feed', { pubkey: user, limit: 20 }],
      ['get_default_relays', {}],
    ]);
  } finally {
    seeded.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
