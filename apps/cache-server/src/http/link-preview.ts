import { publishStoreChanges } from '../read-cache/change-feed.ts';
import type { Store } from '../store/index.ts';
import { parseHtmlMeta } from './html-meta.ts';
import { fetchOutbound, type OutboundPolicy } from './outbound.ts';
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

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Fetches a page under the outbound policy (http(s), no private targets but our own origins, redirects re-checked)
 * and extracts its preview; throws on any failure (bad URL, refused target, timeout, HTTP error).
 */
export async function fetchLinkPreview(url: string, policy: OutboundPolicy): Promise<LinkPreview> {
  const res = await fetchOutbound(url, policy, {
    timeoutMs: PREVIEW_TIMEOUT_MS,
    maxBytes: PREVIEW_MAX_BYTES,
    userAgent: 'TideLinkPreview/0.1',
    accept: 'text/html,*/*;q=0.5',
    wantBody: (type) => HTML_TYPES.has(type),
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`http ${res.status}`);
  const mimetype = res.contentType;
  if (mimetype.startsWith('image/')) return { url, mimetype, title: '', description: '', image: url, icon_url: '' };
  if (!HTML_TYPES.has(mimetype)) return { url, mimetype, title: '', description: '', image: '', icon_url: '' };
  const meta = parseHtmlMeta(res.body.toString('utf8'), res.url || url);
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
  // the read cache's link previews of events with this URL go (link_previews is written beside ingest)
  publishStoreChanges(store, { events: [], pubkeys: [], media: false, links: true, all: false });
}

/**
 * `GET /link-preview?u=<url>` → `{url, mimetype, title, description, image, icon_url}` (stored in link_previews for a
 * day); on any failure `{url}` only. Private/loopback targets are refused except the server's own origins.
 */
export function linkPreviewRoute(store: Store, now: () => number, policy: () => OutboundPolicy): HttpRoute {
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
      preview = await fetchLinkPreview(target, policy());
    } catch {
      sendJson(res, 200, { url: target });
      return true;
    }
    await remember(store, preview, now());
    sendJson(res, 200, preview);
    return true;
  };
}
