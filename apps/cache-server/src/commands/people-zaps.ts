import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { feedRange } from './bundle.ts';
import {
  eventsByIds,
  type Payload,
  type PeopleContext,
  pageArgs,
  requireHex,
  synthetic,
  userInfos,
} from './people-common.ts';

/**
 * user_zaps_sent {sender, limit=20 ≤1000, offset, since, until}: the sender's zaps newest first: for each the 9735
 * receipt, the zapped event when stored and a 10000129 object; then user_infos of senders and receivers; then a
 * FeedRange ordered by created_at whose elements are the receipt ids.
 */
export async function userZapsSent(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const sender = requireHex(payload, 'sender');
  const { limit, offset, since, until } = pageArgs(ctx, payload, 1000);
  const zaps = await ctx.store.db
    .selectFrom('zap_receipts')
    .selectAll()
    .where('sender', '=', sender)
    .where('created_at', '>=', since)
    .where('created_at', '<=', until)
    .orderBy('created_at', 'desc')
    .orderBy('receipt_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const receipts = new Map(
    (
      await eventsByIds(
        ctx.store,
        zaps.map((z) => z.receipt_id),
      )
    ).map((e) => [e.id, e]),
  );
  const targets = new Map(
    (
      await eventsByIds(
        ctx.store,
        zaps.flatMap((z) => (z.target_event_id ? [z.target_event_id] : [])),
      )
    ).map((e) => [e.id, e]),
  );
  const out: CacheEvent[] = [];
  const users = new Set<string>();
  for (const zap of zaps) {
    const receipt = receipts.get(zap.receipt_id);
    if (receipt) out.push(receipt);
    const target = targets.get(zap.target_event_id);
    if (target) out.push(target);
    out.push(
      synthetic(CacheKind.EventZapInfo, {
        event_id: zap.target_event_id || null,
        created_at: Number(zap.created_at),
        sender: zap.sender,
        receiver: zap.receiver,
        amount_sats: Number(zap.amount_sats),
        zap_receipt_id: zap.receipt_id,
      }),
    );
    users.add(zap.sender);
    users.add(zap.receiver);
  }
  out.push(...(await userInfos(ctx.store, [...users])));
  out.push(
    feedRange(
      'created_at',
      zaps.map((z) => ({ id: z.receipt_id, value: Number(z.created_at) })),
    ),
  );
  return out;
}

/** Handlers of the zap-list commands. */
export const peopleZapsCommands = {
  user_zaps_sent: userZapsSent,
};
