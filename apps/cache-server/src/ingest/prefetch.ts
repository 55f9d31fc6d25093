import type { NostrEvent, Tag } from '@tide/core/nostr';
import type { IngestContext, KnownEvent } from './context.ts';
import { isHex64, noteReferences, parseCoordinate } from './event-refs.ts';
import { parseZapReceipt } from './indexers/zaps.ts';
import { lookups } from './pg-in-lists.ts';

/** Rows per `IN (...)` list. */
export const IN_CHUNK = 500;

/** Runs a query per chunk of `items` (for `IN` lists) and concatenates the rows. */
export async function inChunks<T, R>(items: T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(...(await run(items.slice(i, i + IN_CHUNK))));
  return out;
}

function parseTags(text: string): Tag[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as Tag[]) : [];
  } catch {
    return [];
  }
}

/** Loads stored events by id into `ctx.known` (skipping ids already known). */
export async function loadKnown(ctx: IngestContext, ids: Iterable<string>): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => !ctx.known.has(id));
  const rows = await inChunks(wanted, (part) =>
    lookups(ctx)
      .selectFrom('events')
      .select(['id', 'pubkey', 'kind', 'created_at', 'identifier', 'tags'])
      .where('id', 'in', part)
      .execute(),
  );
  for (const r of rows) ctx.known.set(r.id, { ...r, tags: parseTags(r.tags) });
}

/** Loads the current versions of addresses (`kind:pubkey:identifier`) into `ctx.addresses` and `ctx.known`. */
export async function loadAddresses(ctx: IngestContext, coords: Iterable<string>): Promise<void> {
  const parsed = [...new Set(coords)]
    .filter((c) => !ctx.addresses.has(c))
    .map((c) => ({ c, p: parseCoordinate(c) }))
    .filter((x): x is { c: string; p: NonNullable<ReturnType<typeof parseCoordinate>> } => x.p !== null);
  if (parsed.length === 0) return;
  const pubkeys = [...new Set(parsed.map((x) => x.p.pubkey))];
  const kinds = [...new Set(parsed.map((x) => x.p.kind))];
  const rows = await inChunks(pubkeys, (part) =>
    lookups(ctx)
      .selectFrom('replaceable_events')
      .select(['pubkey', 'kind', 'identifier', 'event_id'])
      .where('pubkey', 'in', part)
      .where('kind', 'in', kinds)
      .execute(),
  );
  const wanted = new Set(parsed.map((x) => x.c));
  const ids: string[] = [];
  const byId = new Map<string, string>();
  for (const r of rows) {
    const c = `${r.kind}:${r.pubkey}:${r.identifier}`;
    if (!wanted.has(c)) continue;
    ids.push(r.event_id);
    byId.set(r.event_id, c);
  }
  await loadKnown(ctx, ids);
  for (const [id, c] of byId) {
    const known = ctx.known.get(id);
    if (known) ctx.addresses.set(c, known);
  }
}

/** Kinds whose content mentions count for notifications 7, 8, 101–104 and 201–204. */
const MENTIONING_KINDS = new Set([1, 20, 1068, 6969, 1111]);

/** Fills `mentions` of known events from their stored event_mentions rows. */
async function loadMentions(ctx: IngestContext, ids: string[]): Promise<void> {
  const rows = await inChunks(ids, (part) =>
    lookups(ctx)
      .selectFrom('event_mentions')
      .select(['event_id', 'tag', 'target'])
      .where('event_id', 'in', part)
      .where('tag', 'in', ['p', 'e'])
      .execute(),
  );
  for (const r of rows) {
    const k = ctx.known.get(r.event_id);
    if (!k) continue;
    k.mentions ??= { pubkeys: [], ids: [] };
    (r.tag === 'p' ? k.mentions.pubkeys : k.mentions.ids).push(r.target);
  }
}

