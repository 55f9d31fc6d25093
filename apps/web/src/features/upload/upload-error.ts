import type { UploadRefusal } from './upload-rules.ts';

/** How an upload ended badly: refused before sending (type, size), no signer, cancelled, or failed on the way. */
export type UploadErrorCode = UploadRefusal | 'signer' | 'aborted' | 'failed';

/** An upload that did not end with a stored blob; `reason` holds the server's or network's words (for logs). */
export class UploadError extends Error {
  readonly code: UploadErrorCode;
  readonly reason: string;

  constructor(code: UploadErrorCode, reason: string = code) {
    super(`upload ${code}: ${reason}`);
    this.name = 'UploadError';
    this.code = code;
    this.reason = reason;
  }
}

/** True when `error` is an upload the user cancelled. */
export function isUploadAborted(error: unknown): boolean {
  return error instanceof UploadError && error.code === 'aborted';
}
