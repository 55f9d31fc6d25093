import type { CacheEvent } from '@tide/core/nostr';
import { feedRange } from './bundle.ts';
import { eventsByIds, type Payload, type PeopleContext, pageArgs, requireHex, userInfos } from './people-common.ts';

/**
 * get_directmsgs {receiver, sender, since, until, limit=20 ≤100, offset}: kind-4 messages between the two users in
 * both directions, newest first, then both users' user_infos and a FeedRange ordered by created_at.
 */
export async function getDirectmsgs(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const receiver = requireHex(payload, 'receiver');
  const sender = requireHex(payload, 'sender');
  const { limit, offset, since, until } = pageArgs(ctx, payload, 100);
  const rows = await ctx.store.db
    .selectFrom('direct_messages')
    .select(['event_id', 'created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('sender', '=', sender), eb('receiver', '=', receiver)]),
        eb.and([eb('sender', '=', receiver), eb('receiver', '=', sender)]),
      ]),
    )
    .where('created_at', '>=', since)
    .where('created_at', '<=', until)
    .orderBy('created_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const messages = await eventsByIds(
    ctx.store,
    rows.map((row) => row.event_id),
  );
  return [
    ...messages,
    ...(await userInfos(ctx.store, [receiver, sender])),
    feedRange(
      'created_at',
      messages.map((event) => ({ id: event.id, value: event.created_at })),
    ),
  ];
}

/** Handlers of the DM messages command. */
export const dmMessagesCommands = {
  get_directmsgs: getDirectmsgs,
};
