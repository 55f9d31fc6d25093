import { toHexPubkey, tryDecodeNip19 } from '@tide/core/nostr';
import { normalizeLanguage } from '../ingest/indexers/text-signals.ts';
import { ORDER_STATS, type OrderStat, type SearchNode } from './content-search-terms.ts';
import { CommandError } from './context.ts';

/*
 * The leaves of the advanced-search language (protocol §4.3, semantics §1.7): one bare token → one condition.
 * Unknown operators and operators this server cannot compute are a NOTICE, never silently dropped.
 */

const SENTIMENT_SIGNS = new Set([':)', ':(', ':|']);

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

/** Date of `since:`/`until:`: YYYY-MM-DD[_HH:MM] (UTC) or a relative name; undefined if unreadable. */
export function parseSearchDate(value: string, now: number): number | undefined {
  if (RELATIVE[value] !== undefined) return now - RELATIVE[value];
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:_(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** Lowercased alphanumeric runs of a text (what both full-text indexes tokenise it into). */
export function textTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function pubkeyOf(op: string, value: string): string {
  const pk = toHexPubkey(value.replace(/^nostr:/, ''));
  if (!pk) throw new CommandError(`invalid search query: ${op}: needs a hex pubkey, npub or nprofile`);
  return pk;
}

function numberOf(op: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new CommandError(`invalid search query: ${op}: needs a whole number`);
  return Number(value);
}

function dateOf(op: string, value: string, now: number): number {
  const at = parseSearchDate(value, now);
  if (at === undefined) throw new CommandError(`invalid search query: ${op}: unreadable date ${value}`);
  return at;
}

/** Operators that cannot be computed here, with the reason the NOTICE gives. */
const UNSUPPORTED: Record<string, string> = {
  category: 'needs a topic model this server does not have',
  list: 'has no defined meaning',
  mintrustrank: 'needs TrustRank, which this server does not compute',
};

/** A bare token as a leaf (or null for punctuation-only text). */
export function bareLeaf(text: string, now: number): SearchNode | null {
  if (SENTIMENT_SIGNS.has(text) || text === '?') {
    const sentiment = text === ':)' ? 'positive' : text === ':(' ? 'negative' : text === ':|' ? 'neutral' : 'question';
    return { type: 'sentiment', sentiment };
  }
  const code = text.replace(/^nostr:/, '');
  if (/^(note|nevent|naddr)1[02-9ac-hj-np-z]+$/i.test(code)) {
    const d = tryDecodeNip19(code);
    if (d?.type === 'note') return { type: 'event', id: d.data };
    if (d?.type === 'nevent') return { type: 'event', id: d.data.id };
    if (d?.type === 'naddr') {
      return { type: 'address', kind: d.data.kind, pubkey: d.data.pubkey, identifier: d.data.identifier };
    }
    throw new CommandError(`invalid search query: cannot decode ${code.slice(0, 20)}…`);
  }
  if (text.startsWith('#') && text.length > 1) {
    const tag = textTokens(text.slice(1)).join('');
    return tag ? { type: 'hashtag', tag } : null;
  }
  if (text.startsWith('@') && text.length > 1) {
    const value = text.slice(1);
    if (/^(npub|nprofile)1|^[0-9a-f]{64}$/i.test(value)) return { type: 'mention', pubkey: pubkeyOf('@', value) };
  }
  const op = /^([a-z]+):(.+)$/.exec(text);
  if (op && !op[2].startsWith('//')) return operatorLeaf(op[1], op[2], now);
  const tokens = textTokens(text);
  if (tokens.length === 0) return null;
  return { type: 'text', tokens };
}

/** An `operator:value` token as a leaf; unknown or uncomputable operators are a NOTICE. */
function operatorLeaf(name: string, value: string, now: number): SearchNode {
  const minMax = /^(min|max)(likes|zaps|replies|reposts|satszapped|interactions|score)$/.exec(name);
  if (minMax) {
    const cmp = minMax[1] === 'min' ? '>=' : '<=';
    return { type: 'stat', stat: minMax[2] as OrderStat, cmp, value: numberOf(name, value) };
  }
  switch (name) {
    case 'since':
      return { type: 'since', at: dateOf(name, value, now) };
    case 'until':
      return { type: 'until', at: dateOf(name, value, now) };
    case 'from': {
      const d = tryDecodeNip19(value.replace(/^nostr:/, ''));
      if (d?.type === 'naddr') return { type: 'fromPack', pubkey: d.data.pubkey, identifier: d.data.identifier };
      if (/^(npub|nprofile)1|^[0-9a-f]{64}$/i.test(value)) return { type: 'from', pubkey: pubkeyOf(name, value) };
      if (/^[\w.-]+$/.test(value)) return { type: 'fromName', name: value.toLowerCase() };
      throw new CommandError(`invalid search query: from: needs a pubkey, npub, nprofile, naddr or name`);
    }
    case 'to':
      return { type: 'to', pubkey: pubkeyOf(name, value) };
    case 'mentions':
      return { type: 'mention', pubkey: pubkeyOf(name, value) };
    case 'zappedby':
      return { type: 'zappedby', pubkey: pubkeyOf(name, value) };
    case 'following':
      return { type: 'following', pubkey: pubkeyOf(name, value) };
    case 'kind':
      return { type: 'kind', kind: numberOf(name, value) };
    case 'repliestokind':
      return { type: 'repliestokind', kind: numberOf(name, value) };
    case 'post':
      if (value !== 'root') throw new CommandError(`invalid search query: post: supports only root`);
      return { type: 'root' };
    case 'filter': {
      const neg = value.startsWith('-');
      const filter = neg ? value.slice(1) : value;
      if (!['image', 'video', 'audio', 'link'].includes(filter)) {
        throw new CommandError(`invalid search query: filter: supports image, video, audio, link`);
      }
      const leaf: SearchNode = { type: 'filter', filter };
      return neg ? { type: 'not', node: leaf } : leaf;
    }
    case 'url': {
      const tokens = textTokens(value);
      if (tokens.length === 0) throw new CommandError('invalid search query: url: needs a word');
      return { type: 'and', nodes: tokens.map((word): SearchNode => ({ type: 'url', word })) };
    }
    case 'orientation':
      if (value !== 'vertical' && value !== 'horizontal') {
        throw new CommandError('invalid search query: orientation: supports vertical, horizontal');
      }
      return { type: 'orientation', vertical: value === 'vertical' };
    case 'minduration':
    case 'maxduration':
      return { type: 'duration', cmp: name === 'minduration' ? '>=' : '<=', value: numberOf(name, value) };
    case 'minwords':
    case 'maxwords':
      return { type: 'words', cmp: name === 'minwords' ? '>=' : '<=', value: numberOf(name, value) };
    case 'maxchars':
      return { type: 'maxchars', value: numberOf(name, value) };
    case 'minlongreplies':
      return { type: 'longreplies', value: numberOf(name, value) };
    case 'lang': {
      const lang = normalizeLanguage(value);
      if (!lang)
        throw new CommandError(
          `unsupported search operator: lang:${value} (the language guess knows en, es, fr, de, pt, it, nl, ru, ja, zh, ko, ar)`,
        );
      return { type: 'lang', lang };
    }
    case 'scope': {
      const scopes = [
        'myfollows',
        'mynetwork',
        'myfollowsinteractions',
        'mynetworkinteractions',
        'notmyfollows',
        'mutedbyothers',
        'mynotifications',
      ];
      if (!scopes.includes(value)) throw new CommandError(`invalid search query: unknown scope ${value}`);
      return { type: 'scope', scope: value };
    }
    case 'features': {
      const nodes = value
        .split(',')
        .filter(Boolean)
        .map((feature): SearchNode => {
          if (feature === 'summary' || feature === 'bookmarked-by-follows') return { type: 'feature', feature };
          if (feature === 'cdnmedia' || feature === 'mediamemes') {
            throw new CommandError(
              `unsupported search operator: features:${feature} (needs media processing this server does not do)`,
            );
          }
          throw new CommandError(`invalid search query: unknown feature ${feature}`);
        });
      return { type: 'and', nodes };
    }
    case 'ref': {
      const d = tryDecodeNip19(value.replace(/^nostr:/, ''));
      if (d?.type === 'npub') return { type: 'ref', tag: 'p', value: d.data };
      if (d?.type === 'nprofile') return { type: 'ref', tag: 'p', value: d.data.pubkey };
      if (d?.type === 'note') return { type: 'ref', tag: 'e', value: d.data };
      if (d?.type === 'nevent') return { type: 'ref', tag: 'e', value: d.data.id };
      throw new CommandError('invalid search query: ref: needs an npub, nprofile, note or nevent');
    }
    case 'orderby':
      if (!(ORDER_STATS as readonly string[]).includes(value)) {
        throw new CommandError(`invalid search query: orderby: supports ${ORDER_STATS.join(', ')}`);
      }
      return { type: 'orderby', stat: value as OrderStat };
    case 'pas':
      if (value !== '1') throw new CommandError(`unsupported search operator: pas:${value} (only pas:1 is known)`);
      return { type: 'pas' };
    default:
      throw new CommandError(
        UNSUPPORTED[name]
          ? `unsupported search operator: ${name}: ${UNSUPPORTED[name]}`
          : `unsupported search operator: ${name}:`,
      );
  }
}
