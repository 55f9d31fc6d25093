/** Upload limit of a regular account (spec §9: 100 MB). */
export const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** Upload limit of a Premium account (spec §9: 1 GB). */
export const PREMIUM_UPLOAD_LIMIT_BYTES = 1024 * 1024 * 1024;

/** Why a file cannot be uploaded: not an image or video, or over the limit. */
export type UploadRefusal = 'type' | 'size';

/** True for the MIME types the media store accepts: images and videos only (spec §5). */
export function isUploadableType(mime: string): boolean {
  return mime.startsWith('image/') || mime.startsWith('video/');
}

/** The upload limit in bytes for a regular or a Premium account. */
export function uploadLimit(premium = false): number {
  return premium ? PREMIUM_UPLOAD_LIMIT_BYTES : UPLOAD_LIMIT_BYTES;
}

/** Checks a file before it is sent: null when it may be uploaded, else why not (type first, then size). */
export function checkUpload(file: { type: string; size: number }, premium = false): UploadRefusal | null {
  if (!isUploadableType(file.type)) return 'type';
  if (file.size > uploadLimit(premium)) return 'size';
  return null;
}
