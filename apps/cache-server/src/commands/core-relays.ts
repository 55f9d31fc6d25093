import { CacheKind } from '@tide/core/nostr';
import type { CommandRecord } from './context.ts';

/**
 * The product relay as clients reach it: this service's own relay endpoint at `/` of its public URL (http → ws,
 * https → wss), else of the address it is bound to.
 */
export function productRelayUrl(publicUrl: string | undefined, bound: string): string {
  if (!publicUrl || !URL.canParse(publicUrl)) return bound;
  const url = new URL(publicUrl);
  const scheme = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}/`;
}

/**
 * `get_default_relays` → `{kind: 10000124, content: [urls]}`: the relays a new user starts with, read and write
 * (clients connect to every one): the product relay alone, this service's own relay endpoint (spec §7: "the
 * preconfigured default relay is one product relay"), not public relays a new user never chose.
 * `get_recommended_blossom_servers` → 10000175 `[urls]`: this server's own Blossom endpoint when uploads are on.
 */
export const coreRelayCommands: CommandRecord = {
  get_default_relays: async (ctx) => {
    const urls = ctx.productRelay ? [ctx.productRelay] : [];
    return [{ kind: CacheKind.DefaultRelays, content: JSON.stringify(urls) }];
  },
  get_recommended_blossom_servers: async (ctx) => {
    const own = ctx.uploads ? [ctx.uploads.origin] : [];
    return [{ kind: CacheKind.RecommendedBlossomServers, content: JSON.stringify(own) }];
  },
};
