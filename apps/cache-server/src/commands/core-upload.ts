import { createHash } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CacheKind, isHex, type NostrEvent, verifyEvent } from '@tide/core/nostr';
import { isMediaType, MAX_BLOB_BYTES } from '../http/blossom.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';

/** How far an upload event's created_at may be from now (seconds). */
export const UPLOAD_EVENT_WINDOW_S = 300;

const UPLOAD_ID = /^[0-9a-zA-Z-]{8,64}$/;
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=-]+)*;base64,([A-Za-z0-9+/=]*)$/i;

interface UploadState {
  type: string;
  fileLength: number;
}

/** Upload type remembered from the first chunk, by `<pubkey>:<upload_id>`. */
const uploads = new Map<string, UploadState>();

function signedUploadEvent(
  ctx: CommandContext,
  payload: CommandPayload,
): { event: NostrEvent; content: Record<string, unknown> } {
  const event = payload.event_from_user;
  if (!verifyEvent(event)) throw new CommandError('invalid event_from_user');
  if (event.kind !== CacheKind.UploadChunk)
    throw new CommandError(`upload events must be kind ${CacheKind.UploadChunk}`);
  if (Math.abs(event.created_at - ctx.now()) > UPLOAD_EVENT_WINDOW_S) throw new CommandError('upload event is too old');
  let content: unknown;
  try {
    content = JSON.parse(event.content);
  } catch {
    throw new CommandError('upload event content is not JSON');
  }
  if (typeof content !== 'object' || content === null) throw new CommandError('upload event content is not an object');
  const uploadId = (content as { upload_id?: unknown }).upload_id;
  if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) throw new CommandError('invalid upload_id');
  return { event, content: content as Record<string, unknown> };
}

async function partPath(ctx: CommandContext, pubkey: string, uploadId: string): Promise<string> {
  if (!ctx.uploads) throw new CommandError('uploads are not enabled on this server');
  return join(await ctx.uploads.blobs.scratch('chunks'), `${pubkey}-${uploadId}`);
}

/**
 * The legacy chunked upload over the cache socket (protocol §6.2, spec §7): `upload_chunk` writes one base64 chunk
 * at its offset (content `{upload_id}` alone cancels), `upload_complete` checks length and sha256 and answers
 * `{kind: 10000121, content: <url>}`. Same limits as Blossom: images and videos, 100 MB.
 */
export const coreUploadCommands: CommandRecord = {
  upload_chunk: async (ctx, payload) => {
    const { event, content } = signedUploadEvent(ctx, payload);
    const uploadId = content.upload_id as string;
    const key = `${event.pubkey}:${uploadId}`;
    const path = await partPath(ctx, event.pubkey, uploadId);
    if (content.data === undefined && content.offset === undefined) {
      uploads.delete(key);
      await rm(path, { force: true });
      return [];
    }
    const fileLength = content.file_length;
    const offset = content.offset;
    if (typeof fileLength !== 'number' || !Number.isInteger(fileLength) || fileLength <= 0) {
      throw new CommandError('invalid file_length');
    }
    if (fileLength > MAX_BLOB_BYTES) throw new CommandError('File too big. Upload limit is 100MB.');
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw new CommandError('invalid offset');
    const match = typeof content.data === 'string' ? content.data.match(DATA_URL) : null;
    if (!match) throw new CommandError('data must be a base64 data URL');
    const bytes = Buffer.from(match[3], 'base64');
    if (offset + bytes.length > fileLength) throw new CommandError('chunk goes past file_length');
    const state = uploads.get(key) ?? { type: (match[1] ?? '').toLowerCase(), fileLength };
    if (!isMediaType(state.type)) {
      throw new CommandError('You can only upload images and videos. This file type is not supported.');
    }
    uploads.set(key, state);
    // read-write, created if missing, never truncated or appended: chunks land at their own offsets
    const file = await open(path, fsConstants.O_RDWR | fsConstants.O_CREAT);
    try {
      await file.write(bytes, 0, bytes.length, offset);
    } finally {
      await file.close();
    }
    return [];
  },
  upload_complete: async (ctx, payload) => {
    const { event, content } = signedUploadEvent(ctx, payload);
    const uploadId = content.upload_id as string;
    const key = `${event.pubkey}:${uploadId}`;
    const state = uploads.get(key);
    const path = await partPath(ctx, event.pubkey, uploadId);
    if (!state) throw new CommandError('unknown upload_id');
    if (!isHex(content.sha256, 64)) throw new CommandError('invalid sha256');
    const size = (await stat(path)).size;
    if (size !== content.file_length || size !== state.fileLength) throw new CommandError('file_length does not match');
    const hash = createHash('sha256');
    const file = await open(path, 'r');
    try {
      for await (const chunk of file.createReadStream()) hash.update(chunk as Buffer);
    } finally {
      await file.close();
    }
    if (hash.digest('hex') !== content.sha256) throw new CommandError('sha256 does not match');
    uploads.delete(key);
    const uploads_ = ctx.uploads;
    if (!uploads_) throw new CommandError('uploads are not enabled on this server');
    const meta = await uploads_.blobs.adopt(
      path,
      { sha256: content.sha256, size, type: state.type, uploaded: ctx.now() },
      event.pubkey,
    );
    return [{ kind: CacheKind.Uploaded, content: uploads_.blobs.urlOf(uploads_.origin, meta) }];
  },
};
