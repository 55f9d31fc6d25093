import { fetchList, requestEvents } from '@tide/core/cache';
import type { ListBase } from '@tide/core/edits';
import { Kind, type NostrEvent } from '@tide/core/nostr';
import { getAppData } from '../../data/app-data-instance.ts';
import { fetchLatestReplaceable, noteListVersion, publishEvent } from '../publish/index.ts';
import type { ListIo } from './list-io.ts';

/** How long the caching service may take for the latest list. */
const FETCH_MS = 8000;

function isSigned(e: unknown, kind: number, pubkey: string, identifier?: string): e is NostrEvent {
  const x = e as Partial<NostrEvent> | null;
  return (
    !!x &&
    x.kind === kind &&
    x.pubkey === pubkey &&
    typeof x.sig === 'string' &&
    typeof x.created_at === 'number' &&
    Array.isArray(x.tags) &&
    (identifier === undefined || x.tags.some((t) => t[0] === 'd' && t[1] === identifier))
  );
}

function newest(events: readonly (NostrEvent | null | undefined)[]): NostrEvent | null {
  let best: NostrEvent | null = null;
  for (const e of events) if (e && (!best || e.created_at > best.created_at)) best = e;
  return best;
}

/** The user's latest version of `kind` from the caching service (throws when it cannot answer). */
async function fromCache(kind: number, pubkey: string, identifier?: string): Promise<NostrEvent | null> {
  const client = getAppData().client;
  const options = { timeoutMs: FETCH_MS };
  let events: unknown[];
  if (kind === Kind.Metadata) events = await requestEvents(client, 'user_infos', { pubkeys: [pubkey] }, options);
  else if (kind === Kind.Contacts)
    events = await requestEvents(client, 'contact_list', { pubkey, extended_response: false }, options);
  else if (kind === Kind.MuteList)
    events = await requestEvents(client, 'mutelist', { pubkey, extended_response: false }, options);
  else if (identifier === 'mutelists' || identifier === 'allowlist')
    events = await fetchList(client, identifier, { pubkey, extended_response: false }, options);
  else throw new Error(`no cache command for kind ${kind}`);
  return newest(events.filter((e) => isSigned(e, kind, pubkey, identifier)));
}

/**
 * The app's list IO for `self`: the latest version is the newest of the caching service's (which must answer, so a
 * list that cannot be read is never overwritten) and the user's relays' (kinds 0, 3, 10000); publishing goes
 * through the one publisher.
 */
export function appListIo(self: string): ListIo {
  return {
    self,
    fetchLatest: async (kind, identifier) => {
      const fromRelays =
        identifier === undefined ? fetchLatestReplaceable(kind, self).catch(() => null) : Promise.resolve(null);
      const [cached, relayed] = await Promise.all([fromCache(kind, self, identifier), fromRelays]);
      const best = newest([cached, relayed]);
      // the next version must be dated after this one, even when saved within the same second of it
      if (best) await noteListVersion(best);
      return best ? ({ tags: best.tags, content: best.content } satisfies ListBase) : null;
    },
    publish: async (template, messages) => {
      const result = await publishEvent(template, {
        successMessage: messages.success ?? null,
        failureMessage: messages.failure,
        timeoutMessage: messages.timeout,
      });
      return result ? { success: result.success, event: result.event } : null;
    },
  };
}
