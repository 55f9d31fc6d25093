import { bolt11AmountToSats } from '@tide/core/lightning';
import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { isHex64, parseCoordinate } from '../event-refs.ts';
import { bumpCounters } from './interactions.ts';
import { recordAction, SCORE_WEIGHTS, scoreAction } from './scoring.ts';

/** Zaps above this many sats are treated as 0 and ignored (semantics §1.4). */
export const MAX_ZAP_SATS = 1_100_000;

/** What a zap receipt says: who paid whom how much for what. */
export interface ParsedZap {
  sender: string;
  receiver: string;
  amountSats: number;
  /** Zapped event id, '' for a profile or address-only zap. */
  targetEventId: string;
  /** Zapped coordinate, ''. */
  targetAddress: string;
  /** The zap request's content. */
  message: string;
}

/** Whole sats of a bolt11 invoice from its human-readable part; 0 when absent, unparsable or above the cap. */
export function bolt11Sats(invoice: string): number {
  const text = invoice
    .trim()
    .toLowerCase()
    .replace(/^lightning:/, '');
  const hrp = text.slice(0, text.lastIndexOf('1'));
  const m = /^ln(?:bcrt|tbs|bc|tb)(\d+[munp]?)$/.exec(hrp);
  if (!m) return 0;
  try {
    const sats = Math.floor(bolt11AmountToSats(m[1]));
    return sats > MAX_ZAP_SATS ? 0 : sats;
  } catch {
    return 0;
  }
}

/** Parses a kind-9735 receipt; null unless it has a positive amount, a zap request description and a recipient. */
export function parseZapReceipt(e: Pick<NostrEvent, 'kind' | 'tags'>): ParsedZap | null {
  if (e.kind !== 9735) return null;
  const tag = (name: string) => e.tags.find((t) => t[0] === name && typeof t[1] === 'string')?.[1];
  const receiver = tag('p');
  const bolt11 = tag('bolt11');
  const description = tag('description');
  if (!isHex64(receiver) || !bolt11 || !description) return null;
  const amountSats = bolt11Sats(bolt11);
  if (amountSats <= 0) return null;
  let request: { pubkey?: unknown; content?: unknown };
  try {
    const parsed = JSON.parse(description) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    request = parsed as { pubkey?: unknown; content?: unknown };
  } catch {
    return null;
  }
  const upper = tag('P');
  const sender = isHex64(request.pubkey) ? request.pubkey : isHex64(upper) ? upper : null;
  if (!sender) return null;
  const eTag = tag('e');
  const aTag = tag('a');
  return {
    sender,
    receiver,
    amountSats,
    targetEventId: isHex64(eTag) ? eTag : '',
    targetAddress: aTag && parseCoordinate(aTag) ? aTag : '',
    message: typeof request.content === 'string' ? request.content : '',
  };
}

/** Kind 9735: receipt row, target counters, sender's `zapped` action and score, receiver's and sender's totals. */
export function indexZap(ctx: IngestContext, e: NostrEvent): void {
  const zap = parseZapReceipt(e);
  if (!zap) return;
  const targetId = zap.targetEventId || (zap.targetAddress ? (ctx.addresses.get(zap.targetAddress)?.id ?? '') : '');
  ctx.buf.insert('zap_receipts', {
    receipt_id: e.id,
    created_at: e.created_at,
    sender: zap.sender,
    receiver: zap.receiver,
    amount_sats: zap.amountSats,
    target_event_id: targetId,
    target_address: zap.targetAddress,
    message: zap.message.slice(0, 2000),
  });
  ctx.buf.add('net_stats', { key: 'zaps' }, { value: 1 });
  ctx.buf.add('net_stats', { key: 'satszapped' }, { value: zap.amountSats });
  ctx.buf.add(
    'user_stats',
    { pubkey: zap.receiver },
    { total_zap_count: 1, total_satszapped: zap.amountSats },
    { first_seen_at: ctx.now },
  );
  ctx.buf.add('user_stats', { pubkey: zap.sender }, { content_zap_count: 1 }, { first_seen_at: ctx.now });
  if (!targetId) return;
  bumpCounters(ctx, targetId, { zaps: 1, satszapped: zap.amountSats });
  const actor = { id: e.id, pubkey: zap.sender, kind: 9735, created_at: e.created_at };
  recordAction(ctx, targetId, actor, 'zapped');
  scoreAction(ctx, targetId, zap.sender, 9735, SCORE_WEIGHTS.zap, e.created_at);
}
