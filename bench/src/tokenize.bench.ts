// Tokenising 10,000 realistic notes (mixed plain text, links, media, embeds, hashtags, NIP-19 refs, invoices).
import { cpus, loadavg } from 'node:os';
import { tokenize } from '@tide/core/content';
import { naddrEncode, neventEncode, noteEncode, nprofileEncode, npubEncode, type Tag } from '@tide/core/nostr';

const COUNT = 10_000;

function hex(seed: number): string {
  let out = '';
  let x = seed * 2654435761;
  while (out.length < 64) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += x.toString(16).padStart(8, '0');
  }
  return out.slice(0, 64);
}

const sentences = [
  'Good morning nostr! Coffee is ready and the sun is out.',
  'Just finished reading a long thread about relays, outbox model and why it matters for censorship resistance.',
  'Anyone else running their own relay at home? Mine has been up for 200 days now.',
  'Zaps are the best way to say thanks. ⚡️ Pay it forward.',
  'Hot take: long-form content on nostr is underrated. Write more articles, people.',
  '日本語のノートもテストします。ノストルは楽しい！',
  'Wer kommt zur Konferenz nächste Woche? Ich bringe Aufkleber mit.',
];

function note(i: number): { content: string; tags: Tag[] } {
  const pk = hex(i);
  const id = hex(i + 7);
  const parts = [sentences[i % sentences.length]];
  const tags: Tag[] = [];
  switch (i % 10) {
    case 0:
      parts.push(`https://image.nostr.build/${hex(i).slice(0, 20)}.jpg`);
      break;
    case 1:
      parts.push(`cc nostr:${npubEncode(pk)} #nostr #Bitcoin`);
      break;
    case 2:
      parts.push(`Quoting nostr:${neventEncode({ id, relays: ['wss://relay.damus.io'], author: pk })}`);
      break;
    case 3:
      parts.push(
        'Listen: https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC and https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      );
      break;
    case 4:
      parts.push(
        `Read my article nostr:${naddrEncode({ kind: 30023, pubkey: pk, identifier: `post-${i}` })} #longform`,
      );
      break;
    case 5:
      parts.push(`Legacy mention #[0] via ${nprofileEncode({ pubkey: pk, relays: ['wss://nos.lol'] })}`);
      tags.push(['p', pk]);
      break;
    case 6:
      parts.push(
        'Pay me: lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu',
      );
      break;
    case 7:
      parts.push(`See https://github.com/nostr-protocol/nips/blob/master/19.md, also ${noteEncode(id)}.`);
      break;
    case 8:
      parts.push(`Video: https://video.nostr.build/${hex(i).slice(0, 16)}.mp4 #video #nostr\nMore later.`);
      break;
    default:
      parts.push(sentences[(i + 3) % sentences.length]);
  }
  return { content: parts.join(' '), tags };
}

const notes = Array.from({ length: COUNT }, (_, i) => note(i));
const chars = notes.reduce((n, x) => n + x.content.length, 0);
for (let i = 0; i < 500; i++) tokenize(notes[i].content, { tags: notes[i].tags }); // warm-up

let tokens = 0;
const runs: number[] = [];
for (let round = 0; round < 5; round++) {
  tokens = 0;
  const start = performance.now();
  for (const n of notes) tokens += tokenize(n.content, { tags: n.tags }).length;
  runs.push(performance.now() - start);
}
runs.sort((a, b) => a - b);
const ms = runs[0];
console.log(`(best of 5 rounds; median ${runs[2].toFixed(1)} ms)`);
console.log(`${'tokenize 10,000 notes'.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms       target -`);
console.log(`${'tokenize throughput'.padEnd(34)} ${((COUNT / ms) * 1000).toFixed(0).padStart(8)} notes/s  target -`);
console.log(`(${tokens} tokens, ${(chars / 1024).toFixed(0)} KB of text)`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (shared machine)`,
);
