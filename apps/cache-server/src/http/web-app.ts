import { join } from 'node:path';
import type { HttpRoute } from './router.ts';
import { isHashedAsset, StaticFiles, safeJoin } from './static-files.ts';

/** Path prefixes that never fall back to index.html. */
const NON_SPA_PREFIXES = ['/api', '/v1', '/media/', '/media-cache', '/link-preview', '/.well-known/', '/assets/'];

/** Cache-Control of hashed assets. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control of everything else in the web app (always revalidated). */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app from `root` (GET/HEAD): files with correct types, hashed assets cached forever,
 * brotli/gzip for text, and index.html for unknown app paths (SPA fallback) but not for API/asset paths.
 */
export function webAppRoute(root: string): HttpRoute {
  const files = new StaticFiles();
  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = url.pathname;
    const file = safeJoin(root, path);
    if (file && path !== '/' && (await files.send(req, res, file, isHashedAsset(path) ? IMMUTABLE : REVALIDATE))) {
      return true;
    }
    const last = path.split('/').pop() ?? '';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(last);
    if (NON_SPA_PREFIXES.some((p) => path.startsWith(p)) || looksLikeFile) return false;
    return files.send(req, res, join(root, 'index.html'), REVALIDATE);
  };
}

/** Serves seeded media files from `root` at `/media/...` (cached for a day). */
export function mediaFilesRoute(root: string): HttpRoute {
  const files = new StaticFiles();
  return async (req, res, url) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.pathname.startsWith('/media/')) return false;
    const file = safeJoin(root, url.pathname.slice('/media'.length));
    if (!file) return false;
    return files.send(req, res, file, 'public, max-age=86400');
  };
}
