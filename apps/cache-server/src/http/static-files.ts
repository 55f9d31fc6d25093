import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Content types by file extension. */
export const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.webmanifest', '.txt']);

/** A Vite-style hashed asset name (`index-3f9a1c2b.js`, `logo-Bq7x_0aZ.svg`): safe to cache forever. */
export function isHashedAsset(path: string): boolean {
  return /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path) && /\/assets\//.test(path);
}

/** Resolves a URL path inside `root`; null if it escapes the root or is malformed. */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const full = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  return full === base || full.startsWith(base + sep) ? full : null;
}

interface Compressed {
  mtimeMs: number;
  br: Buffer;
  gzip: Buffer;
}

/** Serves files with content types, caching headers and cached brotli/gzip variants of text assets. */
export class StaticFiles {
  private readonly compressed = new Map<string, Compressed>();

  /** Sends `file` if it is a regular file; returns false if it does not exist. */
  async send(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): Promise<boolean> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return false;
    }
    if (!info.isFile()) return false;
    const ext = extname(file).toLowerCase();
    const headers: Record<string, string | number> = {
      'content-type': MIME_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      'last-modified': info.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : null;
    if (COMPRESSIBLE.has(ext) && encoding && info.size > 256) {
      const body = await this.compress(file, info.mtimeMs, encoding);
      res.writeHead(200, {
        ...headers,
        'content-encoding': encoding,
        'content-length': body.length,
        vary: 'accept-encoding',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((done) => {
      const stream = createReadStream(file);
      stream.on('error', () => {
        res.destroy();
        done();
      });
      stream.on('end', () => done());
      stream.pipe(res);
    });
    return true;
  }

  private async compress(file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Promise<Buffer> {
    let entry = this.compressed.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotliAsync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      entry = { mtimeMs, br, gzip: gz };
      this.compressed.set(file, entry);
    }
    return encoding === 'br' ? entry.br : entry.gzip;
  }
}
