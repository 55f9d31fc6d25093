import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import { type Payload, type PeopleContext, requireHex, requireHexList } from './people-common.ts';

/** Relay tags per user: `["r", url]` for read+write, else `["r", url, "read"|"write"]`, sorted by url. */
async function relayTags(store: Store, pubkeys: string[]): Promise<Map<string, string[][]>> {
  const out = new Map<string, string[][]>();
  if (pubkeys.length === 0) return out;
  const rows = await store.db
    .selectFrom('user_relays')
    .select(['pubkey', 'url', 'read', 'write'])
    .where('pubkey', 'in', pubkeys)
    .orderBy('pubkey')
    .orderBy('url')
    .execute();
  for (const row of rows) {
    const read = Number(row.read) === 1;
    const write = Number(row.write) === 1;
    if (!read && !write) continue;
    const tag = read && write ? ['r', row.url] : ['r', row.url, read ? 'read' : 'write'];
    const list = out.get(row.pubkey) ?? [];
    list.push(tag);
    out.set(row.pubkey, list);
  }
  return out;
}

/** get_user_relays {pubkey}: one 10000139 object (empty tags when the user has no relay list). */
export async function getUserRelays(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const tags = (await relayTags(ctx.store, [pubkey])).get(pubkey) ?? [];
  return [{ kind: CacheKind.UserRelays, pubkey, tags }];
}

/** get_user_relays_2 {pubkeys}: one 10000139 object per requested user that has relays. */
export async function getUserRelays2(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkeys = requireHexList(payload, 'pubkeys');
  const tags = await relayTags(ctx.store, pubkeys);
  return pubkeys.flatMap((pubkey) => {
    const list = tags.get(pubkey);
    return list ? [{ kind: CacheKind.UserRelays, pubkey, tags: list }] : [];
  });
}

/** Handlers of the relay-list commands. */
export const peopleRelaysCommands = {
  get_user_relays: getUserRelays,
  get_user_relays_2: getUserRelays2,
};
