// Inflating and parsing one ~1 MB (JSON text) zlib binary EVENTS frame the way the cache client does it: once per
// frame, with decodeFrame (fflate unzlibSync + strFromU8 + JSON.parse); inflate alone is measured too.
import { decodeFrame, silentLogger } from '@tide/core/cache';
import { strFromU8, strToU8, unzlibSync, zlibSync } from 'fflate';

const TARGET_BYTES = 1_000_000;
const RUNS = 20;

let seed = 42;
const randomHex = (length: number) => {
  let out = '';
  while (out.length < length) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += seed.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
};

function makeFrame(): { json: string; compressed: Uint8Array; events: number } {
  const events: unknown[] = [];
  let size = 0;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const id = randomHex(64);
    const event = {
      kind: 1,
      id,
      pubkey: (i % 97).toString(16).padStart(64, 'a'),
      created_at: 1_700_000_000 - i,
      tags: [
        ['t', 'nostr'],
        ['p', 'b'.repeat(64)],
      ],
      content: `Note ${i}: the quick brown fox jumps over the lazy dog https://example.com/${i}.jpg #nostr`,
      sig: randomHex(128),
    };
    const stats = { kind: 10000100, content: JSON.stringify({ event_id: id, likes: i % 9, satszapped: i * 21 }) };
    size += JSON.stringify(event).length + JSON.stringify(stats).length + 2;
    events.push(event, stats);
  }
  const json = JSON.stringify(['EVENTS', 'home_feed_1_web_bench', events]);
  return { json, compressed: zlibSync(strToU8(json)), events: events.length };
}

const { json, compressed, events } = makeFrame();
const buffer = compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.byteLength);
for (let i = 0; i < 3; i++) decodeFrame(buffer, false, silentLogger); // warm-up

const median = (run: () => void) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
};

const inflateOnly = median(() => strFromU8(unzlibSync(compressed)));
const full = median(() => {
  const frame = decodeFrame(buffer, false, silentLogger);
  if (!Array.isArray(frame) || (frame[2] as unknown[]).length !== events) throw new Error('bad frame');
});

const line = (name: string, value: number, unit: string, target: string) =>
  console.log(`${name.padEnd(46)} ${value.toFixed(2).padStart(9)} ${unit.padEnd(5)} target ${target}`);
line('frame size (JSON text)', json.length / 1e6, 'MB', '-');
line('frame size (zlib)', compressed.byteLength / 1e6, 'MB', '-');
line(`inflate only (fflate), median`, inflateOnly, 'ms', '-');
line(`inflate + parse ${events} objects, median`, full, 'ms', '-');
line('inflate + parse throughput', json.length / 1e6 / (full / 1000), 'MB/s', '-');
