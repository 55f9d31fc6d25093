import type { Tag } from '@tide/core/nostr';

/** What an upload gives back: the blob's address and facts (NIP-94 fields). */
export interface UploadedFile {
  url: string;
  /** Hex SHA-256 of the file. */
  sha256: string;
  size: number;
  mime: string;
  /** Pixel size as `<width>x<height>`, when it could be read. */
  dim?: string;
}

/** The NIP-92 `imeta` tag of an uploaded file: url, m, dim (when known), x (its sha256) and size. */
export function imetaTag(file: UploadedFile): Tag {
  const tag: Tag = ['imeta', `url ${file.url}`, `m ${file.mime}`];
  if (file.dim) tag.push(`dim ${file.dim}`);
  tag.push(`x ${file.sha256}`, `size ${file.size}`);
  return tag;
}
