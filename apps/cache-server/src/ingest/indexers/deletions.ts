import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { identifierOf, isHex64, parseCoordinate } from '../event-refs.ts';
import { loadFullEvents, removeArticle, removeDeletedEvent } from './remove.ts';

/**
 * Kind 5: `e` targets are deleted only when they have the deletion's author (the id is remembered either way, so a
 * target that arrives later is refused); `a` targets of the same author are deleted up to the deletion's time and
 * the address is remembered. Everything buffered so far is written first so the removal sees the whole batch.
 */
export async function indexDeletion(ctx: IngestContext, e: NostrEvent): Promise<void> {
  if (e.kind !== 5) return;
  ctx.buf.add('net_stats', { key: 'eventdeletions' }, { value: 1 });
  ctx.buf.changes.everything(); // may remove events, current versions and what they counted (rare: forget all)
  await ctx.flush();
  const ids = new Set<string>();
  const coords: Array<{ kind: number; pubkey: string; identifier: string }> = [];
  for (const t of e.tags) {
    if (t[0] === 'e' && isHex64(t[1]) && t[1] !== e.id) ids.add(t[1]);
    if (t[0] === 'a' && typeof t[1] === 'string') {
      const c = parseCoordinate(t[1]);
      if (c && c.pubkey === e.pubkey) coords.push(c);
    }
  }
  for (const id of ids) {
    ctx.buf.insert('deleted_events', {
      event_id: id,
      pubkey: e.pubkey,
      deletion_event_id: e.id,
      created_at: e.created_at,
    });
  }
  const targets = (await loadFullEvents(ctx, [...ids])).filter((t) => t.pubkey === e.pubkey && t.kind !== 5);
  for (const t of targets) {
    await removeDeletedEvent(ctx, t);
    ctx.known.delete(t.id);
    const pointer = await ctx.trx.deleteFrom('replaceable_events').where('event_id', '=', t.id).executeTakeFirst();
    const wasCurrent = Number(pointer.numDeletedRows) > 0;
    if (wasCurrent && t.kind === 30023) await removeArticle(ctx, t.pubkey, identifierOf(t));
    if (wasCurrent && t.kind >= 10000) {
      await ctx.trx
        .deleteFrom('list_items')
        .where('pubkey', '=', t.pubkey)
        .where('kind', '=', t.kind)
        .where('identifier', '=', identifierOf(t))
        .execute();
    }
  }
  for (const c of coords) {
    ctx.buf.upsert(
      'deleted_addresses',
      { kind: c.kind, pubkey: c.pubkey, identifier: c.identifier },
      { deleted_until: e.created_at, deletion_event_id: e.id },
    );
    const current = await ctx.trx
      .selectFrom('replaceable_events')
      .select(['event_id', 'created_at'])
      .where('pubkey', '=', c.pubkey)
      .where('kind', '=', c.kind)
      .where('identifier', '=', c.identifier)
      .executeTakeFirst();
    if (!current || current.created_at > e.created_at) continue;
    const [full] = await loadFullEvents(ctx, [current.event_id]);
    if (full) await removeDeletedEvent(ctx, full);
    await ctx.trx
      .deleteFrom('replaceable_events')
      .where('pubkey', '=', c.pubkey)
      .where('kind', '=', c.kind)
      .where('identifier', '=', c.identifier)
      .execute();
    if (c.kind === 30023) await removeArticle(ctx, c.pubkey, c.identifier);
    if (c.kind >= 10000) {
      await ctx.trx
        .deleteFrom('list_items')
        .where('pubkey', '=', c.pubkey)
        .where('kind', '=', c.kind)
        .where('identifier', '=', c.identifier)
        .execute();
    }
    ctx.addresses.delete(`${c.kind}:${c.pubkey}:${c.identifier}`);
  }
}
