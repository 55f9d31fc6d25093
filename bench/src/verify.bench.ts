// Signature verification throughput: 2,000 distinct signed kind-1 events, fresh objects each run, noble vs wasm.
import { cpus, loadavg } from 'node:os';
import {
  generateSecretKey,
  loadWasmVerifier,
  type NostrEvent,
  resetVerifiedCache,
  signEvent,
  verifyEvents,
  verifyEventUncached,
} from '@tide/core/nostr';

const COUNT = 2_000;
const TARGET_WASM = 3_000;

function makeEvents(): NostrEvent[] {
  const keys = Array.from({ length: 20 }, () => generateSecretKey());
  const base = Math.floor(Date.now() / 1000);
  return Array.from({ length: COUNT }, (_, i) =>
    signEvent(
      {
        kind: 1,
        created_at: base - i,
        tags:
          i % 3 === 0
            ? [
                ['t', 'nostr'],
                ['p', 'a'.repeat(64)],
              ]
            : [],
        content: `Bench note ${i}: the quick brown fox jumps over the lazy dog. #nostr https://example.com/${i}`,
      },
      keys[i % keys.length],
    ),
  );
}

function fresh(events: NostrEvent[]): NostrEvent[] {
  return events.map((e) => ({ ...e, tags: e.tags.map((t) => [...t]) }));
}

interface Rate {
  wall: number;
  cpu: number;
}

/** Best of 3 runs, as events per wall-clock second and per CPU second of this process (fair on a shared machine). */
function measure(name: string, run: () => number): Rate {
  let bestWall = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const ok = run();
    bestWall = Math.min(bestWall, performance.now() - start);
    const cpu = process.cpuUsage(cpu0);
    bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1000);
    if (ok !== COUNT) throw new Error(`${name}: only ${ok}/${COUNT} verified`);
  }
  return { wall: (COUNT / bestWall) * 1000, cpu: (COUNT / bestCpu) * 1000 };
}

function line(name: string, value: number, unit: string, target: string): void {
  console.log(`${name.padEnd(34)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(8)} target ${target}`);
}

const events = makeEvents();
const noble = measure('noble', () => fresh(events).filter((e) => verifyEventUncached(e, 'noble')).length);
line('verify noble, wall clock', noble.wall, 'events/s', '-');
line('verify noble, per CPU second', noble.cpu, 'events/s', '-');

await loadWasmVerifier();
verifyEventUncached(events[0], 'wasm'); // warm-up
const wasm = measure('wasm', () => fresh(events).filter((e) => verifyEventUncached(e, 'wasm')).length);
line('verify wasm, wall clock', wasm.wall, 'events/s', `>= ${TARGET_WASM}`);
line('verify wasm, per CPU second', wasm.cpu, 'events/s', `>= ${TARGET_WASM}`);

async function timeAsync(run: () => Promise<void>): Promise<Rate> {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { wall: (COUNT / wall) * 1000, cpu: (COUNT / ((cpu.user + cpu.system) / 1000)) * 1000 };
}

resetVerifiedCache();
const cold = await timeAsync(async () => {
  const results = await verifyEvents(fresh(events));
  if (results.filter(Boolean).length !== COUNT) throw new Error('verifyEvents: not all verified');
});
line('verifyEvents (wasm, cold), wall', cold.wall, 'events/s', `>= ${TARGET_WASM}`);
line('verifyEvents (wasm, cold), CPU', cold.cpu, 'events/s', `>= ${TARGET_WASM}`);
const warm = await timeAsync(async () => {
  await verifyEvents(fresh(events));
});
line('verifyEvents (remembered), CPU', warm.cpu, 'events/s', '-');
const verdict = wasm.cpu >= TARGET_WASM ? 'meets' : 'MISSES';
console.log(
  `2,000 distinct events, best of 3; wasm/noble ${(wasm.cpu / noble.cpu).toFixed(1)}x; ${verdict} the wasm target per CPU second`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (shared machine: read ratios)`,
);
