import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Store } from '../store/index.ts';
import { parseHtmlMeta } from './html-meta.ts';
import { type HttpRoute, sendJson } from './router.ts';

/** Page fetch timeout. */
export const PREVIEW_TIMEOUT_MS = 5000;

/** Most bytes of a page read for its metadata. */
export const PREVIEW_MAX_BYTES = 1024 * 1024;

/** How long a stored preview is reused (seconds). */
export const PREVIEW_TTL_S = 24 * 3600;

/** The JSON answer of /link-preview. */
export interface LinkPreview {
  url: string;
  mimetype?: string;
  title?: string;
  description?: string;
  image?: string;
  icon_url?: string;
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 6) {
    const v = ip.toLowerCase();
    if (v.startsWith('::ffff:')) return isPrivateAddress(v.slice(7));
    return v === '::1' || v === '::' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80');
  }
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

async function readLimited(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches a page and extracts its preview; throws on any failure (bad URL, private address, timeout, HTTP error). */
export async function fetchLinkPreview(url: string, allowPrivate: boolean): Promise<LinkPreview> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('unsupported scheme');
  if (!allowPrivate) {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    if (addresses.some(isPrivateAddress)) throw new Error('private address');
  }
  const res = await fetch(target, {
    signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
    redirect: allowPrivate ? 'follow' : 'manual',
    headers: { 'user-agent': 'TideLinkPreview/0.1', accept: 'text/html,*/*;q=0.5' },
  });
  if (!res.ok) throw new Error(`http ${res.status}`);
  const mimetype = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  if (mimetype.startsWith('image/')) {
    await res.body?.cancel();
    return { url, mimetype, title: '', description: '', image: url, icon_url: '' };
  }
  if (mimetype !== 'text/html' && mimetype !== 'application/xhtml+xml') {
    await res.body?.cancel();
    return { url, mimetype, title: '', description: '', image: '', icon_url: '' };
  }
  const meta = parseHtmlMeta(await readLimited(res, PREVIEW_MAX_BYTES), res.url || url);
  return { url, mimetype, ...meta };
}

/** Reads a fresh stored preview, or null. */
async function cached(store: Store, url: string, now: number): Promise<LinkPreview | null> {
  const row = await store.db.selectFrom('link_previews').selectAll().where('url', '=', url).executeTakeFirst();
  if (!row || Number(row.updated_at) < now - PREVIEW_TTL_S) return null;
  const { mimetype, title, description, image, icon_url } = row;
  return { url, mimetype, title, description, image, icon_url };
}

async function remember(store: Store, p: LinkPreview, now: number): Promise<void> {
  const row = {
    url: p.url,
    mimetype: p.mimetype ?? '',
    title: p.title ?? '',
    description: p.description ?? '',
    image: p.image ?? '',
    icon_url: p.icon_url ?? '',
    updated_at: now,
  };
  await store.write((trx) =>
    trx
      .insertInto('link_previews')
      .values(row)
      .onConflict((oc) => oc.column('url').doUpdateSet({ ...row }))
      .execute(),
  );
}

/**
 * `GET /link-preview?u=<url>` → `{url, mimetype, title, description, image, icon_url}` (stored in link_previews for a
 * day); on any failure `{url}` only. Private/loopback targets are refused unless `allowPrivate` (tests).
 */
export function linkPreviewRoute(store: Store, now: () => number, allowPrivate: boolean): HttpRoute {
  return async (req, res, url) => {
    if (url.pathname !== '/link-preview' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const target = url.searchParams.get('u') ?? '';
    if (!target || target.length > 4096) {
      sendJson(res, 400, { error: 'missing u parameter' });
      return true;
    }
    const hit = await cached(store, target, now());
    if (hit) {
      sendJson(res, 200, hit);
      return true;
    }
    let preview: LinkPreview;
    try {
      preview = await fetchLinkPreview(target, allowPrivate);
    } catch {
      sendJson(res, 200, { url: target });
      return true;
    }
    await remember(store, preview, now());
    sendJson(res, 200, preview);
    return true;
  };
}
