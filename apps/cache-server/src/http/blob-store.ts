import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIME_TYPES } from './static-files.ts';

/** What the store remembers about one blob. */
export interface BlobMeta {
  sha256: string;
  size: number;
  type: string;
  uploaded: number;
  owners: string[];
}

const EXT_BY_TYPE = new Map(Object.entries(MIME_TYPES).map(([ext, type]) => [type.split(';')[0], ext]));

/** Content-addressed files under one folder: `<sha256>` holds the bytes, `<sha256>.json` the metadata. */
export class BlobStore {
  constructor(readonly root: string) {}

  /** Path of a blob's bytes. */
  blobPath(sha256: string): string {
    return join(this.root, sha256);
  }

  private metaPath(sha256: string): string {
    return join(this.root, `${sha256}.json`);
  }

  /** A scratch folder inside the store (same filesystem, so finished files can be renamed in). */
  async scratch(name: string): Promise<string> {
    const dir = join(this.root, '.scratch', name);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** The metadata of a blob, or null. */
  async meta(sha256: string): Promise<BlobMeta | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(sha256), 'utf8')) as BlobMeta;
    } catch {
      return null;
    }
  }

  /** Whether the blob's bytes exist. */
  async exists(sha256: string): Promise<boolean> {
    return (await stat(this.blobPath(sha256)).catch(() => null))?.isFile() ?? false;
  }

  /** Moves a finished file (already hashed) into the store and records `owner`; returns the metadata. */
  async adopt(tmp: string, blob: Omit<BlobMeta, 'owners'>, owner: string): Promise<BlobMeta> {
    await mkdir(this.root, { recursive: true });
    const existing = await this.meta(blob.sha256);
    const meta: BlobMeta = existing ?? { ...blob, owners: [] };
    if (!meta.owners.includes(owner)) meta.owners.push(owner);
    if (existing && (await this.exists(blob.sha256))) await rm(tmp, { force: true });
    else await rename(tmp, this.blobPath(blob.sha256));
    await writeFile(this.metaPath(blob.sha256), JSON.stringify(meta));
    return meta;
  }

  /** Drops `owner` from a blob; the bytes go when nobody owns it. Returns false if `owner` did not own it. */
  async release(sha256: string, owner: string): Promise<boolean> {
    const meta = await this.meta(sha256);
    if (!meta?.owners.includes(owner)) return false;
    meta.owners = meta.owners.filter((o) => o !== owner);
    if (meta.owners.length === 0) {
      await rm(this.blobPath(sha256), { force: true });
      await rm(this.metaPath(sha256), { force: true });
    } else {
      await writeFile(this.metaPath(sha256), JSON.stringify(meta));
    }
    return true;
  }

  /** Every blob owned by `pubkey`, newest first. */
  async listOwned(pubkey: string): Promise<BlobMeta[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const metas: BlobMeta[] = [];
    for (const name of names) {
      if (!/^[0-9a-f]{64}\.json$/.test(name)) continue;
      const meta = await this.meta(name.slice(0, -5));
      if (meta?.owners.includes(pubkey)) metas.push(meta);
    }
    return metas.sort((a, b) => b.uploaded - a.uploaded);
  }

  /** The public URL of a blob on `origin`, with the extension of its type (BUD-02). */
  urlOf(origin: string, meta: Pick<BlobMeta, 'sha256' | 'type'>): string {
    return `${origin.replace(/\/$/, '')}/${meta.sha256}${EXT_BY_TYPE.get(meta.type) ?? ''}`;
  }
}
