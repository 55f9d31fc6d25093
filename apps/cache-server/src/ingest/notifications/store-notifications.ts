import { type IngestContext, isTrusted, type NotificationCandidate } from '../context.ts';
import { inChunks } from '../prefetch.ts';
import { isFollowGated, type NotificationPrefs, notificationPrefs } from './settings.ts';

/** Posts with more `p` tags than this are "hellthreads" for mention notifications. */
export const HELLTHREAD_P_TAGS = 10;

interface Mutes {
  pubkeys: Set<string>;
  threads: Set<string>;
  hashtags: Set<string>;
  words: string[];
}

async function loadMutes(ctx: IngestContext, recipients: string[]): Promise<Map<string, Mutes>> {
  const out = new Map<string, Mutes>();
  const rows = await inChunks(recipients, (part) =>
    ctx.trx
      .selectFrom('list_items')
      .select(['pubkey', 'tag', 'value'])
      .where('kind', '=', 10000)
      .where('pubkey', 'in', part)
      .execute(),
  );
  for (const r of rows) {
    let m = out.get(r.pubkey);
    if (!m) {
      m = { pubkeys: new Set(), threads: new Set(), hashtags: new Set(), words: [] };
      out.set(r.pubkey, m);
    }
    if (r.tag === 'p') m.pubkeys.add(r.value);
    else if (r.tag === 'e') m.threads.add(r.value);
    else if (r.tag === 't') m.hashtags.add(r.value.toLowerCase());
    else if (r.tag === 'word' && r.value.trim()) m.words.push(r.value.toLowerCase());
  }
  return out;
}

function isMuted(c: NotificationCandidate, m: Mutes | undefined): boolean {
  if (!m) return false;
  if (c.pubkeyArgs.some((p) => m.pubkeys.has(p))) return true;
  for (const t of c.source.tags) {
    if (t[0] === 'e' && m.threads.has(t[1])) return true;
    if (t[0] === 't' && typeof t[1] === 'string' && m.hashtags.has(t[1].toLowerCase())) return true;
  }
  if (m.threads.has(c.targetEventId) || m.threads.has(c.source.id)) return true;
  const text = c.source.content.toLowerCase();
  return m.words.some((w) => text.includes(w));
}

/**
 * Gates candidates per semantics §5.2 (missing app settings count as defaults, all on; no self-notifications, spam, hellthreads,
 * recipient's mute list, "only from follows", per-type toggles) and stores the survivors with their unread counters
 * (counted only when every pubkey argument is trusted).
 */
export async function storeNotifications(ctx: IngestContext, candidates: NotificationCandidate[]): Promise<number> {
  const usable = candidates.filter(
    (c) => c.type !== 2 && !c.pubkeyArgs.includes(c.recipient) && !ctx.spamPubkeys.has(c.actor),
  );
  if (usable.length === 0) return 0;
  const recipients = [...new Set(usable.map((c) => c.recipient))];
  const settingsRows = await inChunks(recipients, (part) =>
    ctx.trx.selectFrom('app_settings').select(['pubkey', 'content']).where('pubkey', 'in', part).execute(),
  );
  const prefs = new Map<string, NotificationPrefs>();
  for (const r of settingsRows) prefs.set(r.pubkey, notificationPrefs(r.content));
  // Spec: notification settings default to all types on, so a recipient without a stored settings row gets defaults.
  const defaults = notificationPrefs('{}');
  for (const pk of recipients) if (!prefs.has(pk)) prefs.set(pk, defaults);
  const eligible = usable;
  const mutes = await loadMutes(ctx, [...new Set(eligible.map((c) => c.recipient))]);

  const needFollow = eligible.filter((c) => prefs.get(c.recipient)?.onlyFromFollows && isFollowGated(c.type));
  const follows = new Set<string>();
  if (needFollow.length > 0) {
    const rows = await inChunks([...new Set(needFollow.map((c) => c.recipient))], (part) =>
      ctx.trx
        .selectFrom('pubkey_followers')
        .select(['pubkey', 'follower_pubkey'])
        .where('follower_pubkey', 'in', part)
        .where('pubkey', 'in', [...new Set(needFollow.map((c) => c.actor))])
        .execute(),
    );
    for (const r of rows) follows.add(`${r.follower_pubkey}|${r.pubkey}`);
  }

  let stored = 0;
  for (const c of eligible) {
    const p = prefs.get(c.recipient) as NotificationPrefs;
    if (!p.isEnabled(c.type)) continue;
    if (p.ignoreTooManyMentions && (c.type === 7 || (c.type >= 101 && c.type <= 104))) {
      const pTags = c.mentionTags ?? c.source.tags.filter((t) => t[0] === 'p').length;
      if (pTags > HELLTHREAD_P_TAGS) continue;
    }
    if (isMuted(c, mutes.get(c.recipient))) continue;
    if (p.onlyFromFollows && isFollowGated(c.type) && !follows.has(`${c.recipient}|${c.actor}`)) continue;
    ctx.buf.insert('notifications', {
      pubkey: c.recipient,
      created_at: c.created_at,
      type: c.type,
      actor_pubkey: c.actor,
      target_event_id: c.targetEventId,
      source_event_id: c.source.id,
      args: JSON.stringify(c.args),
    });
    if (c.pubkeyArgs.every((pk) => isTrusted(ctx, pk))) {
      ctx.buf.add('notification_counts', { pubkey: c.recipient, type: c.type }, { cnt: 1 });
    }
    stored++;
  }
  return stored;
}
