import type { WebSocket } from 'ws';
import { DEFAULT_LIMITS, TokenBucket } from '../limits.ts';
import { MembershipRefusal } from './membership-auth.ts';
import type { MembershipAnswer } from './membership-kinds.ts';
import type { MembershipService } from './membership-service.ts';

/** How often a purchase monitor asks the operator's wallet whether its quote was paid (ms). */
export const MONITOR_POLL_MS = 1000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Serves one wallet-socket connection (`/wallet/v1`): `["REQ", subId, {cache: [command, payload]}]` answered with
 * EVENT frames and EOSE, refusals with NOTICE + EOSE; `membership_purchase_monitor` stays open until paid or CLOSE.
 */
export function serveWalletConnection(
  socket: WebSocket,
  service: MembershipService,
  pollMs = MONITOR_POLL_MS,
  limits: { messagesPerSecond: number; messageBurst: number; maxSubscriptions: number } = DEFAULT_LIMITS,
): void {
  const monitors = new Map<string, ReturnType<typeof setTimeout>>();
  const messages = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);
  const send = (frame: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const notice = (subId: string, reason: string) => {
    send(['NOTICE', subId, reason]);
    send(['EOSE', subId]);
  };
  const events = (subId: string, answers: MembershipAnswer[]) => {
    for (const a of answers) send(['EVENT', subId, a]);
  };
  /** Monitors not CLOSEd (a timer in `monitors` only while waiting for the next poll). */
  const open = new Set<string>();
  const stop = (subId: string) => {
    clearTimeout(monitors.get(subId));
    monitors.delete(subId);
    open.delete(subId);
  };

  const monitor = (subId: string, quoteId: string, first: boolean) => {
    service.settle(quoteId).then(
      (paidAt) => {
        monitors.delete(subId);
        if (!open.has(subId)) return;
        if (paidAt !== null) {
          events(subId, [
            {
              kind: 10000603,
              content: JSON.stringify({ membership_quote_id: quoteId, completed_at: paidAt }),
              created_at: paidAt,
            },
          ]);
          if (first) send(['EOSE', subId]);
          open.delete(subId);
          return;
        }
        if (first) send(['EOSE', subId]);
        monitors.set(
          subId,
          setTimeout(() => monitor(subId, quoteId, false), pollMs),
        );
      },
      (err: unknown) => {
        monitors.delete(subId);
        if (!open.has(subId)) return;
        // the wallet did not answer this time: ask again at the next poll
        if (!(err instanceof MembershipRefusal) && !first) {
          monitors.set(
            subId,
            setTimeout(() => monitor(subId, quoteId, false), pollMs),
          );
          return;
        }
        open.delete(subId);
        notice(subId, err instanceof MembershipRefusal ? err.message : 'error: could not check the payment');
      },
    );
  };

  socket.on('message', (data) => {
    let msg: unknown;
    try {
      msg = JSON.parse(String(data));
    } catch {
      send(['NOTICE', '', 'invalid: message is not JSON']);
      return;
    }
    if (!Array.isArray(msg) || typeof msg[1] !== 'string') {
      send(['NOTICE', '', 'invalid: expected ["REQ", subId, filter] or ["CLOSE", subId]']);
      return;
    }
    const [type, subId, filter] = msg as [unknown, string, unknown];
    if (type === 'CLOSE') {
      stop(subId);
      return;
    }
    if (!messages.take()) {
      notice(subId, 'rate-limited: slow down');
      return;
    }
    if (type !== 'REQ' || !isObject(filter) || !Array.isArray(filter.cache) || typeof filter.cache[0] !== 'string') {
      notice(subId, 'invalid: expected a cache filter [command, payload]');
      return;
    }
    const command = filter.cache[0] as string;
    const payload = isObject(filter.cache[1]) ? filter.cache[1] : {};
    stop(subId);
    if (command === 'membership_purchase_monitor') {
      if (open.size >= limits.maxSubscriptions) notice(subId, 'rate-limited: too many open monitors');
      else if (typeof payload.membership_quote_id !== 'string') {
        notice(subId, 'invalid: membership_quote_id is required');
      } else {
        open.add(subId);
        monitor(subId, payload.membership_quote_id, true);
      }
      return;
    }
    service.run(command, payload).then(
      (answers) => {
        if (answers === undefined) return notice(subId, 'unknown api request');
        events(subId, answers);
        send(['EOSE', subId]);
      },
      (err: unknown) => {
        notice(subId, err instanceof MembershipRefusal ? err.message : 'error: membership request failed');
      },
    );
  });
  socket.once('close', () => {
    for (const id of [...open]) stop(id);
  });
}
