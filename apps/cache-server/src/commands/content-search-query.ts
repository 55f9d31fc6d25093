import { toHexPubkey } from '@tide/core/nostr';

/** A parsed advanced-search query (protocol §4.3 subset; unknown operators are ignored). */
export interface SearchQuery {
  words: string[];
  phrases: string[];
  notWords: string[];
  hashtags: string[];
  notHashtags: string[];
  from: string[];
  mentions: string[];
  kinds: number[];
  since?: number;
  until?: number;
  scope?: string;
  filters: string[];
  orderBy?: string;
  minWords?: number;
  maxChars?: number;
  /** min<stat>:N thresholds, e.g. {likes: 3}. */
  minStats: Record<string, number>;
}

const RELATIVE: Record<string, number> = {
  last1h: 3600,
  last4h: 4 * 3600,
  last12h: 12 * 3600,
  yesterday: 86_400,
  lastweek: 7 * 86_400,
  last2weeks: 14 * 86_400,
  lastmonth: 30 * 86_400,
  lastyear: 365 * 86_400,
};
const STATS = new Set(['likes', 'zaps', 'replies', 'reposts', 'satszapped', 'score', 'interactions']);

/** Date of `since:`/`until:`: YYYY-MM-DD[_HH:MM] (UTC) or a relative name; undefined if unreadable. */
export function parseSearchDate(value: string, now: number): number | undefined {
  if (RELATIVE[value] !== undefined) return now - RELATIVE[value];
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:_(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

function pubkeyOf(value: string): string | undefined {
  if (/^[0-9a-f]{64}$/.test(value)) return value;
  return toHexPubkey(value.replace(/^nostr:/, '')) ?? undefined;
}

/** Splits and reads a query string: words, "phrases", -exclusions, #tags, operator:value tokens. */
export function parseSearchQuery(query: string, now: number): SearchQuery {
  const q: SearchQuery = {
    words: [],
    phrases: [],
    notWords: [],
    hashtags: [],
    notHashtags: [],
    from: [],
    mentions: [],
    kinds: [],
    filters: [],
    minStats: {},
  };
  const tokens = query.match(/-?"[^"]*"|\S+/g) ?? [];
  for (const raw of tokens) {
    const negated = raw.startsWith('-') && raw.length > 1;
    const token = negated ? raw.slice(1) : raw;
    if (token === 'OR' || token === '(' || token === ')') continue;
    if (token.startsWith('"')) {
      const phrase = token.replace(/"/g, '').trim().toLowerCase();
      if (phrase && !negated) q.phrases.push(phrase);
      else if (phrase) q.notWords.push(phrase);
      continue;
    }
    if (token.startsWith('#') && token.length > 1) {
      (negated ? q.notHashtags : q.hashtags).push(token.slice(1).toLowerCase());
      continue;
    }
    if (token.startsWith('@')) {
      const pk = pubkeyOf(token.slice(1));
      if (pk) q.mentions.push(pk);
      continue;
    }
    const op = /^([a-z]+):(.+)$/.exec(token);
    if (op) {
      const [, name, value] = op;
      const n = Number.parseInt(value, 10);
      if (name === 'kind' && Number.isFinite(n)) q.kinds.push(n);
      else if (name === 'from') {
        const pk = pubkeyOf(value);
        if (pk) q.from.push(pk);
      } else if (name === 'since') q.since = parseSearchDate(value, now);
      else if (name === 'until') q.until = parseSearchDate(value, now);
      else if (name === 'scope') q.scope = value;
      else if (name === 'filter' && !negated) q.filters.push(value);
      else if (name === 'orderby' && STATS.has(value)) q.orderBy = value;
      else if (name === 'minwords' && Number.isFinite(n)) q.minWords = n;
      else if (name === 'maxchars' && Number.isFinite(n)) q.maxChars = n;
      else if (name.startsWith('min') && STATS.has(name.slice(3)) && Number.isFinite(n)) q.minStats[name.slice(3)] = n;
      continue;
    }
    const word = token
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_]+/gu, ' ')
      .trim();
    if (!word) continue;
    for (const w of word.split(' ')) (negated ? q.notWords : q.words).push(w);
  }
  return q;
}
