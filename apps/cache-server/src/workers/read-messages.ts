import type { AnswerDeps, PackedTransfer } from '../answers/index.ts';
import type { StoreChangeSet } from '../read-cache/change-set.ts';

/** One read request sent to a worker. */
export interface ReadRequest {
  type: 'read';
  id: number;
  command: string;
  payload: Record<string, unknown>;
  /** The connection's remembered user (commands fall back to it when the payload has no user_pubkey). */
  userPubkey: string | null;
  /** The server clock (Unix seconds) when the request arrived. */
  now: number;
  /** The store's change sequence when the request arrived (the worker's answer reflects at least this). */
  seq: number;
}

/** Tells workers that `pubkey` wrote, visible from change sequence `seq` on (they never share older parts with them). */
export interface WroteNotice {
  type: 'wrote';
  pubkey: string;
  seq: number;
}

/** An ingest write's change set (see read-cache/): the worker's read cache forgets what it names. */
export interface ChangesNotice {
  type: 'changes';
  changes: StoreChangeSet;
}

/** Everything the main thread posts to a read worker, in order (a notice always precedes the requests after it). */
export type ToWorker = ReadRequest | WroteNotice | ChangesNotice;

/** A worker's answer: the packed answer (buffers transferred), or an error (`notice`: a CommandError's message). */
export interface ReadReply {
  id: number;
  packed?: PackedTransfer;
  /** What the answer read (see answer-deps.ts), for the main thread's answer cache. */
  deps?: AnswerDeps;
  error?: string;
  notice?: boolean;
}
