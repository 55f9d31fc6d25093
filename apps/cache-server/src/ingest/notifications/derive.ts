import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext, NotificationCandidate } from '../context.ts';
import { isHex64, noteReferences, parseCoordinate } from '../event-refs.ts';
import { quotedTargets, REPLY_KINDS, replyTarget } from '../indexers/interactions.ts';
import { parseZapReceipt } from '../indexers/zaps.ts';

/** Notification candidates of one event, plus the ids of targets not stored yet (kept as hooks). */
export interface Derived {
  candidates: NotificationCandidate[];
  missingTargets: string[];
}

type Args = Record<string, string | number>;

/** Interaction type → offset of its 101–104 / 201–204 variants (zapped 1, liked 2, reposted 3, replied 4). */
const SECOND_ORDER: Record<number, number> = { 3: 1, 4: 2, 5: 3, 6: 4 };
const ACTOR_KEY: Record<number, string> = {
  1: 'who_zapped_it',
  2: 'who_liked_it',
  3: 'who_reposted_it',
  4: 'who_replied_to_it',
};

/**
 * Types 101–104 (a post you were mentioned in got an interaction) and 201–204 (a post that quotes your post got an
 * interaction), with the field names of protocol reference §2.1 (the client reads these; semantics §5.1 spells 201–204 differently).
 */
function secondOrder(
  ctx: IngestContext,
  source: NostrEvent,
  targetId: string,
  k: number,
  actor: string,
  firstArgs: Args,
): NotificationCandidate[] {
  const target = ctx.known.get(targetId);
  if (!target?.mentions) return [];
  const extra: Args = {};
  if (typeof firstArgs.satszapped === 'number') extra.satszapped = firstArgs.satszapped;
  if (typeof firstArgs.reply === 'string') extra.reply = firstArgs.reply;
  const mentionTags = target.tags.filter((t) => t[0] === 'p').length;
  const out: NotificationCandidate[] = [];
  const base = { created_at: source.created_at, actor, source, pubkeyArgs: [actor] };
  for (const pk of target.mentions.pubkeys) {
    if (pk === target.pubkey) continue;
    out.push({
      ...base,
      recipient: pk,
      type: 100 + k,
      targetEventId: targetId,
      args: { post_you_were_mentioned_in: targetId, [ACTOR_KEY[k]]: actor, ...extra },
      mentionTags,
    });
  }
  for (const quoted of target.mentions.ids) {
    const q = ctx.known.get(quoted);
    if (!q || q.pubkey === target.pubkey) continue;
    out.push({
      ...base,
      recipient: q.pubkey,
      type: 200 + k,
      targetEventId: quoted,
      args: { your_post_were_mentioned_in: targetId, your_post: quoted, [ACTOR_KEY[k]]: actor, ...extra },
    });
  }
  return out;
}

/**
 * Derives the notifications an event causes (semantics §5.1: types 3–8, 101–104, 201–204, 301). Contact-list (1) and
 * bookmark (302) notifications come from their list indexers, which know the previous version.
 */
export function deriveNotifications(ctx: IngestContext, e: NostrEvent): Derived {
  const out: Derived = { candidates: [], missingTargets: [] };
  const onTarget = (targetId: string, type: number, actor: string, args: (author: string) => Args) => {
    if (!targetId) return;
    const target = ctx.known.get(targetId);
    if (!target) {
      out.missingTargets.push(targetId);
      return;
    }
    const k = SECOND_ORDER[type];
    if (k) out.candidates.push(...secondOrder(ctx, e, targetId, k, actor, args(target.pubkey)));
    out.candidates.push({
      recipient: target.pubkey,
      type,
      created_at: e.created_at,
      actor,
      targetEventId: targetId,
      source: e,
      args: args(target.pubkey),
      pubkeyArgs: [actor],
    });
  };

  if (e.kind === 7) {
    const last = e.tags.filter((t) => t[0] === 'e' && isHex64(t[1])).pop();
    if (last) {
      onTarget(last[1], 4, e.pubkey, () => ({ your_post: last[1], who_liked_it: e.pubkey, reaction: e.content }));
    }
  } else if (e.kind === 6) {
    const first = e.tags.find((t) => t[0] === 'e' && isHex64(t[1]));
    if (first) onTarget(first[1], 5, e.pubkey, () => ({ your_post: first[1], who_reposted_it: e.pubkey }));
  } else if (e.kind === 9735) {
    const zap = parseZapReceipt(e);
    const targetId = zap?.targetEventId || (zap?.targetAddress ? (ctx.addresses.get(zap.targetAddress)?.id ?? '') : '');
    if (zap && targetId) {
      onTarget(targetId, 3, zap.sender, () => ({
        your_post: targetId,
        who_zapped_it: zap.sender,
        satszapped: zap.amountSats,
        message: zap.message,
      }));
    }
  } else if (e.kind === 9802) {
    for (const t of e.tags) {
      const id =
        t[0] === 'e' && isHex64(t[1])
          ? t[1]
          : t[0] === 'a' && typeof t[1] === 'string' && parseCoordinate(t[1])
            ? (ctx.addresses.get(t[1])?.id ?? '')
            : '';
      onTarget(id, 301, e.pubkey, () => ({ your_post: id, who_highlighted_it: e.pubkey, highlight: e.id }));
    }
  }

  if (REPLY_KINDS.has(e.kind)) {
    const parent = replyTarget(ctx, e);
    if (parent?.parentId) {
      onTarget(parent.parentId, 6, e.pubkey, () => ({
        your_post: parent.parentId,
        who_replied_to_it: e.pubkey,
        reply: e.id,
      }));
    }
    for (const id of quotedTargets(ctx, e)) {
      onTarget(id, 8, e.pubkey, () => ({
        your_post: id,
        your_post_were_mentioned_in: e.id,
        your_post_was_mentioned_by: e.pubkey,
      }));
    }
    for (const pk of noteReferences(e).mentionedPubkeys) {
      out.candidates.push({
        recipient: pk,
        type: 7,
        created_at: e.created_at,
        actor: e.pubkey,
        targetEventId: e.id,
        source: e,
        args: { you_were_mentioned_in: e.id, you_were_mentioned_by: e.pubkey },
        pubkeyArgs: [e.pubkey],
      });
    }
  }
  return out;
}
