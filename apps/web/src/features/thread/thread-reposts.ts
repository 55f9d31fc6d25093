import { type CommandClient, requestEvents } from '@tide/core/cache';
import { repostOriginal, repostTargetId } from '@tide/core/model';
import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';

/** Kinds a repost can point at and still be shown as a note. */
const REPOSTABLE = new Set<number>([Kind.Text, Kind.Image, Kind.Highlight]);

function parsed(content: string | undefined): CacheEvent | undefined {
  if (!content) return undefined;
  try {
    const value: unknown = JSON.parse(content);
    if (typeof value !== 'object' || value === null) return undefined;
    const event = value as Partial<CacheEvent>;
    return typeof event.id === 'string' && typeof event.kind === 'number' ? (value as CacheEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** A repost (kind 6) that does not carry its note in its content (core's repost rule), with the note's id. */
function emptyRepostTarget(event: CacheEvent): string | undefined {
  if (event.kind !== Kind.Repost || repostOriginal(event, {})) return undefined;
  return repostTargetId(event);
}

/** Events of an answer by id: the answer's own events and the ones it carries as mentions (10000107). */
function eventsById(events: readonly CacheEvent[]): Map<string, CacheEvent> {
  const byId = new Map<string, CacheEvent>();
  for (const event of events) {
    if (event.kind === CacheKind.Mentions) {
      const inner = parsed(event.content);
      if (inner) byId.set(inner.id as string, inner);
    } else if (event.id) byId.set(event.id, event);
  }
  return byId;
}

/**
 * The thread's end-of-stream step (spec §8 "Thread"): reposts whose content is empty take the reposted note as
 * content. Notes the answer already holds are used as they are; the others are fetched once with `events`
 * (extended, so their authors and stats come too) before the page is assembled. No empty repost, no request.
 */
export async function withRepostedNotes(
  client: CommandClient,
  events: readonly CacheEvent[],
  viewer: string | null,
  signal?: AbortSignal,
): Promise<CacheEvent[]> {
  const targets = new Set(events.flatMap((e) => emptyRepostTarget(e) ?? []));
  if (!targets.size) return [...events];
  const byId = eventsById(events);
  const missing = [...targets].filter((id) => !byId.has(id));
  const extras: CacheEvent[] = [];
  if (missing.length) {
    const fetched = await requestEvents(
      client,
      'events',
      { event_ids: missing, extended_response: true, ...(viewer ? { user_pubkey: viewer } : {}) },
      { signal, purpose: 'thread_reposts' },
    );
    for (const event of fetched) {
      if (event.id && targets.has(event.id)) byId.set(event.id, event);
      // Authors, stats, media and mentions of the reposted notes; never their own paging or stray notes.
      else if (event.kind === Kind.Metadata || (event.kind >= 10_000_000 && event.kind !== CacheKind.FeedRange))
        extras.push(event);
    }
  }
  const resolved = events.map((event) => {
    const target = emptyRepostTarget(event);
    const original = target ? byId.get(target) : undefined;
    return original && REPOSTABLE.has(original.kind) ? { ...event, content: JSON.stringify(original) } : event;
  });
  return [...resolved, ...extras];
}
