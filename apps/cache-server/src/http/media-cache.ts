import type { Store } from '../store/index.ts';
import { type HttpRoute, sendJson } from './router.ts';

const SIZES = new Set(['o', 's', 'm', 'l']);

/** Whether a URL is media the server knows: named by a stored event, or the image of a link a stored event names. */
async function isKnownMedia(store: Store, url: string): Promise<boolean> {
  const inEvents = await store.db
    .selectFrom('event_media')
    .select('event_id')
    .where('url', '=', url)
    .limit(1)
    .executeTakeFirst();
  if (inEvents) return true;
  // Only previews of links some stored event names: /link-preview answers for any URL, so its cache alone would let
  // anyone make a page whose og:image "known".
  const inPreviews = await store.db
    .selectFrom('link_previews as lp')
    .innerJoin('event_links as el', 'el.url', 'lp.url')
    .select('lp.url')
    .where('lp.image', '=', url)
    .limit(1)
    .executeTakeFirst();
  return inPreviews !== undefined;
}

/**
 * `GET /media-cache?s=<o|s|m|l>&a=<0|1>&u=<url>`: redirects (302) to the stored variant of that size and animation
 * (a seeded/local file or a resized copy), falling back to the original variant, then to the original URL itself.
 * Not an open redirect: it only redirects for http(s) URLs it knows (media rows, media of stored events, preview
 * images of links in stored events) and answers 404 for anything else; it never fetches the URL itself.
 */
export function mediaCacheRoute(store: Store): HttpRoute {
  return async (req, res, url) => {
    if (url.pathname !== '/media-cache' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const original = url.searchParams.get('u') ?? '';
    let parsed: URL;
    try {
      parsed = new URL(original);
    } catch {
      sendJson(res, 400, { error: 'u must be an absolute http(s) url' });
      return true;
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || original.length > 4096) {
      sendJson(res, 400, { error: 'u must be an absolute http(s) url' });
      return true;
    }
    const size = SIZES.has(url.searchParams.get('s') ?? '') ? (url.searchParams.get('s') as string) : 'o';
    const animated = url.searchParams.get('a') === '0' ? 0 : 1;
    const rows = await store.db
      .selectFrom('media')
      .select(['size', 'animated', 'media_url'])
      .where('url', '=', original)
      .execute();
    const rank = (r: { size: string; animated: number }) =>
      (r.size === size ? 0 : r.size === 'o' ? 2 : 4) + (Number(r.animated) === animated ? 0 : 1);
    const best = rows.filter((r) => /^https?:\/\//.test(r.media_url)).sort((x, y) => rank(x) - rank(y))[0];
    if (!best && !(await isKnownMedia(store, original))) {
      sendJson(res, 404, { error: 'unknown media url' });
      return true;
    }
    const location = best?.media_url || parsed.href;
    res.writeHead(302, { location, 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' });
    res.end();
    return true;
  };
}
