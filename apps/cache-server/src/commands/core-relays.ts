import { CacheKind } from '@tide/core/nostr';
import type { CommandRecord } from './context.ts';

/** The service's own relay, always first in the default list. */
export const PRIMARY_DEFAULT_RELAY = 'wss://relay.primal.net';

/** Well-known public relays; one of them follows the primary. */
export const WELL_KNOWN_RELAYS = ['wss://relay.damus.io', 'wss://nos.lol', 'wss://nostr.band', 'wss://relayable.org'];

/** Known relays seen within this many seconds count as recently active. */
export const RECENT_RELAY_WINDOW_S = 2 * 3600;

/** Recently active relays added after the primary and the well-known one. */
export const RECENT_RELAY_COUNT = 4;

/**
 * `get_default_relays` → `{kind: 10000124, content: [urls]}`: the primary relay, one well-known relay and up to four
 * relays seen in the last 2 hours (semantics §2.3; unlike the reference, fewer known relays is not an error).
 * `get_recommended_blossom_servers` → 10000175 `[urls]`: this server's own Blossom endpoint when uploads are on.
 */
export const coreRelayCommands: CommandRecord = {
  get_default_relays: async (ctx) => {
    const pick = WELL_KNOWN_RELAYS[Math.floor(Math.random() * WELL_KNOWN_RELAYS.length)];
    const recent = await ctx.store.db
      .selectFrom('known_relays')
      .select('url')
      .where('last_seen_at', '>=', ctx.now() - RECENT_RELAY_WINDOW_S)
      .orderBy('last_seen_at', 'desc')
      .limit(50)
      .execute();
    const urls = [PRIMARY_DEFAULT_RELAY, pick];
    for (const { url } of recent) {
      if (urls.length >= 2 + RECENT_RELAY_COUNT) break;
      if (!urls.includes(url) && /^wss?:\/\//.test(url)) urls.push(url);
    }
    return [{ kind: CacheKind.DefaultRelays, content: JSON.stringify(urls) }];
  },
  get_recommended_blossom_servers: async (ctx) => {
    const own = ctx.uploads ? [ctx.uploads.origin] : [];
    return [{ kind: CacheKind.RecommendedBlossomServers, content: JSON.stringify(own) }];
  },
};
