import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { feedRange } from './bundle.ts';
import { CommandError } from './context.ts';
import {
  eventsByIds,
  type Payload,
  type PeopleContext,
  pageArgs,
  requireHex,
  synthetic,
  userInfos,
} from './people-common.ts';
import { hiddenPubkeys } from './people-moderation.ts';

const RELATIONS = new Set(['any', 'follows', 'other']);

interface Peer {
  pubkey: string;
  cnt: number;
  latest_at: number;
  latest_event_id: string;
}

/**
 * get_directmsg_contacts {user_pubkey, relation=any|follows|other, limit=20 ≤300, offset, since, until}: the user's
 * conversation peers by latest message (received: unread count; sent only: 0), peers hidden for the user (muted, filter lists) dropped; answers 10000118,
 * the latest message events, user_infos of the peers and a FeedRange ordered by latest_at (elements = pubkeys).
 */
export async function getDirectmsgContacts(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const user = requireHex(payload, 'user_pubkey');
  const relation = payload?.relation ?? 'any';
  if (typeof relation !== 'string' || !RELATIONS.has(relation)) throw new CommandError('invalid relation');
  const { limit, offset, since, until } = pageArgs(ctx, payload, 300);

  const [received, sent, follows] = await Promise.all([
    ctx.store.db
      .selectFrom('direct_message_counts')
      .select(['sender as peer', 'cnt', 'latest_at', 'latest_event_id'])
      .where('receiver', '=', user)
      .where('sender', '!=', '')
      .execute(),
    ctx.store.db
      .selectFrom('direct_message_counts')
      .select(['receiver as peer', 'latest_at', 'latest_event_id'])
      .where('sender', '=', user)
      .execute(),
    ctx.store.db.selectFrom('pubkey_followers').select('pubkey').where('follower_pubkey', '=', user).execute(),
  ]);
  const peers = new Map<string, Peer>();
  const merge = (pubkey: string, cnt: number, latestAt: number, latestId: string) => {
    const current = peers.get(pubkey);
    if (!current) {
      peers.set(pubkey, { pubkey, cnt, latest_at: latestAt, latest_event_id: latestId });
      return;
    }
    current.cnt = Math.max(current.cnt, cnt);
    if (latestAt > current.latest_at) {
      current.latest_at = latestAt;
      current.latest_event_id = latestId;
    }
  };
  for (const row of received) merge(row.peer, Number(row.cnt), Number(row.latest_at), row.latest_event_id);
  for (const row of sent) merge(row.peer, 0, Number(row.latest_at), row.latest_event_id);
  const followSet = new Set(follows.map((row) => row.pubkey));
  const muted = await hiddenPubkeys(ctx.store, user, [...peers.keys()]);
  const chosen = [...peers.values()]
    .filter((peer) => peer.pubkey !== user && !muted.has(peer.pubkey))
    .filter((peer) => relation === 'any' || (relation === 'follows') === followSet.has(peer.pubkey))
    .filter((peer) => peer.latest_at >= since && peer.latest_at <= until)
    .sort((a, b) => b.latest_at - a.latest_at || a.pubkey.localeCompare(b.pubkey))
    .slice(offset, offset + limit);

  const map = Object.fromEntries(
    chosen.map((peer) => [
      peer.pubkey,
      { cnt: peer.cnt, latest_at: peer.latest_at, latest_event_id: peer.latest_event_id },
    ]),
  );
  const out: CacheEvent[] = [synthetic(CacheKind.MessagePerSenderStats, map)];
  out.push(...(await eventsByIds(ctx.store, chosen.map((peer) => peer.latest_event_id).filter(Boolean))));
  if (chosen.length > 0)
    out.push(
      ...(await userInfos(
        ctx.store,
        chosen.map((peer) => peer.pubkey),
      )),
    );
  out.push(
    feedRange(
      'latest_at',
      chosen.map((peer) => ({ id: peer.pubkey, value: peer.latest_at })),
    ),
  );
  return out;
}

/** Handlers of the DM contacts command. */
export const dmContactsCommands = {
  get_directmsg_contacts: getDirectmsgContacts,
};
