/** Why a cache request failed: a NOTICE, the socket closing on purpose, a timeout, an abort, or no socket open. */
export type CacheErrorCode = 'notice' | 'closed' | 'timeout' | 'aborted' | 'no_socket';

/** An error from the caching-service client; `code` says which kind. */
export class CacheError extends Error {
  readonly code: CacheErrorCode;
  readonly command: string;

  constructor(code: CacheErrorCode, message: string, command: string) {
    super(message);
    this.name = 'CacheError';
    this.code = code;
    this.command = command;
  }
}

/** The server answered a request with `["NOTICE", subid, text]`; `notice` holds the text. */
export class CacheNoticeError extends CacheError {
  readonly notice: string;

  constructor(notice: string, command: string) {
    super('notice', notice, command);
    this.name = 'CacheNoticeError';
    this.notice = notice;
  }
}

/** True when `error` is a NOTICE from the server (callers that must "return empty on notice" test this). */
export function isCacheNotice(error: unknown): error is CacheNoticeError {
  return error instanceof CacheNoticeError;
}
