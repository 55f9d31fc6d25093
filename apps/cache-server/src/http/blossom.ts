import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { BlobMeta, BlobStore } from './blob-store.ts';
import { authCovers, checkBlossomAuth } from './blossom-auth.ts';
import type { HttpRoute } from './router.ts';

/** Largest accepted blob (spec §9: 100 MB for regular accounts). */
export const MAX_BLOB_BYTES = 100 * 1024 * 1024;

/**
 * How long one HTTP request may take to arrive whole (the server's `requestTimeout`; Node's default 5 minutes would
 * cut a member's 1 GB upload on any uplink under ~28 Mbit/s): an hour, 1 GB at ~2.4 Mbit/s. Headers still must
 * arrive within Node's `headersTimeout`.
 */
export const UPLOAD_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

/** The upload size message of spec §8. */
export const BLOB_TOO_BIG = 'File too big. Upload limit is 100MB.';

/** The upload type message of spec §8. */
export const BLOB_WRONG_TYPE = 'You can only upload images and videos. This file type is not supported.';

/** What one account may upload: bytes per blob, and bytes stored in all (undefined: no storage cap). */
export interface UploadLimits {
  perUpload: number;
  storage?: number;
}

/** The upload limits of an account (members: 1 GB per upload, 100 GB stored); default 100 MB per upload. */
export type UploadLimitsOf = (pubkey: string) => Promise<UploadLimits>;

/** What the server does beside the Blossom answers (upload-variants.ts: variants of uploaded images). */
export interface BlobHooks {
  /** A blob was stored and answered with its descriptor URL `url`. */
  onStored?: (meta: BlobMeta, url: string) => void;
  /** A DELETE removed a blob's bytes (its last owner released it). */
  onRemoved?: (sha256: string) => void;
}

const REGULAR: UploadLimitsOf = async () => ({ perUpload: MAX_BLOB_BYTES });

/** The size message for a limit: 100MB for regular accounts, 1GB for members. */
function tooBig(limits: UploadLimits): string {
  if (limits.perUpload === MAX_BLOB_BYTES) return BLOB_TOO_BIG;
  return `File too big. Upload limit is ${Math.round(limits.perUpload / 1024 ** 3)}GB.`;
}

/** A stored blob's descriptor (BUD-02). */
export interface BlobDescriptor {
  url: string;
  sha256: string;
  size: number;
  type: string;
  uploaded: number;
}

const BLOB_PATH = /^\/([0-9a-f]{64})(\.[a-z0-9]{1,10})?$/;

function fail(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'x-reason': reason, 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify({ message: reason }));
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

/** Whether uploads of this MIME type are accepted (spec: only images and videos). */
export function isMediaType(type: string): boolean {
  return type.startsWith('image/') || type.startsWith('video/');
}

/**
 * A Blossom media server over a BlobStore (BUD-01/02/05/06): `PUT /upload` and `PUT /media` with a kind-24242
 * authorization, `HEAD /upload|/media` preflight, `GET|HEAD /<sha256>[.ext]`, `DELETE /<sha256>`, `GET /list/<pubkey>`.
 * Only images and videos up to 100 MB are accepted. `hooks` hear of each stored upload (after it is answered) and of
 * each blob whose bytes a DELETE removed.
 */
