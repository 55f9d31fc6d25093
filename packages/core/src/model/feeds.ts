import type { CacheEvent } from '../nostr/index.ts';
import { isObject, parseJson, str } from './json.ts';
import type { Logger } from './logger.ts';

/** A feed descriptor (spec §3 "Feed"): `spec` is the JSON string sent to `mega_feed_directive`. */
export interface FeedDescriptor {
  name: string;
  spec: string;
  description: string;
  enabled: boolean;
  feedkind?: string;
}

/** Reads feed descriptors from a JSON array (e.g. `get_home_feeds`, `get_reads_feeds`); entries without a spec are dropped. */
export function parseFeedDescriptors(value: unknown): FeedDescriptor[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((f) => {
    const spec = typeof f.spec === 'string' ? f.spec : isObject(f.spec) ? JSON.stringify(f.spec) : '';
    if (!spec) return [];
    return [
      {
        name: str(f.name),
        spec,
        description: str(f.description),
        enabled: f.enabled !== false,
        ...(typeof f.feedkind === 'string' ? { feedkind: f.feedkind } : {}),
      },
    ];
  });
}

/** A group of suggested accounts (kind 10000134). */
export interface SuggestedGroup {
  group: string;
  members: { pubkey: string; name?: string }[];
}

/** Parses kind 10000134 `[{group, members: [{name?, pubkey}]}]`. */
export function parseSuggestedUsers(event: CacheEvent, logger?: Logger): SuggestedGroup[] {
  const list = parseJson(event.content, logger, 'suggested users');
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((g) => ({
    group: str(g.group),
    members: (Array.isArray(g.members) ? g.members.filter(isObject) : [])
      .filter((m) => typeof m.pubkey === 'string')
      .map((m) => ({ pubkey: str(m.pubkey), ...(typeof m.name === 'string' ? { name: m.name } : {}) })),
  }));
}
