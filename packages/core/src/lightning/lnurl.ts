import { bech32, utf8 } from '@scure/base';
import { decodeBolt11 } from './bolt11-decode.ts';

/** A `fetch`-compatible function (injectable for tests and servers). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What a LNURL-pay endpoint (LUD-06) tells a zapper (LUD-16 / NIP-57 fields included). */
export interface LnurlPayEndpoint {
  /** The pay endpoint URL that was fetched. */
  url: string;
  /** The same URL as a bech32 `lnurl1…` string (for the zap request's lnurl tag). */
  lnurl: string;
  callback: string;
  minSendable: number;
  maxSendable: number;
  metadata: string;
  commentAllowed: number;
  allowsNostr: boolean;
  /** The key that signs zap receipts; present only when allowsNostr is true and the key is 64 hex. */
  nostrPubkey?: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The platform fetch, called through a wrapper so it is never invoked with a foreign `this`. */
const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.onion');
}

/** Encodes a URL as a bech32 LUD-06 `lnurl1…` string. */
export function encodeLnurl(url: string): string {
  return bech32.encode('lnurl', bech32.toWords(utf8.decode(url)), false);
}

/** Decodes a bech32 LUD-06 `lnurl1…` string (case-insensitive, optional `lightning:`) to its URL. */
export function decodeLnurl(lnurl: string): string {
  const text = lnurl.trim().replace(/^lightning:/i, '');
  const decoded = bech32.decodeUnsafe(text, false);
  if (decoded?.prefix !== 'lnurl') throw new Error('Invalid lnurl');
  let url: string;
  try {
    url = utf8.encode(bech32.fromWords(decoded.words));
  } catch {
    throw new Error('Invalid lnurl');
  }
  if (!/^https?:\/\//.test(url)) throw new Error('Invalid lnurl');
  return url;
}

/** The pay-endpoint URL of a lightning address `name@domain` (LUD-16): https, http only for loopback/onion. */
export function lightningAddressUrl(address: string): string {
  const m = /^([a-z0-9\-_.+]+)@([a-z0-9\-.]+(?::\d+)?)$/i.exec(address.trim());
  if (!m) throw new Error('Invalid lightning address');
  const [, name, domain] = m as unknown as [string, string, string];
  const host = domain.toLowerCase().replace(/:\d+$/, '');
  const scheme = isLoopback(host) ? 'http' : 'https';
  return `${scheme}://${domain.toLowerCase()}/.well-known/lnurlp/${name.toLowerCase()}`;
}

/** The pay-endpoint URL of a profile: lud16 wins over lud06; throws 'No lightning address' without either. */
export function lnurlPayUrl(profile: { lud16?: string; lud06?: string }): string {
  if (profile.lud16?.includes('@')) return lightningAddressUrl(profile.lud16);
  if (profile.lud06) return decodeLnurl(profile.lud06);
  if (profile.lud16) return decodeLnurl(profile.lud16);
  throw new Error('No lightning address');
}

async function getJson(url: string, fetchFn: FetchLike): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, { headers: { Accept: 'application/json' } });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error(`LNURL endpoint returned invalid JSON (HTTP ${res.status})`);
  }
  if (typeof body !== 'object' || body === null) throw new Error('LNURL endpoint returned invalid JSON');
  const record = body as Record<string, unknown>;
  if (record.status === 'ERROR') throw new Error(String(record.reason ?? 'LNURL endpoint error'));
  if (!res.ok) throw new Error(`LNURL endpoint answered HTTP ${res.status}`);
  return record;
}

/** Fetches and checks a LNURL-pay endpoint for a profile (lud16 or lud06). */
export async function fetchLnurlPay(
  profile: { lud16?: string; lud06?: string },
  fetchFn: FetchLike = defaultFetch,
): Promise<LnurlPayEndpoint> {
  const url = lnurlPayUrl(profile);
  const body = await getJson(url, fetchFn);
  if (body.tag !== undefined && body.tag !== 'payRequest') throw new Error('LNURL endpoint is not a pay request');
  const { callback, minSendable, maxSendable } = body;
  if (typeof callback !== 'string' || !/^https?:\/\//.test(callback)) throw new Error('LNURL pay callback is missing');
  if (typeof minSendable !== 'number' || typeof maxSendable !== 'number' || minSendable > maxSendable) {
    throw new Error('LNURL pay limits are invalid');
  }
  const allowsNostr = body.allowsNostr === true && typeof body.nostrPubkey === 'string' && HEX64.test(body.nostrPubkey);
  return {
    url,
    lnurl: encodeLnurl(url),
    callback,
    minSendable,
    maxSendable,
    metadata: typeof body.metadata === 'string' ? body.metadata : '[]',
    commentAllowed: typeof body.commentAllowed === 'number' ? body.commentAllowed : 0,
    allowsNostr,
    ...(allowsNostr ? { nostrPubkey: body.nostrPubkey as string } : {}),
  };
}

/** Asks a LNURL-pay callback for an invoice; with a signed zap request for zaps (NIP-57). Returns the bolt11. */
export async function requestLnurlInvoice(
  endpoint: Pick<LnurlPayEndpoint, 'callback' | 'minSendable' | 'maxSendable' | 'lnurl'>,
  params: { amountMsat: number; zapRequest?: object; comment?: string },
  fetchFn: FetchLike = defaultFetch,
): Promise<string> {
  const { amountMsat } = params;
  if (!Number.isInteger(amountMsat) || amountMsat < endpoint.minSendable || amountMsat > endpoint.maxSendable) {
    throw new Error(`Amount must be between ${endpoint.minSendable} and ${endpoint.maxSendable} msats`);
  }
  const url = new URL(endpoint.callback);
  url.searchParams.set('amount', String(amountMsat));
  if (params.zapRequest) {
    url.searchParams.set('nostr', JSON.stringify(params.zapRequest));
    url.searchParams.set('lnurl', endpoint.lnurl);
  }
  if (params.comment) url.searchParams.set('comment', params.comment);
  const body = await getJson(url.toString(), fetchFn);
  if (typeof body.pr !== 'string' || body.pr === '') throw new Error('LNURL callback returned no invoice');
  if (decodeBolt11(body.pr).amountMsat !== BigInt(amountMsat)) {
    throw new Error('Invoice amount does not match the requested amount');
  }
  return body.pr;
}
