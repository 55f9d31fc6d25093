import { assemblePage, type Logger, type Page } from '../../model/index.ts';
import type { CacheEvent } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import { isCacheNotice } from '../cache-errors.ts';
import type { CachePayload, RequestOptions } from '../cache-options.ts';

/** Options of a command returning a page: request options, the page to merge into, a logger for parse problems. */
export interface PageOptions extends RequestOptions {
  previous?: Page;
  logger?: Logger;
  /** Kinds of events the answer refers to without carrying them (see AssembleOptions.kinds). */
  kinds?: Readonly<Record<string, number>>;
}

/** The part of a client the commands need (CacheClient and WalletClient both fit). */
export type CommandClient = Pick<CacheClient, 'request'>;

/** Drops undefined fields, and `since`/`until` when 0 (the reference omits them then). */
export function compact(payload: object): CachePayload {
  const out: CachePayload = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    if ((key === 'since' || key === 'until') && value === 0) continue;
    out[key] = value;
  }
  return out;
}

/** Runs a command and merges its answer into a page. */
export async function requestPage(
  client: CommandClient,
  command: string,
  payload: object | undefined,
  options: PageOptions = {},
): Promise<Page> {
  const events = await client.request(command, payload && compact(payload), options);
  return assemblePage(events, options.previous, { logger: options.logger, kinds: options.kinds });
}

/** Runs a command and resolves with its raw events. */
export function requestEvents(
  client: CommandClient,
  command: string,
  payload?: object,
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return client.request(command, payload && compact(payload), options);
}

/** Resolves with `fallback()` when the server answered with a NOTICE (explore, thread and DM fetches). */
export async function emptyOnNotice<T>(promise: Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isCacheNotice(error)) return fallback();
    throw error;
  }
}

/** The parsed JSON content of the first event of `kind` (or of any kind when omitted); `undefined` when none. */
export function contentOf(events: readonly CacheEvent[], kind?: number): unknown {
  const event = events.find((e) => (kind === undefined || e.kind === kind) && typeof e.content === 'string');
  if (!event?.content) return undefined;
  try {
    return JSON.parse(event.content);
  } catch {
    return undefined;
  }
}

/** A list of strings from parsed content, or `[]`. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Event-or-address target of reaction/zap/mention lists: an event id, or an article's pubkey + identifier. */
export type EventTarget = { event_id: string } | { pubkey: string; identifier: string };
