import { isAddressableKind, isReplaceableKind, type NostrEvent } from '@tide/core/nostr';
import type { Transaction } from 'kysely';
import type { ChangeRecorder } from '../read-cache/change-set.ts';
import type { StoreDialect } from '../store/create-db.ts';
import type { Database } from '../store/schema.ts';
import type { IngestContext, IngestOptions, IngestResult, KnownEvent } from './context.ts';
import { coordinateOf } from './event-refs.ts';
import { indexContent, indexEventRow, indexPost } from './indexers/base.ts';
import { indexContacts } from './indexers/contacts.ts';
import { indexDeletion } from './indexers/deletions.ts';
import { applyLatestDms, indexDirectMessage, type LatestDms } from './indexers/direct-messages.ts';
import { indexQuotes, indexReaction, indexReply, indexRepost } from './indexers/interactions.ts';
import { indexList } from './indexers/lists.ts';
import { indexMediaMetadata } from './indexers/media-metadata.ts';
import { indexProfile } from './indexers/profiles.ts';
import { indexArticle } from './indexers/reads.ts';
import { indexRelayList, noteKnownRelay } from './indexers/relays.ts';
import { loadFullEvents, removeEventRows } from './indexers/remove.ts';
import { indexZap } from './indexers/zaps.ts';
import { deriveNotifications } from './notifications/derive.ts';
import { storeNotifications } from './notifications/store-notifications.ts';
import { inChunks, prefetchBatch } from './prefetch.ts';
import { WriteBuffer } from './write-buffer.ts';

/** An event that passed the checks outside the database, with its position in the input. */
export interface Accepted {
  index: number;
  e: NostrEvent;
  identifier: string;
  known: KnownEvent;
}

const ok = (id: string): IngestResult => ({ id, ok: true, reason: '', stored: true });
const rejected = (id: string, good: boolean, reason: string): IngestResult => ({ id, ok: good, reason, stored: false });

function isVersioned(kind: number): boolean {
  return isReplaceableKind(kind) || isAddressableKind(kind);
}

/** NIP-01 order of versions: newer created_at wins, ties go to the lower id. */
function isNewer(a: { created_at: number; id: string }, b: { created_at: number; event_id?: string; id?: string }) {
  const bid = b.event_id ?? b.id ?? '';
  return a.created_at > b.created_at || (a.created_at === b.created_at && a.id < bid);
}

/**
 * Database-side checks (already stored, deleted by its author, blocked author, older version, deleted address),
 * then the indexers over the survivors. Returns the result per input index of every event of the batch. What the
 * batch changes for the read cache is noted in `changes` (the caller publishes it once the transaction is over).
 */
export async function runBatch(
  trx: Transaction<Database>,
  dialect: StoreDialect,
  batch: Accepted[],
  opts: IngestOptions,
  now: number,
  changes?: ChangeRecorder,
): Promise<Map<number, IngestResult>> {
  const out = new Map<number, IngestResult>();
  const ids = batch.map((a) => a.e.id);
  const authors = [...new Set(batch.map((a) => a.e.pubkey))];
  const existing = new Set(
    (await inChunks(ids, (part) => trx.selectFrom('events').select('id').where('id', 'in', part).execute())).map(
      (r) => r.id,
    ),
  );
  const deleted = new Set(
    (
      await inChunks(ids, (part) =>
        trx.selectFrom('deleted_events').select(['event_id', 'pubkey']).where('event_id', 'in', part).execute(),
      )
    ).map((r) => `${r.event_id}|${r.pubkey}`),
  );
  const blocked = new Map(
    (
      await inChunks(authors, (part) =>
        trx.selectFrom('blocked_pubkeys').select(['pubkey', 'reason']).where('pubkey', 'in', part).execute(),
      )
    ).map((r) => [r.pubkey, r.reason]),
  );
  const versioned = batch.filter((a) => isVersioned(a.e.kind));
  const current = new Map<string, { event_id: string; created_at: number }>();
  const deletedUntil = new Map<string, number>();
  if (versioned.length > 0) {
    const vAuthors = [...new Set(versioned.map((a) => a.e.pubkey))];
    const kinds = [...new Set(versioned.map((a) => a.e.kind))];
    const rows = await inChunks(vAuthors, (part) =>
      trx.selectFrom('replaceable_events').selectAll().where('pubkey', 'in', part).where('kind', 'in', kinds).execute(),
    );
    for (const r of rows) current.set(coordinateOf(r.kind, r.pubkey, r.identifier), r);
    const dels = await inChunks(vAuthors, (part) =>
      trx.selectFrom('deleted_addresses').selectAll().where('pubkey', 'in', part).where('kind', 'in', kinds).execute(),
    );
    for (const r of dels) deletedUntil.set(coordinateOf(r.kind, r.pubkey, r.identifier), r.deleted_until);
  }
  // Newest version per coordinate within the batch.
  const newestInBatch = new Map<string, Accepted>();
  for (const a of versioned) {
    const c = coordinateOf(a.e.kind, a.e.pubkey, a.identifier);
    const prev = newestInBatch.get(c);
    if (!prev || isNewer(a.e, prev.e)) newestInBatch.set(c, a);
  }

  const survivors: Array<Accepted & { previous?: string; coord?: string }> = [];
  for (const a of batch) {
    const { e } = a;
    if (existing.has(e.id)) {
      out.set(a.index, rejected(e.id, true, 'duplicate: already have this event'));
      continue;
    }
    if (deleted.has(`${e.id}|${e.pubkey}`)) {
      out.set(a.index, rejected(e.id, false, 'blocked: this event was deleted by its author'));
      continue;
    }
    if (blocked.has(e.pubkey)) {
      out.set(a.index, rejected(e.id, false, `blocked: ${blocked.get(e.pubkey) || 'this author is blocked'}`));
      continue;
    }
    if (!isVersioned(e.kind)) {
      survivors.push(a);
      continue;
    }
    const coord = coordinateOf(e.kind, e.pubkey, a.identifier);
    const until = deletedUntil.get(coord);
    if (until !== undefined && e.created_at <= until) {
      out.set(a.index, rejected(e.id, false, 'blocked: this address was deleted by its author'));
      continue;
    }
    const cur = current.get(coord);
    if (newestInBatch.get(coord) !== a || (cur && !isNewer(e, cur))) {
      out.set(a.index, rejected(e.id, true, 'duplicate: have a newer version of this event'));
      continue;
    }
    survivors.push({ ...a, previous: cur?.event_id, coord });
  }

  const buf = new WriteBuffer(changes);
  const ctx: IngestContext = {
    trx,
    dialect,
    now,
    source: opts.source ?? 'relay',
    relayUrl: opts.relayUrl ?? '',
    buf,
    known: new Map(),
    addresses: new Map(),
    seenPubkeys: new Set(),
    spamPubkeys: new Set(),
    actionKeys: new Set(),
    joined: new Map(),
    joinedBefore: new Map(),
    notifications: [],
    storedIds: new Set(survivors.map((s) => s.e.id)),
    flush: () => buf.flush(trx),
  };
  await prefetchBatch(ctx, survivors);
  for (const s of survivors) if (s.coord) ctx.addresses.set(s.coord, s.known);

  const latestDms: LatestDms = new Map();
  const replaced: string[] = [];
  for (const s of survivors) {
    await indexOne(ctx, s, latestDms, replaced);
    out.set(s.index, ok(s.e.id));
  }
  await removeEventRows(ctx, replaced);
  await replayHooks(ctx);
  await ctx.flush();
  await storeNotifications(ctx, ctx.notifications);
  if (ctx.relayUrl) noteKnownRelay(ctx);
  await ctx.flush();
  await applyJoined(ctx);
  await applyLatestDms(ctx, latestDms);
  return out;
}