export function blossomRoute(
  blobs: BlobStore,
  now: () => number,
  limitsOf: UploadLimitsOf = REGULAR,
  hooks: BlobHooks = {},
): HttpRoute {
  const descriptor = (req: IncomingMessage, meta: BlobMeta): BlobDescriptor => ({
    url: blobs.urlOf(`http://${req.headers.host ?? 'localhost'}`, meta),
    sha256: meta.sha256,
    size: meta.size,
    type: meta.type,
    uploaded: meta.uploaded,
  });

  const upload = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let auth: ReturnType<typeof checkBlossomAuth>;
    try {
      auth = checkBlossomAuth(req.headers.authorization, 'upload', now());
    } catch (err) {
      return fail(res, 401, (err as Error).message);
    }
    const type = String(req.headers['content-type'] ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    if (!isMediaType(type)) return fail(res, 415, BLOB_WRONG_TYPE);
    const limits = await limitsOf(auth.pubkey);
    if (Number(req.headers['content-length'] ?? 0) > limits.perUpload) return fail(res, 413, tooBig(limits));
    const tmp = join(await blobs.scratch('uploads'), randomBytes(8).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    const out = createWriteStream(tmp);
    try {
      // Not destroyed on a refusal: the answer below must still reach the client.
      for await (const chunk of req.iterator({ destroyOnReturn: false })) {
        size += (chunk as Buffer).length;
        if (size > limits.perUpload) throw new Error('too big');
        hash.update(chunk as Buffer);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    } catch {
      out.destroy();
      await rm(tmp, { force: true });
      // The rest of the body is dropped and the connection closed after the answer, so the client reads the 413
      // (not a reset) and never sends its next request on a connection left mid-body.
      res.setHeader('connection', 'close');
      req.resume();
      return fail(res, 413, tooBig(limits));
    }
    const sha256 = hash.digest('hex');
    if (!authCovers(auth, sha256)) {
      await rm(tmp, { force: true });
      return fail(res, 403, 'authorization does not cover this blob (x tag)');
    }
    if (limits.storage !== undefined) {
      const used = (await blobs.listOwned(auth.pubkey)).reduce((sum, b) => sum + (b.sha256 === sha256 ? 0 : b.size), 0);
      if (used + size > limits.storage) {
        await rm(tmp, { force: true });
        return fail(res, 413, 'Media storage is full.');
      }
    }
    const meta = await blobs.adopt(tmp, { sha256, size, type, uploaded: now() }, auth.pubkey);
    const stored = descriptor(req, meta);
    json(res, stored);
    hooks.onStored?.(meta, stored.url);
  };

  /** Why an upload described by the preflight headers would be refused, or null (BUD-06). */
  const preflightRefusal = async (req: IncomingMessage): Promise<[number, string] | null> => {
    const type = String(req.headers['x-content-type'] ?? '');
    const length = Number(req.headers['x-content-length'] ?? 0);
    if (type && !isMediaType(type)) return [415, BLOB_WRONG_TYPE];
    let pubkey: string;
    try {
      pubkey = checkBlossomAuth(req.headers.authorization, 'upload', now()).pubkey;
    } catch (err) {
      if (length > MAX_BLOB_BYTES) return [413, BLOB_TOO_BIG];
      return [401, (err as Error).message];
    }
    const limits = await limitsOf(pubkey);
    if (length > limits.perUpload) return [413, tooBig(limits)];
    return null;
  };

  const preflight = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = await preflightRefusal(req);
    if (refusal) {
      fail(res, refusal[0], refusal[1]);
      return;
    }
    res.writeHead(200, { 'access-control-allow-origin': '*' });
    res.end();
  };

  const getBlob = async (req: IncomingMessage, res: ServerResponse, sha: string): Promise<void> => {
    const meta = await blobs.meta(sha);
    const info = meta ? await stat(blobs.blobPath(sha)).catch(() => null) : null;
    if (!meta || !info) return fail(res, 404, 'blob not found');
    res.writeHead(200, {
      'content-type': meta.type,
      'content-length': info.size,
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(blobs.blobPath(sha))
      .on('error', () => res.destroy())
      .pipe(res);
  };

  const deleteBlob = async (req: IncomingMessage, res: ServerResponse, sha: string): Promise<void> => {
    let auth: ReturnType<typeof checkBlossomAuth>;
    try {
      auth = checkBlossomAuth(req.headers.authorization, 'delete', now());
    } catch (err) {
      return fail(res, 401, (err as Error).message);
    }
    if (!auth.hashes.includes(sha)) return fail(res, 403, 'authorization does not name this blob (x tag)');
    if (!(await blobs.release(sha, auth.pubkey))) return fail(res, 404, 'blob not found');
    json(res, { deleted: sha });
    if (!(await blobs.exists(sha))) hooks.onRemoved?.(sha);
  };

  return async (req, res, url) => {
    const path = url.pathname;
    if (path === '/upload' || path === '/media') {
      if (req.method === 'PUT') await upload(req, res);
      else if (req.method === 'HEAD') await preflight(req, res);
      else fail(res, 405, 'use PUT or HEAD');
      return true;
    }
    const owner = path.match(/^\/list\/([0-9a-f]{64})$/);
    if (owner && req.method === 'GET') {
      const metas = await blobs.listOwned(owner[1]);
      json(
        res,
        metas.map((m) => descriptor(req, m)),
      );
      return true;
    }
    const blob = path.match(BLOB_PATH);
    if (!blob) return false;
    if (req.method === 'GET' || req.method === 'HEAD') await getBlob(req, res, blob[1]);
    else if (req.method === 'DELETE') await deleteBlob(req, res, blob[1]);
    else return false;
    return true;
  };
}
