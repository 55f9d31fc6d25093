// Process figures the server-load bench prints: CPU and memory of the server process, CPU of PostgreSQL's processes,
// and a timeline of p95 latency per window of the run (how a fresh server's first seconds differ from the rest).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { Sql } from 'postgres';

/** CPU time (user + system) used so far by a process, in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** CPU time used so far by each of `pids` (absent: ended or unreadable), in ms. */
function cpuByPid(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      // ended
    }
  }
  return out;
}

/** PIDs of the PostgreSQL backends serving the TCP connections of process `pid` (to port 5432). */
export async function backendsOf(pid: number, sql: Sql): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/socket:\[(\d+)\]/);
      if (m) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10 || !inodes.has(f[9]) || Number.parseInt(f[2].split(':')[1], 16) !== 5432) continue;
    ports.push(Number.parseInt(f[1].split(':')[1], 16));
  }
  if (ports.length === 0) return [];
  const rows = await sql`SELECT pid FROM pg_stat_activity WHERE client_port = ANY(${ports}::int[])`;
  return rows.map((r) => Number(r.pid));
}

/**
 * Measures the CPU the PostgreSQL backends of process `pid` use from now until the returned function is called (in
 * ms; backends opened meanwhile count from their start, ones closed meanwhile are missed).
 */
export async function backendCpu(pid: number, sql: Sql): Promise<() => Promise<number>> {
  const before = cpuByPid(await backendsOf(pid, sql));
  return async () => {
    let total = 0;
    for (const [backend, ms] of cpuByPid(await backendsOf(pid, sql))) total += ms - (before.get(backend) ?? 0);
    return total;
  };
}

/** CPU time used so far by each live process named `postgres` (the server and all its backends, whoever's), in ms. */
function postgresCpu(): Map<number, number> {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/stat`, 'utf8').includes('(postgres)')) pids.push(Number(name));
    } catch {
      // the process ended while we read
    }
  }
  return cpuByPid(pids);
}

/**
 * Measures the CPU every PostgreSQL process uses from now until the returned function is called, in ms (processes
 * started meanwhile count from their start; ones that ended meanwhile are missed, so it is a lower bound).
 */
export function postgresCpuSince(): () => number {
  const before = postgresCpu();
  return () => {
    let total = 0;
    for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
    return total;
  };
}

/** The p95 of the latencies answered in each `windowMs` of the run (`times`: ms since its start), rounded. */
export function p95Timeline(latencies: Float64Array, times: Float64Array, windowMs: number): number[] {
  const windows: number[][] = [];
  times.forEach((at, i) => {
    const w = Math.floor(at / windowMs);
    while (windows.length <= w) windows.push([]);
    windows[w].push(latencies[i]);
  });
  return windows.map((list) => {
    if (list.length === 0) return Number.NaN;
    list.sort((a, b) => a - b);
    return Math.round(list[Math.min(list.length - 1, Math.floor(0.95 * list.length))]);
  });
}
