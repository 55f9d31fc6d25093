import { CacheKind, hasSignedShape, type NostrEvent } from '@tide/core/nostr';
import { CommandError, type CommandRecord } from './context.ts';

/** Most events one import_events or broadcast_events call takes. */
export const MAX_EVENTS_PER_CALL = 500;

/** Most relays one broadcast_events call sends to. */
export const MAX_BROADCAST_RELAYS = 30;

/** Per-relay wait of broadcast_events (the reference waits 15 s). */
export const BROADCAST_TIMEOUT_MS = 15_000;

function eventsArg(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new CommandError('events must be an array of signed events');
  if (value.length > MAX_EVENTS_PER_CALL) throw new CommandError(`too many events (max ${MAX_EVENTS_PER_CALL})`);
  return value;
}

/**
 * `import_events {events}` → `{kind: 10000127, content: {imported, errors}}`: each event goes through ingest as if a
 * relay sent it. `broadcast_events {events, relays}` → `{kind: 10000149, content: [{event_id, responses}]}`: each
 * valid event is published to each ws(s) relay and ingested here too.
 */
export const coreImportCommands: CommandRecord = {
  import_events: async (ctx, payload) => {
    const events = eventsArg(payload.events);
    const results = await ctx.ingest(events, 'import');
    const imported = results.filter((r) => r.ok).length;
    return [
      { kind: CacheKind.ImportResponse, content: JSON.stringify({ imported, errors: results.length - imported }) },
    ];
  },
  broadcast_events: async (ctx, payload) => {
    const events = eventsArg(payload.events);
    if (!Array.isArray(payload.relays) || payload.relays.some((r) => typeof r !== 'string')) {
      throw new CommandError('relays must be an array of relay urls');
    }
    const relays = [...new Set(payload.relays as string[])]
      .filter((url) => /^wss?:\/\/[^\s]+$/.test(url))
      .slice(0, MAX_BROADCAST_RELAYS);
    const signed = events.filter(hasSignedShape) as NostrEvent[];
    if (signed.length !== events.length) throw new CommandError('events must be an array of signed events');
    const results = await ctx.ingest(signed, 'broadcast');
    const content = await Promise.all(
      signed.map(async (event, i) => {
        const result = results[i];
        if (result && !result.ok && !result.reason.startsWith('duplicate')) {
          return { event_id: event.id, responses: [] as Array<[string, string]>, error: result.reason };
        }
        return { event_id: event.id, responses: await ctx.publish(event, relays, BROADCAST_TIMEOUT_MS) };
      }),
    );
    return [{ kind: CacheKind.BroadcastResponse, content: JSON.stringify(content) }];
  },
};
