import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Signer } from '@tide/core/signers';
import { session } from '../../state/session.ts';
import { blossomAuthHeader, uploadAuthTemplate } from './blossom-auth.ts';
import type { UploadedFile } from './imeta.ts';
import { mediaDimensions } from './media-dim.ts';
import { mediaServerOrigin } from './media-server.ts';
import { UploadError } from './upload-error.ts';
import { checkUpload } from './upload-rules.ts';
import { viewerIsPremium } from './viewer-premium.ts';

/** Options of {@link uploadFile}. */
export interface UploadOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload (UploadError 'aborted'). */
  signal?: AbortSignal;
  /** A Premium account may upload up to 1 GB (else 100 MB). */
  premium?: boolean;
  /** Signs the authorization; default: the session's signer. */
  signer?: Signer;
  /** The media store's origin; default: the caching service's ({@link mediaServerOrigin}). */
  server?: string;
}

/** Files up to this size are hashed whole by WebCrypto (fast); larger ones (Premium's up to 1 GB) in pieces. */
export const WHOLE_HASH_MAX_BYTES = 100 * 1024 * 1024;

/** The piece size of a file hashed in pieces. */
export const HASH_PIECE_BYTES = 8 * 1024 * 1024;

/**
 * The hex SHA-256 of a file's bytes: WebCrypto on the whole file up to `wholeUpTo` bytes, else an incremental
 * hash over `piece`-byte slices, so a large upload is never held in memory whole (a 1 GB ArrayBuffer can fail).
 */
export async function fileSha256(
  file: Blob,
  { wholeUpTo = WHOLE_HASH_MAX_BYTES, piece = HASH_PIECE_BYTES }: { wholeUpTo?: number; piece?: number } = {},
): Promise<string> {
  if (file.size <= wholeUpTo) {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return bytesToHex(new Uint8Array(digest));
  }
  const hash = sha256.create();
  for (let at = 0; at < file.size; at += piece) {
    hash.update(new Uint8Array(await file.slice(at, at + piece).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}

function send(url: string, file: Blob, auth: string, options: UploadOptions): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Authorization', auth);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      let body: { url?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.url === 'string') resolve({ url: body.url });
      else reject(new UploadError('failed', String(body.message ?? xhr.getResponseHeader('x-reason') ?? xhr.status)));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('failed', 'network error'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadError('aborted'));
    };
    options.signal?.addEventListener('abort', abort);
    xhr.send(file);
  });
}

/**
 * Uploads an image or video to the caching service's media store (Blossom `PUT /upload` with a signed kind-24242
 * authorization naming the file's sha256), over XHR so `onProgress` follows the bytes sent. Resolves with the
 * blob's URL, sha256, size, MIME type and pixel size; rejects with an {@link UploadError}: 'type' (not an image or
 * video), 'size' (over 100 MB, 1 GB for Premium), 'signer' (nothing can sign), 'aborted', 'failed'.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const refusal = checkUpload(file, options.premium ?? viewerIsPremium());
  if (refusal) throw new UploadError(refusal);
  const signer = options.signer ?? session.signer;
  if (!signer) throw new UploadError('signer', 'no signer');
  if (options.signal?.aborted) throw new UploadError('aborted');
  options.onProgress?.(0);
  const [sha256, dim] = await Promise.all([fileSha256(file), mediaDimensions(file)]);
  if (options.signal?.aborted) throw new UploadError('aborted');
  let auth: string;
  try {
    auth = blossomAuthHeader(await signer.signEvent(uploadAuthTemplate(sha256, file.name)));
  } catch (error) {
    throw new UploadError('signer', (error as Error).message);
  }
  const server = options.server ?? mediaServerOrigin();
  const { url } = await send(`${server}/upload`, file, auth, options);
  options.onProgress?.(1);
  return { url, sha256, size: file.size, mime: file.type, ...(dim ? { dim } : {}) };
}
