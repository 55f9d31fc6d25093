import { assemblePage, type Page } from '@tide/core/model';
import { type CacheEvent, CacheKind, naddrEncode, neventEncode, npubEncode } from '@tide/core/nostr';

/** Test keys (hex, not real accounts). */
export const ALICE = 'a'.repeat(64);
/** Second test author. */
export const BOB = 'b'.repeat(64);
/** A BOLT 11 test vector: 2500u = 250,000 sats, expiry 60 s after 1496314658. */
export const INVOICE =
  'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh';
/** A V3 cashu token from the official vectors. */
export const CASHU =
  'cashuAeyJ0b2tlbiI6W3sibWludCI6Imh0dHBzOi8vODMzMy5zcGFjZTozMzM4IiwicHJvb2ZzIjpbeyJhbW91bnQiOjIsImlkIjoiMDA5YTFmMjkzMjUzZTQxZSIsInNlY3JldCI6IjQwNzkxNWJjMjEyYmU2MWE3N2UzZTZkMmFlYjRjNzI3OTgwYmRhNTFjZDA2YTZhZmMyOWUyODYxNzY4YTc4MzciLCJDIjoiMDJiYzkwOTc5OTdkODFhZmIyY2M3MzQ2YjVlNDM0NWE5MzQ2YmQyYTUwNmViNzk1ODU5OGE3MmYwY2Y4NTE2M2VhIn0seyJhbW91bnQiOjgsImlkIjoiMDA5YTFmMjkzMjUzZTQxZSIsInNlY3JldCI6ImZlMTUxMDkzMTRlNjFkNzc1NmIwZjhlZTBmMjNhNjI0YWNhYTNmNGUwNDJmNjE0MzNjNzI4YzcwNTdiOTMxYmUiLCJDIjoiMDI5ZThlNTA1MGI4OTBhN2Q2YzA5NjhkYjE2YmMxZDVkNWZhMDQwZWExZGUyODRmNmVjNjlkNjEyOTlmNjcxMDU5In1dfV0sInVuaXQiOiJzYXQiLCJtZW1vIjoiVGhhbmsgeW91LiJ9';

function meta(pubkey: string, name: string): CacheEvent {
  return {
    id: pubkey.slice(0, 8),
    pubkey,
    kind: 0,
    created_at: 100,
    tags: [],
    content: JSON.stringify({ name, picture: 'https://img.example/a.png' }),
  };
}

/** A quoted note, an article and the main note using every token type, assembled into one page. */
export function richPage(content: string, tags: string[][] = []): Page {
  const quoted: CacheEvent = {
    id: '1'.repeat(64),
    pubkey: BOB,
    kind: 1,
    created_at: 200,
    tags: [],
    content: 'the quoted words',
    sig: 's',
  };
  const article: CacheEvent = {
    id: '2'.repeat(64),
    pubkey: BOB,
    kind: 30023,
    created_at: 300,
    tags: [
      ['d', 'essay'],
      ['title', 'An Essay Title'],
      ['summary', 'What it says'],
    ],
    content: '# Essay',
    sig: 's',
  };
  const main: CacheEvent = { id: 'c'.repeat(64), pubkey: ALICE, kind: 1, created_at: 1000, tags, content, sig: 's' };
  return assemblePage([
    meta(ALICE, 'alice'),
    meta(BOB, 'bob'),
    main,
    { kind: CacheKind.Mentions, content: JSON.stringify(quoted) },
    { kind: CacheKind.Mentions, content: JSON.stringify(article) },
    {
      kind: CacheKind.NoteStats,
      content: JSON.stringify({
        event_id: main.id,
        likes: 12,
        replies: 3,
        reposts: 4,
        zaps: 2,
        satszapped: 21000,
        mentions: 1,
      }),
    },
    {
      kind: CacheKind.LinkMetadata,
      content: JSON.stringify({
        resources: [
          {
            url: 'https://news.example/story',
            md_title: 'Story Title',
            md_description: 'Story text',
            mimetype: 'text/html',
          },
        ],
      }),
    },
    {
      kind: CacheKind.MediaInfo,
      content: JSON.stringify({
        event_id: main.id,
        resources: [
          {
            url: 'https://img.example/one.jpg',
            variants: [
              { s: 'm', a: 0, w: 1000, h: 2000, mt: 'image/jpeg', media_url: 'https://media.example/m/one.jpg' },
            ],
          },
        ],
      }),
    },
  ]);
}

/** References to the fixture's people and events. */
export const REFS = {
  npub: npubEncode(BOB),
  nevent: neventEncode({ id: '1'.repeat(64) }),
  naddr: naddrEncode({ kind: 30023, pubkey: BOB, identifier: 'essay' }),
};
