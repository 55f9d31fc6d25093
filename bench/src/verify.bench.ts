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

function measure(name: string, run: () => number): number {
  const start = performance.now();
  const ok = run();
  const ms = performance.now() - start;
  if (ok !== COUNT) throw new Error(`${name}: only ${ok}/${COUNT} verified`);
  return (COUNT / ms) * 1000;
}

function line(name: string, value: number, unit: string, target: string): void {
  console.log(`${name.padEnd(34)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(8)} target ${target}`);
}

const events = makeEvents();
const noble = measure('noble', () => fresh(events).filter((e) => verifyEventUncached(e, 'noble')).length);
line('verify noble (2,000 events)', noble, 'events/s', '-');

await loadWasmVerifier();
verifyEventUncached(events[0], 'wasm'); // warm-up
const wasm = measure('wasm', () => fresh(events).filter((e) => verifyEventUncached(e, 'wasm')).length);
line('verify wasm (2,000 events)', wasm, 'events/s', `>= ${TARGET_WASM}`);

resetVerifiedCache();
const batchStart = performance.now();
const results = await verifyEvents(fresh(events));
const batchMs = performance.now() - batchStart;
if (results.filter(Boolean).length !== COUNT) throw new Error('verifyEvents: not all verified');
line('verifyEvents batch, wasm (cold)', (COUNT / batchMs) * 1000, 'events/s', `>= ${TARGET_WASM}`);

const warmStart = performance.now();
await verifyEvents(fresh(events));
const warmMs = performance.now() - warmStart;
line('verifyEvents batch, remembered', (COUNT / warmMs) * 1000, 'events/s', '-');
console.log(
  `wasm/noble speed-up ${(wasm / noble).toFixed(1)}x; ${wasm >= TARGET_WASM ? 'meets' : 'MISSES'} the wasm target`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (shared machine: read ratios)`,
);
