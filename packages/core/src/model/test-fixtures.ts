import type { CacheEvent } from '../nostr/index.ts';

/** A 64-hex key or id made of one repeated character, for readable test fixtures. */
export const hex = (c: string): string => c.repeat(64);

/** A kind-0 profile event. */
export function profile(pubkey: string, meta: Record<string, unknown> | string, created_at = 100): CacheEvent {
  const content = typeof meta === 'string' ? meta : JSON.stringify(meta);
  return { kind: 0, id: `p-${pubkey.slice(0, 4)}-${created_at}`, pubkey, created_at, tags: [], content, sig: 's' };
}

/** A kind-1 note. */
export function textNote(id: string, pubkey: string, created_at: number, content = `text ${id}`): CacheEvent {
  return { kind: 1, id, pubkey, created_at, tags: [], content, sig: 's' };
}

/** A synthetic cache event whose content is `body` as JSON. */
export function synthetic(kind: number, body: unknown): CacheEvent {
  return { kind, content: JSON.stringify(body) };
}

/** A FeedRange (10000113). */
export function feedRange(elements: string[], since?: number, until?: number, order_by = 'created_at'): CacheEvent {
  return synthetic(10000113, { since, until, order_by, elements });
}

/** BOLT 11 example invoice of 2500u (250,000 sats), from the BOLT 11 specification. */
export const INVOICE_2500U =
  'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh';

/** BOLT 11 example invoice of 20m (2,000,000 sats). */
export const INVOICE_20M =
  'lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44';

/** BOLT 11 example invoice of 9678785340p (967,878.534 sats). */
export const INVOICE_9678785340P =
  'lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9q9qrsgqrvgkpnmps664wgkp43l22qsgdw4ve24aca4nymnxddlnp8vh9v2sdxlu5ywdxefsfvm0fq3sesf08uf6q9a2ke0hc9j6z6wlxg5z5kqpu2v9wz';

/** A zap receipt (9735) for `subject` (['e', id] or ['a', coordinate]) with optional invoice and amount tag. */
export function zapReceipt(
  id: string,
  opts: {
    sender: string;
    receiver: string;
    subject?: string[];
    bolt11?: string;
    amountMsats?: number;
    message?: string;
  },
): CacheEvent {
  const requestTags: string[][] = [
    ['p', opts.receiver],
    ['relays', 'wss://r.example'],
  ];
  if (opts.subject) requestTags.push(opts.subject);
  if (opts.amountMsats !== undefined) requestTags.push(['amount', String(opts.amountMsats)]);
  const request = { kind: 9734, pubkey: opts.sender, content: opts.message ?? '', tags: requestTags, created_at: 1 };
  const tags: string[][] = [
    ['p', opts.receiver],
    ['description', JSON.stringify(request)],
  ];
  if (opts.subject) tags.push(opts.subject);
  if (opts.bolt11) tags.push(['bolt11', opts.bolt11]);
  return { kind: 9735, id, pubkey: hex('f'), created_at: 500, tags, content: '', sig: 's' };
}
