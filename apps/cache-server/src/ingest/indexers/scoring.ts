import { publishStoreChanges } from '../../read-cache/change-feed.ts';
import type { Store } from '../../store/open-store.ts';
import { firstAction, type IngestContext, isTrusted } from '../context.ts';

/** Action weights of the score (semantics §1.6). */
export const SCORE_WEIGHTS = { like: 1, repost: 7, quote: 7, zap: 5 } as const;

/** Seconds an increment stays in score24h. */
export const SCORE24H_WINDOW = 86_400;

/** Score increment for an action weight: floor(1e10 · weight / 91). */
export function scoreIncrement(weight: number): number {
  return Math.floor((1e10 * weight) / 91);
}

/** Reply weight by length: ≤ 20 chars → 1, ≤ 100 → 5, else 10. */
export function replyWeight(content: string): number {
  const n = [...content].length;
  return n <= 20 ? 1 : n <= 100 ? 5 : 10;
}

/**
 * Adds the score of an action to `target` when it is the actor's first action of that kind there and the actor is
 * trusted; also to score24h (with an expiry row) while the action is younger than 24 h.
 */
export function scoreAction(
  ctx: IngestContext,
  target: string,
  actor: string,
  kind: number,
  weight: number,
  actionTime: number,
): void {
  if (!firstAction(ctx, target, actor, kind) || !isTrusted(ctx, actor)) return;
  const inc = scoreIncrement(weight);
  const expireAt = actionTime + SCORE24H_WINDOW;
  const recent = expireAt > ctx.now;
  ctx.buf.add('event_stats', { event_id: target }, { score: inc, score24h: recent ? inc : 0 });
  if (recent) ctx.buf.insert('score_expiry', { event_id: target, amount: inc, expire_at: expireAt });
}

/** Records who did what to a target (event_actions command) and counts the action on the actor's flags. */
export function recordAction(
  ctx: IngestContext,
  target: string,
  actor: { id: string; pubkey: string; kind: number; created_at: number },
  flag: 'liked' | 'replied' | 'reposted' | 'zapped' | null,
): void {
  ctx.buf.insert('event_pubkey_action_refs', {
    event_id: target,
    ref_event_id: actor.id,
    ref_pubkey: actor.pubkey,
    ref_created_at: actor.created_at,
    ref_kind: actor.kind,
  });
  if (flag) {
    ctx.buf.upsert(
      'event_pubkey_actions',
      { event_id: target, pubkey: actor.pubkey },
      {
        [flag]: 1,
        created_at: actor.created_at,
        updated_at: ctx.now,
      },
    );
  }
}

/** Subtracts expired score24h increments (through the store's single writer); returns how many expired. */
export async function expireScores(store: Store, now: number): Promise<number> {
  const changed: string[] = [];
  try {
    return await expireScoreRows(store, now, changed);
  } finally {
    if (changed.length > 0) publishStoreChanges(store, { events: changed, pubkeys: [], media: false, all: false });
  }
}

async function expireScoreRows(store: Store, now: number, changed: string[]): Promise<number> {
  return store.write(async (trx) => {
    const rows = await trx
      .selectFrom('score_expiry')
      .select(['id', 'event_id', 'amount'])
      .where('expire_at', '<=', now)
      .limit(10_000)
      .execute();
    if (rows.length === 0) return 0;
    const perEvent = new Map<string, number>();
    for (const r of rows) perEvent.set(r.event_id, (perEvent.get(r.event_id) ?? 0) + r.amount);
    for (const [eventId, amount] of perEvent) {
      changed.push(eventId);
      await trx
        .updateTable('event_stats')
        .set((eb) => ({
          score24h: eb
            .case()
            .when('score24h', '<', amount)
            .then(0)
            .else(eb('score24h', '-', amount))
            .end(),
        }))
        .where('event_id', '=', eventId)
        .execute();
    }
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await trx
        .deleteFrom('score_expiry')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    return rows.length;
  });
}

/** Seconds between automatic score24h expiry runs triggered by ingest. */
export const EXPIRY_INTERVAL = 60;
const lastExpiry = new WeakMap<Store, number>();

/** Runs expireScores (and drops notification hooks older than HOOK_TTL) when the last run for this store is at least EXPIRY_INTERVAL seconds old. */
export async function maybeExpireScores(store: Store, now: number): Promise<void> {
  const last = lastExpiry.get(store);
  if (last !== undefined && now - last < EXPIRY_INTERVAL) return;
  lastExpiry.set(store, now);
  await expireScores(store, now);
  await store.write((trx) =>
    trx
      .deleteFrom('event_hooks')
      .where('created_at', '<', now - HOOK_TTL)
      .execute(),
  );
}

/** Seconds a notification hook waits for its target before it is dropped. */
export const HOOK_TTL = 7 * 86_400;
