// A read worker: its own connection to the SQLite store (WAL lets readers run beside the one writer), running the
// pure read commands the answer cache may share, and serialising (and deflating) their answers off the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { type CommandContext, CommandError } from '../commands/context.ts';
import { allCommands } from '../commands/index.ts';
import { type OpenStoreOptions, openStore } from '../store/index.ts';
import { deflateTailSync } from './answer-frames.ts';
import type { ReadReply, ReadRequest } from './read-pool.ts';

/** What the pool hands a worker at start. */
export interface ReadWorkerData {
  store: OpenStoreOptions;
  logLevel: string;
}

/** Runs one read request against `store`; never throws (failures become error replies). */
export async function serveRead(
  ctxBase: Omit<CommandContext, 'now' | 'connection' | 'command'>,
  request: ReadRequest,
): Promise<ReadReply> {
  const handler = allCommands.get(request.command);
  if (!handler) return { id: request.id, error: 'unknown api request', notice: true };
  try {
    const ctx: CommandContext = {
      ...ctxBase,
      now: () => request.now,
      connection: { id: 0, userPubkey: request.userPubkey, protocol: {} },
      command: request.command,
    };
    const events = await handler(ctx, request.payload);
    const parts = events.map((event) => JSON.stringify(event));
    return { id: request.id, parts, tail: parts.length > 0 ? deflateTailSync(parts) : undefined };
  } catch (err) {
    if (err instanceof CommandError) return { id: request.id, error: err.message, notice: true };
    return { id: request.id, error: err instanceof Error ? err.message : String(err), notice: false };
  }
}

async function main(port: NonNullable<typeof parentPort>, data: ReadWorkerData): Promise<void> {
  const store = await openStore({ ...data.store, migrate: false });
  const refuse = () => Promise.reject(new Error('read workers do not write'));
  const ctxBase = {
    store,
    logger: pino({ level: data.logLevel }),
    subId: '',
    live: () => {},
    notifier: { notify: () => {} },
    ingest: refuse,
    publish: refuse,
  };
  port.on('message', (request: ReadRequest) => {
    void serveRead(ctxBase, request).then((reply) => port.postMessage(reply));
  });
  port.postMessage('ready');
}

if (parentPort && workerData) void main(parentPort, workerData as ReadWorkerData);
