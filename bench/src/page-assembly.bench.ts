// Page assembly: merging a 1,000-note mega-feed response (authors, stats, actions, mentions, reposts, zaps, media,
// relay hints, FeedRange) into a Page with @tide/core/model's assemblePage; then appending a second page.

import { assemblePage } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';

const NOTES = 1_000;
const AUTHORS = 150;
const TARGET_MS = 20;
const RUNS = 50;

const hex = (n: number, salt: string) => (salt + n.toString(16)).padStart(64, '0').slice(-64);
const json = (kind: number, body: unknown): CacheEvent => ({ kind, content: JSON.stringify(body) });

function response(page: number): CacheEvent[] {
  const out: CacheEvent[] = [];
  const base = 1_700_000_000 - page * NOTES * 60;
  const elements: string[] = [];
  for (let a = 0; a < AUTHORS; a++) {
    const pubkey = hex(a, 'a');
    out.push({
      kind: 0,
      id: hex(a, 'e0'),
      pubkey,
      created_at: base,
      tags: [],
      sig: 's',
      content: JSON.stringify({ name: `user${a}`, display_name: `User ${a}`, picture: `https://img.example/${a}.jpg` }),
    });
    out.push(json(10000105, { pubkey, followers_count: a * 10, follows_count: a }));
  }
  const hints: Record<string, string> = {};
  for (let i = 0; i < NOTES; i++) {
    const id = hex(page * NOTES + i, 'b');
    const pubkey = hex(i % AUTHORS, 'a');
    const created_at = base - i * 60;
    elements.push(id);
    hints[id] = `wss://relay${i % 5}.example`;
    if (i % 10 === 9) {
      const inner = {
        kind: 1,
        id: hex(page * NOTES + i, 'c'),
        pubkey: hex((i + 1) % AUTHORS, 'a'),
        created_at: created_at - 1,
        tags: [],
        content: `reposted ${i}`,
        sig: 's',
      };
      out.push(json(10000107, inner));
      out.push({
        kind: 6,
        id,
        pubkey,
        created_at,
        tags: [
          ['e', inner.id],
          ['p', inner.pubkey],
        ],
        content: '',
        sig: 's',
      });
    } else {
      out.push({
        kind: 1,
        id,
        pubkey,
        created_at,
        tags: [['t', 'nostr']],
        content: `Note ${i}: hello https://x.example/${i}.jpg`,
        sig: 's',
      });
    }
    out.push(
      json(10000100, { event_id: id, likes: i % 7, replies: i % 3, reposts: 1, zaps: 2, satszapped: i * 21, score: i }),
    );
    out.push(json(10000115, { event_id: id, liked: i % 2 === 0, replied: false, reposted: false, zapped: false }));
    out.push(
      json(10000119, {
        event_id: id,
        resources: [
          {
            url: `https://x.example/${i}.jpg`,
            variants: [{ s: 'm', a: 0, w: 640, h: 480, mt: 'image/jpeg', media_url: `https://cdn.example/${i}` }],
          },
        ],
      }),
    );
    if (i % 20 === 0) {
      const request = {
        kind: 9734,
        pubkey: hex((i + 3) % AUTHORS, 'a'),
        content: 'gm',
        tags: [
          ['p', pubkey],
          ['e', id],
          ['amount', '21000'],
        ],
        created_at,
      };
      out.push({
        kind: 9735,
        id: hex(page * NOTES + i, 'd'),
        pubkey: hex(1, 'f'),
        created_at,
        sig: 's',
        content: '',
        tags: [
          ['p', pubkey],
          ['e', id],
          ['description', JSON.stringify(request)],
        ],
      });
    }
  }
  out.push(json(10000141, hints));
  out.push(json(10000113, { since: base - (NOTES - 1) * 60, until: base, order_by: 'created_at', elements }));
  return out;
}

const first = response(0);
const second = response(1);
for (let i = 0; i < 20; i++) assemblePage(first); // warm-up (JIT)

const times: number[] = [];
const cpuTimes: number[] = [];
let notes = 0;
for (let i = 0; i < RUNS; i++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const page = assemblePage(first);
  times.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  notes = page.notes.length;
}
cpuTimes.sort((a, b) => a - b);
if (notes !== NOTES) throw new Error(`expected ${NOTES} notes, got ${notes}`);
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];

const previous = assemblePage(first);
const appendTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const page = assemblePage(second, previous);
  appendTimes.push(performance.now() - start);
  if (page.notes.length !== 2 * NOTES) throw new Error('second page did not append');
}
appendTimes.sort((a, b) => a - b);

const line = (name: string, value: number, unit: string, target: string) =>
  console.log(`${name.padEnd(42)} ${value.toFixed(2).padStart(8)} ${unit.padEnd(4)} target ${target}`);
line(`assemble page (${NOTES} notes, ${first.length} events) median`, median, 'ms', `<= ${TARGET_MS}`);
line(`assemble page p90`, times[Math.floor(times.length * 0.9)], 'ms', '-');
line('assemble page CPU time (less load noise), median', cpuTimes[Math.floor(RUNS / 2)], 'ms', `<= ${TARGET_MS}`);
console.log(
  `(machine load average ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores)`,
);
line(`append 2nd page onto ${NOTES} notes, median`, appendTimes[Math.floor(RUNS / 2)], 'ms', '-');