/** Ids and addresses an event refers to (for prefetching targets). */
function referencesOf(e: NostrEvent, ids: Set<string>, coords: Set<string>): void {
  for (const t of e.tags) {
    if ((t[0] === 'e' || t[0] === 'q') && isHex64(t[1])) ids.add(t[1]);
    else if ((t[0] === 'a' || t[0] === 'q') && typeof t[1] === 'string' && parseCoordinate(t[1])) coords.add(t[1]);
  }
  if (e.kind === 1 || e.kind === 20 || e.kind === 1111) {
    const refs = noteReferences(e);
    for (const id of refs.quotedIds) ids.add(id);
    for (const a of refs.quotedAddresses) coords.add(a);
  }
}

/**
 * Fills the context before indexing a batch: referenced events and addresses, pubkeys already seen, spam-flagged
 * pubkeys, and the actions already recorded on the referenced targets (for first-action scoring).
 */
export async function prefetchBatch(ctx: IngestContext, events: Array<{ e: NostrEvent; known: KnownEvent }>) {
  const ids = new Set<string>();
  const coords = new Set<string>();
  const pubkeys = new Set<string>();
  for (const { e } of events) {
    referencesOf(e, ids, coords);
    pubkeys.add(e.pubkey);
    const zap = e.kind === 9735 ? parseZapReceipt(e) : null;
    if (zap) pubkeys.add(zap.sender);
  }
  await loadAddresses(ctx, coords);
  await loadKnown(ctx, ids);
  await loadMentions(ctx, [...ctx.known.keys()]);
  for (const { e, known } of events) {
    if (MENTIONING_KINDS.has(e.kind)) {
      const refs = noteReferences(e);
      known.mentions = { pubkeys: refs.mentionedPubkeys, ids: refs.quotedIds };
    }
    ctx.known.set(known.id, known);
  }
  const quoted = new Set<string>();
  for (const k of ctx.known.values()) for (const id of k.mentions?.ids ?? []) quoted.add(id);
  await loadKnown(ctx, quoted);
  const authorList = [...pubkeys];
  const seen = await inChunks(authorList, (part) =>
    lookups(ctx).selectFrom('user_stats').select(['pubkey', 'time_joined']).where('pubkey', 'in', part).execute(),
  );
  for (const r of seen) {
    ctx.seenPubkeys.add(r.pubkey);
    ctx.joinedBefore.set(r.pubkey, r.time_joined);
  }
  const spam = await inChunks(authorList, (part) =>
    lookups(ctx)
      .selectFrom('filter_list')
      .select('target')
      .where('grp', '=', 'spam')
      .where('blocked', '=', 1)
      .where('target', 'in', part)
      .execute(),
  );
  for (const r of spam) ctx.spamPubkeys.add(r.target);
  // Actions already recorded for exactly the (target, actor) pairs this batch can score.
  const pairs = new Map<string, [string, string]>();
  for (const { e } of events) {
    const targets = new Set<string>();
    const targetCoords = new Set<string>();
    referencesOf(e, targets, targetCoords);
    for (const c of targetCoords) {
      const id = ctx.addresses.get(c)?.id;
      if (id) targets.add(id);
    }
    const actor = e.kind === 9735 ? (parseZapReceipt(e)?.sender ?? e.pubkey) : e.pubkey;
    for (const t of targets) pairs.set(`${t}|${actor}`, [t, actor]);
  }
  const refs = await inChunks([...pairs.values()], (part) =>
    lookups(ctx)
      .selectFrom('event_pubkey_action_refs')
      .select(['event_id', 'ref_pubkey', 'ref_kind'])
      .where((eb) =>
        eb(
          eb.refTuple('event_id', 'ref_pubkey'),
          'in',
          part.map(([t, a]) => eb.tuple(t, a)),
        ),
      )
      .execute(),
  );
  for (const r of refs) ctx.actionKeys.add(`${r.event_id}|${r.ref_pubkey}|${r.ref_kind}`);
}
