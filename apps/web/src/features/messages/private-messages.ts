import { dmRelaysOf, GIFT_WRAP_KIND, unwrapGiftWrap } from '@tide/core/nip17';
import type { NostrEvent } from '@tide/core/nostr';
import { RelayPool } from '@tide/core/relay';
import type { Signer } from '@tide/core/signers';
import { createStore } from 'zustand/vanilla';
import { type DmMessage, mergeMessages, messageOfRumor } from './dm-message.ts';

/** NIP-17 messages read from the user's DM relays, by conversation partner. */
export const privateMessages = createStore<{ pubkey: string | null; byContact: Record<string, DmMessage[]> }>(() => ({
  pubkey: null,
  byContact: {},
}));

// DM relays get their own pool: it answers AUTH only when a relay asks for it on a read (auth-required), never on
// connect, and nothing else (the app's fallback pool) authenticates.
let pool: RelayPool | null = null;
const dmPool = () => {
  pool ??= new RelayPool({ timing: { eoseTimeoutMs: 5000 } });
  return pool;
};

/** Adds an (own, just sent) private message to its conversation. */
export function addPrivateMessage(me: string, message: DmMessage): void {
  const contact = message.from === me ? message.to : message.from;
  privateMessages.setState((s) => ({
    byContact: { ...s.byContact, [contact]: mergeMessages(s.byContact[contact] ?? [], [message]) },
  }));
}

/** Opens one gift wrap for `me` into the store; wraps that cannot be opened are skipped (not ours or malformed). */
export async function receiveGiftWrap(wrap: NostrEvent, me: string, signer: Signer): Promise<DmMessage | null> {
  try {
    const message = messageOfRumor(await unwrapGiftWrap(wrap, signer));
    if (message.from !== me && message.to !== me) return null;
    addPrivateMessage(me, message);
    return message;
  } catch {
    return null;
  }
}

/** The DM relays (kind 10050) of `pubkey`, newest list from the caching service and the relays; [] when none. */
export async function loadDmRelays(pubkey: string): Promise<string[]> {
  const { fetchLatestReplaceable } = await import('../publish/index.ts');
  return dmRelaysOf(await fetchLatestReplaceable(10050, pubkey).catch(() => null));
}

/**
 * Reads `me`'s gift wraps (kind 1059 p-tagged `me`) from their DM relays, live, answering NIP-42 AUTH with `signer`
 * when a relay requires it for the read (once per connection). Returns the function that stops.
 */
export function watchPrivateMessages(me: string, relays: readonly string[], signer: Signer): () => void {
  if (privateMessages.getState().pubkey !== me) privateMessages.setState({ pubkey: me, byContact: {} });
  let stopped = false;
  const closers: Array<() => void> = [];
  const auth = (template: Parameters<Signer['signEvent']>[0]) => signer.signEvent(template);
  const start = async (url: string, authed: boolean, attempt: number): Promise<void> => {
    if (stopped) return;
    try {
      const relay = await dmPool().ensure(url);
      if (stopped) return;
      const sub = relay.subscribe([{ kinds: [GIFT_WRAP_KIND], '#p': [me] }], {
        onevent: (event) => void receiveGiftWrap(event, me, signer),
        onclose: (reason) => {
          if (stopped) return;
          if (reason.startsWith('auth-required:') && !authed) {
            relay.auth(auth).then(
              () => start(url, true, attempt),
              () => undefined,
            );
          } else if (attempt < 5) {
            setTimeout(() => void start(url, false, attempt + 1), 2000 * (attempt + 1));
          }
        },
      });
      closers.push(() => sub.close());
    } catch {
      if (attempt < 5) setTimeout(() => void start(url, false, attempt + 1), 2000 * (attempt + 1));
    }
  };
  for (const url of relays) void start(url, false, 0);
  return () => {
    stopped = true;
    for (const close of closers) close();
  };
}