async function indexOne(
  ctx: IngestContext,
  s: Accepted & { previous?: string; coord?: string },
  latestDms: LatestDms,
  replaced: string[],
): Promise<void> {
  const { e, identifier } = s;
  ctx.buf.changes.accepted(e);
  indexEventRow(ctx, e, identifier);
  if (s.coord) {
    ctx.buf.upsert(
      'replaceable_events',
      { pubkey: e.pubkey, kind: e.kind, identifier },
      { event_id: e.id, created_at: e.created_at },
    );
    if (s.previous) replaced.push(s.previous);
  }
  indexPost(ctx, e);
  indexContent(ctx, e);
  indexMediaMetadata(ctx, e);
  indexReaction(ctx, e);
  indexRepost(ctx, e);
  indexReply(ctx, e);
  indexQuotes(ctx, e);
  indexZap(ctx, e);

  indexDirectMessage(ctx, e, latestDms);
  await indexProfile(ctx, e, !s.previous);
  await indexContacts(ctx, e);
  await indexRelayList(ctx, e);
  await indexList(ctx, e, identifier);
  await indexArticle(ctx, e, identifier, !s.previous);
  await indexDeletion(ctx, e);
  const derived = deriveNotifications(ctx, e);
  ctx.notifications.push(...derived.candidates);
  for (const target of derived.missingTargets) {
    ctx.buf.insert('event_hooks', { target_id: target, source_event_id: e.id, created_at: ctx.now });
  }
}

/** Notifications waiting for events of this batch: derived again now that their targets are known. */
async function replayHooks(ctx: IngestContext): Promise<void> {
  const ids = [...ctx.storedIds];
  const hooks = await inChunks(ids, (part) =>
    ctx.trx.selectFrom('event_hooks').select(['target_id', 'source_event_id']).where('target_id', 'in', part).execute(),
  );
  if (hooks.length === 0) return;
  const sources = await loadFullEvents(ctx, [...new Set(hooks.map((h) => h.source_event_id))]);
  const targets = new Set(hooks.map((h) => h.target_id));
  for (const src of sources) {
    for (const c of deriveNotifications(ctx, src).candidates) {
      if (targets.has(c.targetEventId)) ctx.notifications.push(c);
    }
  }
  await inChunks([...targets], async (part) => {
    await ctx.trx.deleteFrom('event_hooks').where('target_id', 'in', part).execute();
    return [];
  });
}

/** user_stats.time_joined = earliest post time, lowered where this batch brought an earlier post. */
async function applyJoined(ctx: IngestContext): Promise<void> {
  for (const [pubkey, at] of ctx.joined) {
    const before = ctx.joinedBefore.get(pubkey);
    if (before !== undefined && before !== null && before <= at) continue;
    ctx.buf.changes.row('user_stats', { pubkey }, { time_joined: at });
    await ctx.trx
      .updateTable('user_stats')
      .set({ time_joined: at })
      .where('pubkey', '=', pubkey)
      .where((eb) => eb.or([eb('time_joined', 'is', null), eb('time_joined', '>', at)]))
      .execute();
  }
}
