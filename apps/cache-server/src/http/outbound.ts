import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/**
 * The one gate for connections the server opens on behalf of a request (link previews, broadcast relays): http(s)
 * and ws(s) only, and never a loopback, private, link-local or otherwise non-public address — checked on the
 * addresses the connection really uses (the DNS answer handed to the socket), so a name that resolves differently
 * the second time cannot slip through. The server's own origins are the exception (its seeded media live there).
 */
export interface OutboundPolicy {
  /** Let private/loopback targets through (tests only). */
  allowPrivate: boolean;
  /** Origins (`http://host:port`) of this server itself: allowed even on loopback. */
  ownOrigins: readonly string[];
}

/** A policy that refuses every private target. */
export const PUBLIC_ONLY: OutboundPolicy = { allowPrivate: false, ownOrigins: [] };

/** Thrown when a target is refused by the policy (scheme or address). */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 6) {
    const v = ip.toLowerCase();
    if (v.startsWith('::ffff:')) return isPrivateAddress(v.slice(7));
    return (
      v === '::1' ||
      v === '::' ||
      v.startsWith('fc') ||
      v.startsWith('fd') ||
      /^fe[89ab]/.test(v) ||
      v.startsWith('ff') ||
      v.startsWith('64:ff9b:') ||
      v.startsWith('2001:db8:')
    );
  }
  if (family !== 4) return true;
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

const SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

function originKey(url: URL): string {
  const scheme = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
  return `${scheme}//${url.host}`;
}

/** Whether `url` names one of the server's own origins (ws(s) counts as its http(s) twin). */
export function isOwnOrigin(url: URL, policy: OutboundPolicy): boolean {
  const key = originKey(url);
  return policy.ownOrigins.some((o) => {
    try {
      return originKey(new URL(o)) === key;
    } catch {
      return false;
    }
  });
}

/**
 * Checks a target before connecting: a parseable http(s)/ws(s) URL, not a private IP literal (unless allowed or one
 * of our own origins). Returns the URL and whether name lookups must still be guarded; throws OutboundRefused.
 */
export function checkTarget(raw: string, policy: OutboundPolicy): { url: URL; guardLookup: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a url');
  }
  if (!SCHEMES.has(url.protocol)) throw new OutboundRefused(`scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw new OutboundRefused('credentials in urls are not allowed');
  if (policy.allowPrivate || isOwnOrigin(url, policy)) return { url, guardLookup: false };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new OutboundRefused('private address');
    return { url, guardLookup: false };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundRefused('private address');
  return { url, guardLookup: true };
}

/** A DNS lookup for sockets that fails when any address of the name is private. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) {
      callback(err, '', 4);
      return;
    }
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      callback(Object.assign(new OutboundRefused('private address'), { code: 'EPRIVATE' }), '', 4);
      return;
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, list: LookupAddress[]) => void)(null, addresses);
    } else callback(null, addresses[0].address, addresses[0].family);
  });
};

/** What an outbound GET returned. */
export interface OutboundResponse {
  status: number;
  /** The final URL after redirects. */
  url: string;
  /** MIME type without parameters, lower case. */
  contentType: string;
  /** At most `maxBytes` of the body. */
  body: Buffer;
}

/** Options of {@link fetchOutbound}. */
export interface OutboundGetOptions {
  timeoutMs: number;
  maxBytes: number;
  accept?: string;
  userAgent?: string;
  /** Redirects followed, each hop checked again (default 3). */
  maxRedirects?: number;
  /** Whether the body of a response of this MIME type is read (default: always). */
  wantBody?: (contentType: string) => boolean;
}

function getOnce(url: URL, guardLookup: boolean, opts: OutboundGetOptions): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      headers: { 'user-agent': opts.userAgent ?? 'Tide/0.1', accept: opts.accept ?? '*/*' },
      timeout: opts.timeoutMs,
      ...(guardLookup ? { lookup: publicOnlyLookup } : {}),
    });
    req.on('response', resolve);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function readBody(res: IncomingMessage, maxBytes: number, deadline: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => res.destroy(new Error('timeout')), Math.max(0, deadline - Date.now()));
    const done = () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).subarray(0, maxBytes));
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', (err) => {
      clearTimeout(timer);
      if (size >= maxBytes) done();
      else reject(err);
    });
  });
}

/**
 * GETs an http(s) URL under the policy, following up to 3 redirects (each checked again), reading at most
 * `maxBytes`; throws OutboundRefused for refused targets, Error for network failures and timeouts.
 */
export async function fetchOutbound(
  raw: string,
  policy: OutboundPolicy,
  opts: OutboundGetOptions,
): Promise<OutboundResponse> {
  const deadline = Date.now() + opts.timeoutMs;
  let current = raw;
  for (let hop = 0; ; hop++) {
    const { url, guardLookup } = checkTarget(current, policy);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('only http(s) is fetched');
    const res = await getOnce(url, guardLookup, { ...opts, timeoutMs: Math.max(1, deadline - Date.now()) });
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.resume();
      if (hop >= (opts.maxRedirects ?? 3)) throw new Error('too many redirects');
      current = new URL(location, url).href;
      continue;
    }
    const contentType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const read = status >= 200 && status < 300 && (opts.wantBody?.(contentType) ?? true);
    const body = read ? await readBody(res, opts.maxBytes, deadline) : Buffer.alloc(0);
    if (!read) res.destroy();
    return { status, url: url.href, contentType, body };
  }
}
